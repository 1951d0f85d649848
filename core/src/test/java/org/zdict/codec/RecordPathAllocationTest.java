package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.TopLevelJson;
import org.zdict.internal.ZstdJniFeatures;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The record path allocates nothing: compressing and decompressing into the caller's arrays, four
 * versions in turn (as a codec shared by several subjects sees them), for both payload kinds, with
 * versions below 128 and above (a 2-byte prefix), checksums on and off. Decoding a direct buffer into a
 * new array allocates that array only. Measured with the thread's allocation counter, which counts what
 * the code allocates whether or not the JIT has compiled it yet.
 */
class RecordPathAllocationTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2100, 9);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 2000), 32 << 10, 3);
    private static final int CALLS = 2_000;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @ParameterizedTest(name = "{0}, versions from {1}, checksum {2}")
    @CsvSource({
        "zstd, 1, true",
        "zstd, 200, true",
        "zstd, 200, false",
        "lz4, 1, true",
        "lz4, 200, true",
        "lz4, 1, false"
    })
    void compressesAndDecompressesFourVersionsInTurnWithoutAllocating(String kind, int firstVersion, boolean checksum) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        Map<String, String> metadata = kind.equals("lz4") ? Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4") : Map.of();
        for (int v = 1; v < firstVersion + 4; v++) {
            registry.publish(DICTIONARY, 3, metadata);
        }
        try (ZdictCodec codec = ZdictCodec.builder(registry).checksum(checksum).build()) {
            byte[][] payloads = new byte[100][];
            for (int i = 0; i < payloads.length; i++) {
                payloads[i] = codec.compress(firstVersion + i % 4, EVENTS.get(2000 + i));
                assertEquals(kind.equals("lz4") ? 0xD0 : 0xD1, payloads[i][0] & 0xFF);
            }
            byte[] out = new byte[ZdictCodec.maxCompressedLength(64 << 10)];
            IntUnaryOperator compress = i -> {
                byte[] event = EVENTS.get(2000 + i % 100);
                return codec.compress(firstVersion + i % 4, event, 0, event.length, out, 0);
            };
            IntUnaryOperator decompress = i -> {
                byte[] payload = payloads[i % 100];
                return codec.decompress(payload, 0, payload.length, out, 0);
            };
            assertEquals(0, allocatedPerCall(compress), "bytes allocated per compression");
            assertEquals(0, allocatedPerCall(decompress), "bytes allocated per decompression");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"field:type", "shape"})
    void routesThroughADictionarySetWithoutAllocating(String rule) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        for (int v = 1; v <= 4; v++) {
            registry.publish(DICTIONARY, 3, Map.of());
        }
        Map<String, Integer> members = new java.util.HashMap<>();
        for (int i = 0; i < 3; i++) {
            byte[] event = EVENTS.get(2000 + i);
            String kind = rule.equals("shape")
                    ? DictionarySet.shapeKind(TopLevelJson.shape(event, 0, event.length))
                    : List.of("page_view", "click", "purchase").get(i);
            members.put(kind, 2 + i);
        }
        registry.activateSet(new DictionarySet(DictionarySet.Rule.parse(rule), 1, members));
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] out = new byte[ZdictCodec.maxCompressedLength(64 << 10)];
            IntUnaryOperator compress = i -> {
                byte[] event = EVENTS.get(2000 + i % 100);
                return codec.compress(event, 0, event.length, out, 0);
            };
            java.util.Set<Integer> used = new java.util.TreeSet<>();
            for (int i = 0; i < 100; i++) {
                used.add(PayloadPrefix.read(out, 0, compress.applyAsInt(i)).version());
            }
            if (rule.equals("shape")) {
                assertTrue(used.stream().anyMatch(v -> v > 1), "a member wrote some of 100 events: " + used);
            } else {
                assertEquals(java.util.Set.of(1, 2, 3, 4), used, "versions the set routed 100 events to");
            }
            assertEquals(0, allocatedPerCall(compress), "bytes allocated per routed compression");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"zstd", "lz4"})
    void decodesADirectBufferAllocatingOnlyTheResult(String kind) {
        assumeTrue(ZstdJniFeatures.DECOMPRESSES_DIRECT_TO_ARRAY, "zstd-jni before 1.5.7-2 decodes a copy");
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        Map<String, String> metadata = kind.equals("lz4") ? Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4") : Map.of();
        for (int v = 1; v <= 200; v++) {
            registry.publish(DICTIONARY, 3, metadata);
        }
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] event = EVENTS.get(2050);
            byte[] payload = codec.compress(200, event);
            ByteBuffer direct =
                    ByteBuffer.allocateDirect(payload.length).put(payload).flip();
            assertArrayEquals(event, codec.decompress(direct));
            long resultBytes = (16 + event.length + 7) & ~7L;
            long perCall = allocatedPerCall(i -> codec.decompress(direct).length);
            assertEquals(resultBytes, perCall, "bytes allocated per call: the " + event.length + "-byte result only");
        }
    }

    /** Bytes allocated per call of {@code call}, after as many calls to warm it up. */
    private static long allocatedPerCall(IntUnaryOperator call) {
        long sink = 0;
        for (int i = 0; i < CALLS; i++) {
            sink += call.applyAsInt(i);
        }
        long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < CALLS; i++) {
            sink += call.applyAsInt(i);
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertEquals(true, sink > 0);
        return allocated / CALLS;
    }
}
