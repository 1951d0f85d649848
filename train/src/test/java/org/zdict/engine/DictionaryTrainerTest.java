package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.zdict.ZdictException;
import org.zdict.testing.TestTrainer;

class DictionaryTrainerTest {

    /** Core's tests train with a copy of this trainer (core holds no training code): it must agree. */
    @Test
    void coresTestTrainerGivesTheSameDictionary() {
        List<byte[]> samples = events(2_000, 0, 1);
        assertArrayEquals(DictionaryTrainer.train(samples, 16 << 10, 3), TestTrainer.train(samples, 16 << 10, 3));
        assertArrayEquals(DictionaryTrainer.train(samples, 16 << 10, 19), TestTrainer.train(samples, 16 << 10, 19));
    }

    @Test
    void theSameSamplesGiveTheSameDictionary() {
        List<byte[]> samples = events(2_000, 0, 1);
        assertArrayEquals(DictionaryTrainer.train(samples, 16 << 10, 3), DictionaryTrainer.train(samples, 16 << 10, 3));
    }

    /**
     * The fallback on zstd-jni before 1.5.6-6 (the overload without a level) trains for level 3: the same
     * dictionary as the overload with a level gives at level 3; another level gives another.
     */
    @Test
    void theOverloadWithoutALevelTrainsForTheDefaultLevel() {
        byte[][] samples = events(2_000, 0, 6).toArray(new byte[0][]);
        byte[] withoutLevel = trained(samples, null);
        assertArrayEquals(withoutLevel, trained(samples, 3));
        assertFalse(Arrays.equals(withoutLevel, trained(samples, 19)));
    }

    private static byte[] trained(byte[][] samples, Integer level) {
        byte[] buffer = new byte[16 << 10];
        long written = level == null
                ? Zstd.trainFromBuffer(samples, buffer, false)
                : Zstd.trainFromBuffer(samples, buffer, false, level);
        return Arrays.copyOf(buffer, (int) written);
    }

    /**
     * Events in stream order where a new kind of event only appears in the last fifth (a schema
     * change, a new service): the dictionary must learn it too, not only what came first.
     */
    @Test
    void theNewestSamplesShapeTheDictionaryToo() {
        List<byte[]> samples = new ArrayList<>(events(1_600, 0, 2));
        samples.addAll(events(400, 1, 3));
        byte[] dictionary = DictionaryTrainer.train(samples, 16 << 10, 3);

        double oldKind = ratio(dictionary, events(200, 0, 4));
        double newKind = ratio(dictionary, events(200, 1, 5));
        assertTrue(
                newKind > 0.75 * oldKind,
                "events of the kind seen last compress at " + newKind + "x against " + oldKind
                        + "x for the kind seen first");
    }

    @Test
    void refusesTooFewSamplesAndTooSmallSizes() {
        assertThrows(ZdictException.class, () -> DictionaryTrainer.train(events(3, 0, 6), 16 << 10, 3));
        assertThrows(IllegalArgumentException.class, () -> DictionaryTrainer.train(events(100, 0, 7), 100, 3));
    }

    private static double ratio(byte[] dictionary, List<byte[]> events) {
        long raw = 0;
        long compressed = 0;
        try (ZstdDictCompress digested = new ZstdDictCompress(dictionary, 3);
                ZstdCompressCtx context = new ZstdCompressCtx().loadDict(digested)) {
            for (byte[] event : events) {
                raw += event.length;
                compressed += context.compress(event).length;
            }
        }
        return (double) raw / compressed;
    }

    /** Kind 0 and kind 1 share no field names or values. */
    private static List<byte[]> events(int count, int kind, long seed) {
        Random random = new Random(seed);
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String event = kind == 0
                    ? String.format(
                            "{\"page\":\"Article_%d\",\"editor\":\"user%d\",\"namespace\":\"Main\",\"minor\":%b,"
                                    + "\"added\":%d,\"deleted\":%d,\"comment\":\"revert vandalism on section %d\"}",
                            random.nextInt(500),
                            random.nextInt(90),
                            random.nextBoolean(),
                            random.nextInt(4000),
                            random.nextInt(300),
                            random.nextInt(40))
                    : String.format(
                            "{\"_path\":\"dns\",\"ts\":%d.%06d,\"uid\":\"C%08x\",\"id.orig_h\":\"10.0.%d.%d\","
                                    + "\"query\":\"host%d.example.internal\",\"qtype_name\":\"AAAA\",\"rcode_name\":\"NOERROR\"}",
                            1_521_900_000 + random.nextInt(100_000),
                            random.nextInt(1_000_000),
                            random.nextInt(),
                            random.nextInt(256),
                            random.nextInt(256),
                            random.nextInt(700));
            events.add(event.getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }
}
