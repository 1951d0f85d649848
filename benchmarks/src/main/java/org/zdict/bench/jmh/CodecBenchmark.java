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
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.engine.codec.BlockCodec;

/**
 * Compression and decompression of held-out event batches, one batch per operation, cycling through
 * every batch of the split. Dictionaries are trained in setup on the split's training events only.
 * Read {@code rawBytes} (bytes/s) for MB/s and {@code rawBytes / compressedBytes} for the ratio.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CodecBenchmark {
    /** {@code wikiticker} (fetched through Maven) or the name of a file in shared/data without .jsonl. */
    @Param({"wikiticker"})
    public String dataset;

    @Param({
        "none",
        "lz4",
        "lz4hc",
        "snappy",
        "gzip",
        "zstd-1",
        "zstd-3",
        "zstd-9",
        "zstd-19",
        "jnidict-64k-3",
        "jnidict-trained",
        "zdict-trained",
        "zdictlz4-trained",
        "zdict-16k-3",
        "zdict-32k-3",
        "zdict-64k-1",
        "zdict-64k-3",
        "zdict-64k-9",
        "zdict-64k-19",
        "zdict-112k-3"
    })
    public String codec;

    /** Events per batch (joined with '\n'), as a small-batch producer would send them. */
    @Param({"1", "4", "16", "64"})
    public int batch;

    private BlockCodec instance;
    private byte[][] batches;
    private byte[][] compressed;
    private int[] compressedLengths;
    private byte[] output;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        EventSplit split = EventSplit.load(dataset);
        instance = Codecs.create(codec, spec -> DictionaryCache.dictionary(split, spec));
        batches = split.batches(batch);
        compressed = new byte[batches.length][];
        compressedLengths = new int[batches.length];
        int largest = 0;
        for (byte[] b : batches) {
            largest = Math.max(largest, b.length);
        }
        output = new byte[Math.max(instance.maxCompressedLength(largest), largest)];
        byte[] check = new byte[largest];
        for (int i = 0; i < batches.length; i++) {
            int n = instance.compress(batches[i], 0, batches[i].length, output);
            compressed[i] = java.util.Arrays.copyOf(output, n);
            compressedLengths[i] = n;
            int restored = instance.decompress(compressed[i], 0, n, check, batches[i].length);
            if (restored != batches[i].length
                    || !java.util.Arrays.equals(check, 0, restored, batches[i], 0, batches[i].length)) {
                throw new IllegalStateException(codec + " does not round-trip batch " + i + " of " + dataset);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        instance.close();
    }

    @Benchmark
    public int compress(ByteCounters counters, CpuCounters cpu) {
        byte[] src = batches[next];
        next = next + 1 == batches.length ? 0 : next + 1;
        int n = instance.compress(src, 0, src.length, output);
        counters.rawBytes += src.length;
        counters.compressedBytes += n;
        cpu.bytes += src.length;
        return n;
    }

    @Benchmark
    public int decompress(ByteCounters counters, CpuCounters cpu) {
        int i = next;
        next = next + 1 == batches.length ? 0 : next + 1;
        int n = instance.decompress(compressed[i], 0, compressedLengths[i], output, batches[i].length);
        counters.rawBytes += n;
        counters.compressedBytes += compressedLengths[i];
        cpu.bytes += n;
        return n;
    }
}
