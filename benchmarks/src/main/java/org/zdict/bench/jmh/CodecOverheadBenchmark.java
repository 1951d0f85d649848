package org.zdict.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ZdictCodec against a bare zstd-jni context holding the same digested dictionary, on single held-out
 * events ({@link SingleEvents}). The difference between {@code codec*} and {@code bare*} is what
 * ZdictCodec adds per call (pool, cache, prefix and header checks). Read {@code cpuNsPerOp} per
 * iteration; on a busy machine {@link CodecOverheadLoop} alternates the two in one JVM instead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CodecOverheadBenchmark {
    /** A file in shared/data without .jsonl, or {@code wikiticker}. */
    @Param({"wikipedia_edits"})
    public String dataset;

    /** {@code trained} (the trainer's choice) or {@code <KiB>k-<level>}. */
    @Param({"trained"})
    public String dictionary;

    private SingleEvents events;

    @Setup(Level.Trial)
    public void setUp() {
        events = new SingleEvents(dataset, dictionary);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        events.close();
    }

    @Benchmark
    public int bareDecompress(CpuTimePerOp cpu) {
        cpu.ops++;
        return events.bareDecompress();
    }

    @Benchmark
    public int codecDecompress(CpuTimePerOp cpu) {
        cpu.ops++;
        return events.codecDecompress();
    }

    /** As the Kafka deserializer decodes: from a slice of a heap buffer into a new array. */
    @Benchmark
    public byte[] codecDecompressBuffer(CpuTimePerOp cpu) {
        cpu.ops++;
        return events.codecDecompressBuffer();
    }

    @Benchmark
    public int bareCompress(CpuTimePerOp cpu) {
        cpu.ops++;
        return events.bareCompress();
    }

    @Benchmark
    public int codecCompress(CpuTimePerOp cpu) {
        cpu.ops++;
        return events.codecCompress();
    }
}
