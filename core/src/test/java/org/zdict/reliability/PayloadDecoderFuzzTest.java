package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.zdict.reliability.FuzzFixture.CHECKSUM_CODEC;
import static org.zdict.reliability.FuzzFixture.CODEC;
import static org.zdict.reliability.FuzzFixture.EVENTS;
import static org.zdict.reliability.FuzzFixture.LIMIT;
import static org.zdict.reliability.FuzzFixture.LZ4_VERSION;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.zdict.ZdictException;

/**
 * Fuzzes the payload decoder, both APIs, against a registry holding real dictionaries. Every input must
 * decode or fail with a {@link ZdictException} (or {@link IllegalArgumentException} when the caller's
 * destination is too small), never anything else, and never yield more than the limit. Without
 * JAZZER_FUZZ these tests only replay the corpus under
 * {@code src/test/resources/org/zdict/reliability/PayloadDecoderFuzzTestInputs/}.
 */
class PayloadDecoderFuzzTest {
    private static final byte CANARY = (byte) 0xA5;
    private static final byte[] SCRATCH = new byte[LIMIT + 64];

    @FuzzTest(maxDuration = "10m")
    void decompressArray(byte[] payload) {
        byte[] decoded;
        try {
            decoded = CODEC.decompress(payload);
        } catch (ZdictException e) {
            assertClearMessage(e);
            assertBufferApiAlsoRefuses(payload);
            return;
        }
        assertTrue(decoded.length <= LIMIT, "decoded " + decoded.length + " bytes, above the limit " + LIMIT);
        long declared = CODEC.decompressedLength(payload, 0, payload.length);
        if (declared >= 0) {
            assertEquals(declared, decoded.length, "decoded size differs from the declared size");
        }
        byte[] dst = new byte[decoded.length + 3];
        int written = CODEC.decompress(payload, 0, payload.length, dst, 3);
        assertEquals(decoded.length, written);
        assertArrayEquals(decoded, Arrays.copyOfRange(dst, 3, 3 + written));
        assertArrayEquals(decoded, CODEC.decompress(payload), "decoding is not deterministic");
    }

    @FuzzTest(maxDuration = "10m")
    void decompressIntoBuffer(FuzzedDataProvider data) {
        int dstOffset = data.consumeInt(0, 32);
        int room = data.consumeBoolean() ? data.consumeInt(0, 4096) : data.consumeInt(0, LIMIT + 16);
        byte[] payload = data.consumeRemainingAsBytes();
        Arrays.fill(SCRATCH, 0, dstOffset + room + 16, CANARY);
        byte[] dst = Arrays.copyOf(SCRATCH, dstOffset + room);
        int written;
        try {
            written = CODEC.decompress(payload, 0, payload.length, dst, dstOffset);
        } catch (ZdictException e) {
            assertClearMessage(e);
            assertCanaryIntact(dst, 0, dstOffset);
            if (room >= LIMIT) {
                assertArrayApiRefuses(payload);
            }
            return;
        } catch (IllegalArgumentException e) {
            assertClearMessage(e);
            assertTrue(e.getMessage().contains("room for " + room), e.getMessage());
            byte[] whole = decodeOrNull(payload);
            if (whole != null) {
                assertTrue(
                        whole.length > room,
                        "refused a destination with room for " + room + " bytes but the payload decodes to "
                                + whole.length);
            }
            return;
        }
        assertTrue(written >= 0 && written <= room && written <= LIMIT, "wrote " + written + " bytes");
        assertCanaryIntact(dst, 0, dstOffset);
        byte[] whole = CODEC.decompress(payload);
        assertArrayEquals(whole, Arrays.copyOfRange(dst, dstOffset, dstOffset + written));
    }

    /**
     * With zstd's content checksum on (as the CLI writes files), flipping one to three bits anywhere in
     * the zstd frame never decodes to different bytes: it either fails or still yields the original.
     */
    @FuzzTest(maxDuration = "10m")
    void checksummedFrameNeverDecodesToOtherBytes(FuzzedDataProvider data) {
        byte[] event = EVENTS.get(data.consumeInt(0, EVENTS.size() - 1));
        byte[] payload = data.consumeBoolean() ? CHECKSUM_CODEC.compress(event) : CHECKSUM_CODEC.compress(2, event);
        int frameStart = payload.length - frameLength(payload);
        int flips = data.consumeInt(1, 3);
        for (int i = 0; i < flips; i++) {
            int bit = data.consumeInt(frameStart * 8, payload.length * 8 - 1);
            payload[bit / 8] ^= (byte) (1 << (bit % 8));
        }
        byte[] decoded;
        try {
            decoded = CHECKSUM_CODEC.decompress(payload);
        } catch (ZdictException e) {
            assertClearMessage(e);
            return;
        }
        assertArrayEquals(event, decoded, "a corrupted frame decoded to different bytes without an error");
    }

    /**
     * An LZ4 payload ({@code 0xD0}), checked or not, with its bits flipped, bytes overwritten or its tail
     * cut anywhere, prefix and header included. Every result decodes or fails with a {@link
     * ZdictException}, never beyond the limit; through a codec that requires checksums, a checked
     * payload never decodes to other bytes than the event. 10^7 runs:
     *
     * <pre>
     * JAZZER_FUZZ=1 mvn -B -o -pl core surefire:test -Dtest='PayloadDecoderFuzzTest#lz4PayloadNeverDecodesToOtherBytes'
     * </pre>
     */
    @FuzzTest(maxDuration = "60m", maxExecutions = 10_000_000)
    void lz4PayloadNeverDecodesToOtherBytes(FuzzedDataProvider data) {
        byte[] event = EVENTS.get(data.consumeInt(0, EVENTS.size() - 1));
        boolean checked = data.consumeBoolean();
        byte[] payload = (checked ? CHECKSUM_CODEC : CODEC).compress(LZ4_VERSION, event);
        switch (data.consumeInt(0, 2)) {
            case 0 -> {
                int flips = data.consumeInt(1, 3);
                for (int i = 0; i < flips; i++) {
                    int bit = data.consumeInt(0, payload.length * 8 - 1);
                    payload[bit / 8] ^= (byte) (1 << (bit % 8));
                }
            }
            case 1 -> {
                int at = data.consumeInt(0, payload.length - 1);
                byte[] patch = data.consumeBytes(payload.length - at);
                System.arraycopy(patch, 0, payload, at, patch.length);
            }
            default -> payload = Arrays.copyOf(payload, data.consumeInt(0, payload.length));
        }
        byte[] lenient = decodeOrNull(payload);
        if (lenient != null) {
            assertTrue(lenient.length <= LIMIT, "decoded " + lenient.length + " bytes, above the limit " + LIMIT);
            assertArrayEquals(lenient, CODEC.decompress(payload), "decoding is not deterministic");
        }
        byte[] strict;
        try {
            strict = CHECKSUM_CODEC.decompress(payload);
        } catch (ZdictException e) {
            assertClearMessage(e);
            return;
        }
        if (checked) {
            assertArrayEquals(event, strict, "a corrupted checked LZ4 payload decoded to different bytes");
        }
    }

    private static int frameLength(byte[] payload) {
        int frameStart = payload[0] == (byte) 0xD1 ? 2 : 1;
        assertTrue(payload.length > frameStart && payload[frameStart] == 0x28, "expected a zstd frame");
        return payload.length - frameStart;
    }

    private static void assertBufferApiAlsoRefuses(byte[] payload) {
        try {
            int written = CODEC.decompress(payload, 0, payload.length, SCRATCH, 0);
            fail("the byte[] API refused the payload but the buffer API decoded " + written + " bytes");
        } catch (ZdictException e) {
            assertClearMessage(e);
        }
    }

    private static void assertArrayApiRefuses(byte[] payload) {
        byte[] whole = decodeOrNull(payload);
        if (whole != null) {
            fail("the buffer API refused the payload but the byte[] API decoded " + whole.length + " bytes");
        }
    }

    private static byte[] decodeOrNull(byte[] payload) {
        try {
            return CODEC.decompress(payload);
        } catch (ZdictException e) {
            return null;
        }
    }

    private static void assertCanaryIntact(byte[] dst, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals(CANARY, dst[i], "the decoder wrote before the destination offset, at " + i);
        }
    }

    private static void assertClearMessage(RuntimeException e) {
        String message = e.getMessage();
        assertFalse(message == null || message.isBlank(), "an error without a message: " + e);
    }
}
