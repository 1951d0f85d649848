package org.zdict.bench.jmh;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
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
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The codec's record path, one held-out event per call, for allocations ({@code -prof gc}, {@code
 * gc.alloc.rate.norm} B/op): compress into the caller's array, decompress into the caller's array, and
 * decompress a heap-buffer slice or a direct buffer into a new array (which must allocate that array and
 * nothing else). The events go round {@code versions} dictionary versions in turn, as a codec shared by
 * several subjects sees them, published for {@code kind} (zstd frames or LZ4 blocks), numbered from
 * {@code firstVersion} (versions of 128 and more take a 2-byte prefix). Checksums on (the codec's default).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public class RecordPathBenchmark {
    /** {@code wikiticker} (fetched through Maven) or the name of a file in shared/data without .jsonl. */
    @Param({"wikipedia_edits"})
    public String dataset;

    @Param({"zstd", "lz4"})
    public String kind;

    @Param({"1", "4"})
    public int versions;

    @Param({"1", "200"})
    public int firstVersion;

    private DictionaryRegistry registry;
    private ZdictCodec codec;
    private byte[][] events;
    private int[] eventVersions;
    private byte[][] payloads;
    private ByteBuffer[] heapSlices;
    private ByteBuffer[] directBuffers;
    private byte[] output;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        EventSplit split = EventSplit.load(dataset);
        TrainedDictionary trained = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-64k-3"));
        registry = DictionaryRegistries.inMemory();
        Map<String, String> metadata = new HashMap<>();
        if (kind.equals("lz4")) {
            metadata.put(DictionaryInfo.Codec.METADATA_KEY, "lz4");
        }
        for (int v = 1; v < firstVersion + versions; v++) {
            registry.publish(trained.content(), trained.level(), metadata);
        }
        codec = ZdictCodec.of(registry);
        events = split.batches(1);
        eventVersions = new int[events.length];
        payloads = new byte[events.length][];
        heapSlices = new ByteBuffer[events.length];
        directBuffers = new ByteBuffer[events.length];
        int largest = Arrays.stream(events).mapToInt(e -> e.length).max().orElse(0);
        output = new byte[ZdictCodec.maxCompressedLength(largest)];
        for (int i = 0; i < events.length; i++) {
            eventVersions[i] = firstVersion + i % versions;
            payloads[i] = codec.compress(eventVersions[i], events[i]);
            byte[] batch = new byte[payloads[i].length + 61];
            System.arraycopy(payloads[i], 0, batch, 61, payloads[i].length);
            heapSlices[i] = ByteBuffer.wrap(batch, 61, payloads[i].length).slice();
            directBuffers[i] = ByteBuffer.allocateDirect(payloads[i].length)
                    .put(payloads[i])
                    .flip();
            if (!Arrays.equals(codec.decompress(directBuffers[i]), events[i])
                    || (payloads[i][0] & 0xFF) != (kind.equals("lz4") ? 0xD0 : 0xD1)) {
                throw new IllegalStateException("Event " + i + " of " + dataset + " does not round-trip as " + kind);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        codec.close();
        registry.close();
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == events.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int compress() {
        int i = nextIndex();
        byte[] event = events[i];
        return codec.compress(eventVersions[i], event, 0, event.length, output, 0);
    }

    @Benchmark
    public int decompress() {
        byte[] payload = payloads[nextIndex()];
        return codec.decompress(payload, 0, payload.length, output, 0);
    }

    /** Allocates the decoded array (about 16 bytes plus the event, rounded up to 8): nothing else. */
    @Benchmark
    public byte[] decompressHeapSlice() {
        return codec.decompress(heapSlices[nextIndex()]);
    }

    /** Allocates the decoded array: nothing else. */
    @Benchmark
    public byte[] decompressDirect() {
        return codec.decompress(directBuffers[nextIndex()]);
    }
}
