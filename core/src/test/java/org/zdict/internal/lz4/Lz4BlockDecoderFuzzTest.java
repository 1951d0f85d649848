package org.zdict.internal.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the LZ4-dictionary block decoder against a byte-at-a-time reference decoder written from the
 * format's description. Every input must either decode to exactly the reference's bytes, or fail with a
 * {@link Lz4BlockException} (never another exception) where the reference fails too; no byte before the
 * destination offset or past the room may change. Without JAZZER_FUZZ this only replays the corpus under
 * {@code src/test/resources/org/zdict/internal/lz4/Lz4BlockDecoderFuzzTestInputs/} (the 412 inputs
 * the first run kept for coverage). Fuzzing stops after 10^7 executions (18 minutes at most, inside
 * surefire's 20-minute fork limit; the first run took 838 s). Run:
 *
 * <pre>
 * JAZZER_FUZZ=1 JAZZER_INSTRUMENTATION_INCLUDES='org.zdict.internal.lz4.**' \
 *   mvn -B -o -pl core surefire:test -Dtest='Lz4BlockDecoderFuzzTest#decodesOrRejects'
 * </pre>
 */
class Lz4BlockDecoderFuzzTest {
    private static final byte CANARY = (byte) 0xA5;
    private static final List<byte[]> EVENTS = Lz4BlockTest.events(40, 7);
    private static final byte[] EVENT_CONTENT = concat(EVENTS);
    private static final Lz4Dictionary[] DICTIONARIES = {
        Lz4Dictionary.empty(), Lz4Dictionary.of(Arrays.copyOf(EVENT_CONTENT, 37)), Lz4Dictionary.of(EVENT_CONTENT)
    };
    private static final int MAX_ROOM = 1 << 16;

    @FuzzTest(maxDuration = "18m", maxExecutions = 10_000_000)
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void decodesOrRejects(FuzzedDataProvider data) {
        Lz4Dictionary dictionary = DICTIONARIES[data.consumeInt(0, DICTIONARIES.length - 1)];
        int dstOffset = data.consumeInt(0, 16);
        int room = data.consumeBoolean() ? data.consumeInt(0, 64) : data.consumeInt(0, MAX_ROOM);
        boolean compressFirst = data.consumeInt(0, 7) == 0;
        byte[] block = data.consumeRemainingAsBytes();
        if (compressFirst) {
            // A valid block now and then, so the fuzzer starts from real sequences too.
            block = Lz4BlockTest.compress(Lz4BlockTest.compressor(dictionary, block.length % 3 * 8), block);
        }
        byte[] expected = new byte[room];
        int expectedLength = reference(dictionary.content(), block, expected);

        byte[] dst = new byte[dstOffset + room + 16];
        Arrays.fill(dst, CANARY);
        int written;
        try {
            written = Lz4BlockDecoder.decompress(dictionary, block, 0, block.length, dst, dstOffset, room);
        } catch (Lz4BlockException e) {
            assertTrue(expectedLength < 0, "rejected a block the reference decodes: " + e.getMessage());
            assertTrue(e.offset() >= 0 && e.offset() <= block.length, e.getMessage());
            assertCanaries(dst, dstOffset, room);
            return;
        }
        if (expectedLength < 0) {
            fail("decoded " + written + " bytes from a block the reference rejects");
        }
        assertEquals(expectedLength, written);
        assertArrayEquals(
                Arrays.copyOf(expected, expectedLength), Arrays.copyOfRange(dst, dstOffset, dstOffset + written));
        assertCanaries(dst, dstOffset, room);
    }

    private static void assertCanaries(byte[] dst, int dstOffset, int room) {
        for (int i = 0; i < dstOffset; i++) {
            assertEquals(CANARY, dst[i], "wrote before the destination offset, at " + i);
        }
        for (int i = dstOffset + room; i < dst.length; i++) {
            assertEquals(CANARY, dst[i], "wrote past the room, at " + i);
        }
    }

    /**
     * The format, one byte at a time over one virtual history (dictionary, then output): the decoded
     * length, or -1 for a block the decoder must reject.
     */
    static int reference(byte[] dictionary, byte[] block, byte[] out) {
        if (block.length == 0) {
            return -1;
        }
        int ip = 0;
        int op = 0;
        while (true) {
            int token = block[ip++] & 0xFF;
            long literals = token >>> 4;
            if (literals == 15) {
                int b;
                do {
                    if (ip >= block.length) {
                        return -1;
                    }
                    b = block[ip++] & 0xFF;
                    literals += b;
                } while (b == 255);
            }
            if (literals > block.length - ip || literals > out.length - op) {
                return -1;
            }
            for (int k = 0; k < literals; k++) {
                out[op++] = block[ip++];
            }
            if (ip == block.length) {
                return op;
            }
            if (block.length - ip < 2) {
                return -1;
            }
            int offset = (block[ip] & 0xFF) | (block[ip + 1] & 0xFF) << 8;
            ip += 2;
            if (offset == 0 || offset > op + dictionary.length) {
                return -1;
            }
            long length = token & 15;
            if (length == 15) {
                int b;
                do {
                    if (ip >= block.length) {
                        return -1;
                    }
                    b = block[ip++] & 0xFF;
                    length += b;
                } while (b == 255);
            }
            length += 4;
            if (length > out.length - op) {
                return -1;
            }
            for (int k = 0; k < length; k++) {
                int from = op - offset;
                out[op++] = from >= 0 ? out[from] : dictionary[dictionary.length + from];
            }
            if (ip == block.length) {
                return -1;
            }
        }
    }

    private static byte[] concat(List<byte[]> parts) {
        byte[] all = new byte[0];
        for (byte[] part : parts) {
            int at = all.length;
            all = Arrays.copyOf(all, at + part.length);
            System.arraycopy(part, 0, all, at, part.length);
        }
        return all;
    }
}
