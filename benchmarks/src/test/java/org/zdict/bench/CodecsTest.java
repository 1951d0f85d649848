package org.zdict.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.openjdk.jmh.annotations.Param;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.EventSplit;
import org.zdict.bench.jmh.CodecBenchmark;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.testing.SampleEvents;

class CodecsTest {
    static final List<String> LABELS = Codecs.ALL;

    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2_000, 7);
    private static final TrainedDictionary DICTIONARY =
            new TrainedDictionary(DictionaryTrainer.train(EVENTS.subList(0, 1_500), 16 * 1024, 3), 3);

    @ParameterizedTest
    @FieldSource("LABELS")
    void everyCodecRoundTripsEventsAndBatches(String label) {
        try (BlockCodec codec = Codecs.create(label, spec -> DICTIONARY)) {
            assertEquals(label, codec.name());
            List<byte[]> heldOut = EVENTS.subList(1_500, 2_000);
            for (int size : new int[] {1, 4, 64}) {
                for (byte[] batch : EventSplit.batches(heldOut, size)) {
                    assertRoundTrips(codec, batch);
                }
            }
            assertRoundTrips(codec, new byte[0]);
            assertRoundTrips(codec, new byte[] {42});
        }
    }

    @Test
    void dictionaryCodecsShrinkSmallEventsMoreThanLz4() {
        List<byte[]> heldOut = EVENTS.subList(1_500, 2_000);
        try (BlockCodec lz4 = Codecs.create("lz4", spec -> DICTIONARY);
                BlockCodec zdict = Codecs.create("zdict-16k-3", spec -> DICTIONARY)) {
            assertTrue(totalCompressed(zdict, heldOut) < totalCompressed(lz4, heldOut));
        }
    }

    @Test
    void gzipOutputIsRealGzip() throws IOException {
        byte[] event = EVENTS.get(0);
        try (BlockCodec gzip = Codecs.create("gzip", spec -> DICTIONARY)) {
            byte[] out = new byte[gzip.maxCompressedLength(event.length)];
            int n = gzip.compress(event, 0, event.length, out);
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(out, 0, n))) {
                assertArrayEquals(event, in.readAllBytes());
            }
        }
    }

    @Test
    void rejectsUnknownLabelNamingIt() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Codecs.create("brotli", spec -> DICTIONARY));
        assertTrue(e.getMessage().contains("'brotli'"), e.getMessage());
    }

    /** Annotations need constants, so the JMH list is written out twice; this keeps the copies equal. */
    @Test
    void theJmhCodecParameterListsExactlyTheKnownCodecs() throws NoSuchFieldException {
        Param param = CodecBenchmark.class.getField("codec").getAnnotation(Param.class);
        assertEquals(Codecs.ALL, List.of(param.value()));
    }

    @Test
    void labelsNameFixedOrTrainerChosenDictionaries() {
        assertEquals(new DictionarySpec(64 * 1024, 3), Codecs.dictionaryOf("zdict-64k-3"));
        assertEquals(new DictionarySpec(112 * 1024, -1), Codecs.dictionaryOf("jnidict-112k--1"));
        assertTrue(Codecs.dictionaryOf("zdict-trained").chosenByTrainer());
        assertTrue(Codecs.dictionaryOf("jnidict-trained").chosenByTrainer());
        assertEquals(null, Codecs.dictionaryOf("zstd-3"));
    }

    @Test
    void batchesJoinEventsWithNewlines() {
        byte[][] batches = EventSplit.batches(List.of(new byte[] {'a'}, new byte[] {'b'}, new byte[] {'c'}), 2);
        assertEquals(1, batches.length);
        assertArrayEquals(new byte[] {'a', '\n', 'b'}, batches[0]);
    }

    private static long totalCompressed(BlockCodec codec, List<byte[]> events) {
        long total = 0;
        for (byte[] event : events) {
            byte[] out = new byte[codec.maxCompressedLength(event.length)];
            total += codec.compress(event, 0, event.length, out);
        }
        return total;
    }

    private static void assertRoundTrips(BlockCodec codec, byte[] data) {
        byte[] out = new byte[Math.max(codec.maxCompressedLength(data.length), 1)];
        int n = codec.compress(data, 0, data.length, out);
        byte[] back = new byte[data.length + 16];
        int m = codec.decompress(Arrays.copyOf(out, n), 0, n, back, data.length);
        assertEquals(data.length, m, codec.name());
        assertArrayEquals(data, Arrays.copyOf(back, m), codec.name());
    }
}
