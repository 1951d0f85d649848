package org.zdict.bench.jmh;

import com.github.luben.zstd.Zstd;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.zdict.codec.ZdictCodec;

/**
 * The price of the steps ZdictCodec takes around each native call, one by one, to attribute the gap
 * between ZdictCodec and bare zstd-jni on single events (see docs/BENCHMARKS.md): the native bound
 * computation, an open-call counter (ZdictCodec no longer keeps one), a (version, level) map look-up and
 * a pool round trip; and one
 * step inside zstd-jni itself, the native {@code Zstd.isError} every context call makes on its result
 * (a second JNI crossing per call, besides the one that does the work).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CallOverheadBenchmark {
    private record Key(int version, int level) {}

    private final int length = 430;
    private final AtomicInteger calls = new AtomicInteger();
    private final Map<Key, Object> digested = new ConcurrentHashMap<>(Map.of(new Key(1, 3), new Object()));
    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>(java.util.List.of(new Object()));
    private final AtomicReference<Object> recent = new AtomicReference<>(new Object());
    private int version = 1;
    private int level = 3;
    private long result = 430;

    @Benchmark
    public long nativeCompressBound() {
        return Zstd.compressBound(length);
    }

    /** zstd-jni checks every context call's result with this native method: one JNI crossing. */
    @Benchmark
    public boolean nativeIsError() {
        return Zstd.isError(result);
    }

    @Benchmark
    public int zdictMaxCompressedLength() {
        return ZdictCodec.maxCompressedLength(length);
    }

    @Benchmark
    public int openCallCounter() {
        calls.incrementAndGet();
        return calls.decrementAndGet();
    }

    @Benchmark
    public Object recordKeyLookup() {
        return digested.get(new Key(version, level));
    }

    /** ZdictCodec's pool fast path: take the most recent context, put it back (two atomic operations). */
    @Benchmark
    public boolean poolFastPath() {
        return recent.compareAndSet(null, recent.getAndSet(null));
    }

    /** The pool's slow path, a concurrent queue (allocates a node per offer). */
    @Benchmark
    public boolean poolQueueRoundTrip() {
        return queue.offer(queue.poll());
    }
}
