package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Property: for any input, decompress(compress(x)) == x, and the payload is never longer than the
 * input plus the stored prefix. Inputs are drawn from a seeded generator (the repetition number is the
 * seed, printed on failure) mixing random bytes, repeats and mutated events.
 */
class RandomizedRoundTripTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2000, 5);
    private static ZdictCodec codec;

    @BeforeAll
    static void setUp() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(EVENTS, 8192, 3), 3, Map.of())
                .version());
        codec = ZdictCodec.of(registry);
    }

    @AfterAll
    static void tearDown() {
        codec.close();
    }

    @RepeatedTest(500)
    void roundTripsAnyInput(RepetitionInfo repetition) {
        long seed = repetition.getCurrentRepetition();
        byte[] input = generate(new Random(seed));
        byte[] payload = codec.compress(input);
        assertTrue(payload.length <= input.length + PayloadPrefix.stored().length(), "seed " + seed);
        assertArrayEquals(input, codec.decompress(payload), "seed " + seed);
        byte[] plain = new byte[ZdictCodec.maxCompressedLength(input.length)];
        int written = codec.compressWithoutDictionary(input, 0, input.length, plain, 0);
        byte[] out = new byte[input.length];
        codec.decompress(plain, 0, written, out, 0);
        assertArrayEquals(input, out, "seed " + seed);
    }

    private static byte[] generate(Random random) {
        switch (random.nextInt(4)) {
            case 0 -> {
                byte[] bytes = new byte[random.nextInt(3000)];
                random.nextBytes(bytes);
                return bytes;
            }
            case 1 -> {
                byte[] bytes = new byte[random.nextInt(5000)];
                byte value = (byte) random.nextInt();
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = random.nextInt(10) == 0 ? (byte) random.nextInt() : value;
                }
                return bytes;
            }
            case 2 -> {
                byte[] event = EVENTS.get(random.nextInt(EVENTS.size())).clone();
                for (int flips = random.nextInt(20); flips > 0; flips--) {
                    event[random.nextInt(event.length)] = (byte) random.nextInt();
                }
                return event;
            }
            default -> {
                int count = 1 + random.nextInt(4);
                java.io.ByteArrayOutputStream batch = new java.io.ByteArrayOutputStream();
                for (int i = 0; i < count; i++) {
                    batch.writeBytes(EVENTS.get(random.nextInt(EVENTS.size())));
                    batch.write('\n');
                }
                return batch.toByteArray();
            }
        }
    }
}
