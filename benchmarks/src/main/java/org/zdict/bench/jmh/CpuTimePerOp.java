package org.zdict.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Nanoseconds of the benchmark thread's own CPU time per operation ({@code cpuNsPerOp}), next to JMH's
 * wall-clock score: on a machine shared with other work, the wall clock runs on while the thread is
 * descheduled, its CPU time does not. JMH adds EVENTS counters up over iterations and forks, so read
 * the per-iteration values (the JSON's raw data), or divide the score by the count.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuTimePerOp {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Operations in this iteration (not reported itself). */
    long ops;

    private long cpuStart;
    private long threadId;

    @Setup(Level.Iteration)
    public void start() {
        ops = 0;
        threadId = Thread.currentThread().getId();
        cpuStart = THREADS.getThreadCpuTime(threadId);
    }

    /** Read at the iteration's end, possibly from another thread, so the thread is named by id. */
    public double cpuNsPerOp() {
        long cpu = THREADS.getThreadCpuTime(threadId) - cpuStart;
        return ops == 0 ? 0 : (double) cpu / ops;
    }
}
