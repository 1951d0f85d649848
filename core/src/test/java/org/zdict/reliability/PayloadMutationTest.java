package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;

/**
 * Damages real payloads the way storage and transport do (flipped bits, overwritten bytes, cuts,
 * splices of two payloads, rewritten size fields) and decodes them. With checksums on (the codec's
 * default) no damaged payload may decode into other bytes; with them off (Kafka record values, which
 * Kafka's CRC covers) some do, which is why the default is on. Seeded and bounded by count, so every run
 * checks the same mutations.
 */
class PayloadMutationTest {
    private static final int MUTATIONS = 40_000;

    /**
     * What the decoder did with the damaged payloads: refused them, decoded the original bytes, decoded
     * the bytes of the other payload of a splice (whose whole frame survived: a substitution, which no
     * checksum can see), or decoded into other bytes.
     */
    record Outcome(int refused, int sameBytes, int substituted, int otherBytes) {
        int total() {
            return refused + sameBytes + substituted + otherBytes;
        }
    }

    @Test
    @Timeout(120)
    void checksummedPayloadsNeverDecodeIntoOtherBytes() {
        try (ZdictCodec codec = ZdictCodec.builder(FuzzFixture.REGISTRY).build()) {
            Outcome outcome = mutateAndDecode(codec, 1);
            System.out.println("[mutation] checksums on:  " + outcome);
            assertEquals(MUTATIONS, outcome.total());
            assertEquals(0, outcome.otherBytes(), "a damaged checksummed payload decoded into other bytes");
            assertTrue(outcome.refused() > MUTATIONS * 9 / 10, "most damage must be refused: " + outcome);
        }
    }

    @Test
    @Timeout(120)
    void uncheckedPayloadsFailCleanlyWhenTheyFail() {
        try (ZdictCodec codec =
                ZdictCodec.builder(FuzzFixture.REGISTRY).checksum(false).build()) {
            Outcome outcome = mutateAndDecode(codec, 2);
            System.out.println("[mutation] checksums off: " + outcome);
            assertEquals(MUTATIONS, outcome.total());
            assertTrue(outcome.otherBytes() > 0, "without checksums some damage goes unnoticed: " + outcome);
        }
    }

    /** Every exception must be a {@link ZdictException}; anything else fails the test. */
    private static Outcome mutateAndDecode(ZdictCodec codec, long seed) {
        Random random = new Random(seed);
        List<byte[]> originals = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] event = FuzzFixture.EVENTS.get(i);
            originals.add(event);
            payloads.add(i % 3 == 2 ? codec.compress(2, event) : codec.compress(event));
        }
        int refused = 0;
        int same = 0;
        int substituted = 0;
        int other = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            int which = random.nextInt(payloads.size());
            int spliced = random.nextInt(payloads.size());
            byte[] damaged = mutate(payloads.get(which), payloads.get(spliced), random);
            byte[] decoded;
            try {
                decoded = codec.decompress(damaged);
            } catch (ZdictException e) {
                refused++;
                continue;
            }
            if (Arrays.equals(decoded, originals.get(which))) {
                same++;
            } else if (Arrays.equals(decoded, originals.get(spliced))) {
                substituted++;
            } else {
                other++;
            }
        }
        return new Outcome(refused, same, substituted, other);
    }

    private static byte[] mutate(byte[] payload, byte[] another, Random random) {
        byte[] copy = payload.clone();
        switch (random.nextInt(5)) {
            case 0 -> { // one flipped bit
                int bit = random.nextInt(copy.length * 8);
                copy[bit / 8] ^= (byte) (1 << (bit % 8));
            }
            case 1 -> { // a few overwritten bytes
                int count = 1 + random.nextInt(4);
                for (int k = 0; k < count; k++) {
                    copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
                }
            }
            case 2 -> { // cut short, or cut at the front
                int cut = random.nextInt(copy.length);
                copy = random.nextBoolean() ? Arrays.copyOf(copy, cut) : Arrays.copyOfRange(copy, cut, copy.length);
            }
            case 3 -> { // the head of one payload spliced onto the tail of another
                int head = random.nextInt(copy.length + 1);
                int tail = random.nextInt(another.length + 1);
                byte[] spliced = Arrays.copyOf(copy, head + another.length - tail);
                System.arraycopy(another, tail, spliced, head, another.length - tail);
                copy = spliced;
            }
            default -> { // the prefix and frame header (marker, version, descriptor, sizes) rewritten
                int position = random.nextInt(Math.min(copy.length, 12));
                copy[position] = (byte) random.nextInt(256);
            }
        }
        return copy;
    }
}
