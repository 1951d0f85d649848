package org.zdict.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Throughput per second of the benchmark thread's own CPU time ({@code mbPerCpuSecond}), next to
 * JMH's wall-clock figures. On a machine shared with other work, wall-clock rates fall whenever the
 * thread is descheduled; CPU-time rates do not, so they are the ones to compare across runs.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuCounters {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Uncompressed bytes processed in this iteration (not reported itself). */
    long bytes;

    private long cpuStart;
    private long threadId;

    @Setup(Level.Iteration)
    public void start() {
        bytes = 0;
        threadId = Thread.currentThread().getId();
        cpuStart = THREADS.getThreadCpuTime(threadId);
    }

    /**
     * MB (10^6 bytes) processed per second of the benchmark thread's CPU time, read at the iteration's
     * end (JMH may read it from another thread, so the benchmark thread is named by id).
     */
    public double mbPerCpuSecond() {
        long cpu = THREADS.getThreadCpuTime(threadId) - cpuStart;
        return cpu <= 0 ? 0 : bytes / 1e6 / (cpu / 1e9);
    }
}
