package org.zdict.internal.lz4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The LZ4 block codec with an external dictionary: fixed edge cases written by hand, round trips in
 * every search mode, and, without a dictionary, lz4-java as the reference in both directions (the C
 * library with a dictionary is cross-checked by run-lz4dict-compare.sh).
 */
class Lz4BlockTest {
    private static final byte CANARY = (byte) 0xA5;
    private static final Lz4Dictionary DIGITS = Lz4Dictionary.of(bytes("0123456789abcdef"));
    private static final List<byte[]> EVENTS = events(600, 42);
    private static final Lz4Dictionary EVENT_DICTIONARY = Lz4Dictionary.of(concat(EVENTS.subList(0, 200)));
    /** 0: fast; others: HC depths. */
    private static final int[] MODES = {0, 1, 4, 16, 64, 256};

    @Test
    void compressesEmptyInputToOneToken() {
        for (int mode : MODES) {
            byte[] block = compress(compressor(EVENT_DICTIONARY, mode), new byte[0]);
            assertArrayEquals(new byte[] {0}, block);
            assertEquals(0, Lz4BlockDecoder.decompress(EVENT_DICTIONARY, block, 0, 1, new byte[0], 0, 0));
        }
    }

    @Test
    void rejectsEmptyBlock() {
        Lz4BlockException e = assertThrows(Lz4BlockException.class, () -> decode(DIGITS, new byte[0], 10));
        assertEquals(Lz4BlockException.EMPTY_INPUT, e.phrase());
        assertEquals(0, e.offset());
    }

    @Test
    void roundTripsOneByte() {
        for (int mode : MODES) {
            byte[] block = compress(compressor(DIGITS, mode), new byte[] {'x'});
            assertArrayEquals(new byte[] {0x10, 'x'}, block);
            assertArrayEquals(new byte[] {'x'}, decode(DIGITS, block, 1));
        }
    }

    @Test
    void decodesLiteralOnlyBlock() {
        byte[] block = {0x30, 'a', 'b', 'c'};
        assertArrayEquals(bytes("abc"), decode(DIGITS, block, 3));
    }

    @Test
    void decodesLongLiteralRunWithLengthBytes() {
        byte[] literals = new byte[15 + 255 + 7];
        new Random(1).nextBytes(literals);
        byte[] block = new byte[1 + 2 + literals.length];
        block[0] = (byte) 0xF0;
        block[1] = (byte) 255;
        block[2] = 7;
        System.arraycopy(literals, 0, block, 3, literals.length);
        assertArrayEquals(literals, decode(DIGITS, block, literals.length));
    }

    @Test
    void decodesMatchIntoDictionary() {
        // no literals, match of 8 at offset 16 (the dictionary's first byte), then an empty literal run
        byte[] block = {0x04, 16, 0, 0x00};
        assertArrayEquals(bytes("01234567"), decode(DIGITS, block, 8));
    }

    @Test
    void decodesMatchRunningFromDictionaryEndIntoOutput() {
        // "XY", then a match of 8 at offset 4: dictionary's "ef", then the output's own bytes, repeated
        byte[] block = {0x24, 'X', 'Y', 4, 0, 0x00};
        assertArrayEquals(bytes("XYefXYefXY"), decode(DIGITS, block, 10));
    }

    @Test
    void decodesOverlappingMatchAsRepetition() {
        // "ab", match of 4 + 15 + 3 = 22 at offset 2 (overlapping), then "!"
        byte[] block = {0x2F, 'a', 'b', 2, 0, 3, 0x10, '!'};
        assertArrayEquals(bytes("ab".repeat(12) + "!"), decode(Lz4Dictionary.empty(), block, 25));
        // offset 1: run of one byte; offset 9: the 8-byte copy path with overlap
        byte[] run = {0x1F, 'z', 1, 0, 20, 0x00};
        assertArrayEquals(bytes("z".repeat(40)), decode(Lz4Dictionary.empty(), run, 40));
        byte[] nine = {(byte) 0x9F, '1', '2', '3', '4', '5', '6', '7', '8', '9', 9, 0, 8, 0x00};
        assertArrayEquals(bytes("123456789".repeat(4)), decode(Lz4Dictionary.empty(), nine, 36));
    }

    @Test
    void rejectsOffsetZero() {
        byte[] block = {0x10, 'a', 0, 0, 0x00};
        Lz4BlockException e = assertThrows(Lz4BlockException.class, () -> decode(DIGITS, block, 100));
        assertEquals(Lz4BlockException.OFFSET_ZERO, e.phrase());
        assertEquals(2, e.offset());
    }

    @Test
    void rejectsOffsetBeyondDictionary() {
        // one literal + 16 dictionary bytes reach back 17; 18 is one byte before the dictionary's start
        byte[] ok = {0x10, 'a', 17, 0, 0x00};
        assertArrayEquals(bytes("a0123"), decode(DIGITS, ok, 5));
        byte[] block = {0x10, 'a', 18, 0, 0x00};
        Lz4BlockException e = assertThrows(Lz4BlockException.class, () -> decode(DIGITS, block, 100));
        assertEquals(Lz4BlockException.OFFSET_BEFORE_DICTIONARY, e.phrase());
        assertEquals(2, e.offset());
        byte[] noDictionary = {0x10, 'a', 2, 0, 0x00};
        assertEquals(
                Lz4BlockException.OFFSET_BEFORE_DICTIONARY,
                assertThrows(Lz4BlockException.class, () -> decode(Lz4Dictionary.empty(), noDictionary, 100))
                        .phrase());
    }

    @Test
    void rejectsTruncatedBlocksAtEveryLength() {
        byte[] event = EVENTS.get(300);
        for (int mode : MODES) {
            byte[] block = compress(compressor(EVENT_DICTIONARY, mode), event);
            for (int length = 0; length < block.length; length++) {
                byte[] cut = Arrays.copyOf(block, length);
                byte[] dst = canaries(event.length + 16);
                try {
                    int written = Lz4BlockDecoder.decompress(EVENT_DICTIONARY, cut, 0, length, dst, 0, event.length);
                    // A cut exactly after a literal run is a valid shorter block: a prefix of the event.
                    assertTrue(written < event.length, "a truncated block decoded to the whole event");
                    assertArrayEquals(Arrays.copyOf(event, written), Arrays.copyOf(dst, written));
                } catch (Lz4BlockException e) {
                    assertTrue(e.offset() >= 0 && e.offset() <= length, e.getMessage());
                }
                assertCanaries(dst, event.length);
            }
        }
    }

    @Test
    void namesEachTruncation() {
        assertPhrase(Lz4BlockException.LENGTH_PAST_INPUT, new byte[] {(byte) 0xF0}, 100);
        assertPhrase(Lz4BlockException.LENGTH_PAST_INPUT, new byte[] {(byte) 0xF0, (byte) 255}, 1000);
        assertPhrase(Lz4BlockException.LITERALS_PAST_INPUT, new byte[] {0x30, 'a'}, 100);
        assertPhrase(Lz4BlockException.OFFSET_PAST_INPUT, new byte[] {0x10, 'a', 1}, 100);
        assertPhrase(Lz4BlockException.LENGTH_PAST_INPUT, new byte[] {0x1F, 'a', 1, 0}, 100);
        assertPhrase(Lz4BlockException.ENDS_AFTER_MATCH, new byte[] {0x10, 'a', 1, 0}, 100);
    }

    @Test
    void neverWritesPastTheRoom() {
        assertPhrase(Lz4BlockException.LITERALS_PAST_ROOM, new byte[] {0x30, 'a', 'b', 'c'}, 2);
        assertPhrase(Lz4BlockException.MATCH_PAST_ROOM, new byte[] {0x10, 'a', 1, 0, 0x00}, 4);
        byte[] event = EVENTS.get(301);
        byte[] block = compress(compressor(EVENT_DICTIONARY, 16), event);
        for (int room = 0; room < event.length; room++) {
            byte[] dst = canaries(event.length + 8);
            int r = room;
            assertThrows(
                    Lz4BlockException.class,
                    () -> Lz4BlockDecoder.decompress(EVENT_DICTIONARY, block, 0, block.length, dst, 3, r));
            for (int i = 0; i < 3; i++) {
                assertEquals(CANARY, dst[i], "wrote before the destination offset");
            }
            assertCanaries(dst, 3 + room);
        }
    }

    @Test
    void rejectsLengthOverflow() {
        byte[] block = new byte[1 + 9_000_000];
        block[0] = (byte) 0xF0;
        Arrays.fill(block, 1, block.length, (byte) 255);
        assertPhrase(Lz4BlockException.LENGTH_OVERFLOW, block, Integer.MAX_VALUE - 8);
    }

    @Test
    void roundTripsAll256ByteValues() {
        byte[] all = new byte[256 * 3];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) (i % 256);
        }
        Lz4Dictionary dictionary = Lz4Dictionary.of(Arrays.copyOfRange(all, 0, 300));
        for (int mode : MODES) {
            byte[] block = compress(compressor(dictionary, mode), all);
            assertArrayEquals(all, decode(dictionary, block, all.length));
            assertTrue(block.length < 40, "the input is in the dictionary, yet " + block.length + " bytes");
        }
    }

    @Test
    void roundTripsEventsInEveryMode() {
        for (int mode : MODES) {
            Lz4BlockCompressor compressor = compressor(EVENT_DICTIONARY, mode);
            for (byte[] event : EVENTS.subList(200, 600)) {
                byte[] block = compress(compressor, event);
                byte[] dst = canaries(event.length + 5);
                int written =
                        Lz4BlockDecoder.decompress(EVENT_DICTIONARY, block, 0, block.length, dst, 2, event.length);
                assertEquals(event.length, written);
                assertArrayEquals(event, Arrays.copyOfRange(dst, 2, 2 + written));
                assertCanaries(dst, 2 + written);
            }
        }
    }

    @Test
    void theDictionaryShrinksEventsAndDeeperSearchesShrinkThemMore() {
        long plain = totalSize(Lz4BlockCompressor.fast(Lz4Dictionary.empty()));
        long fast = totalSize(Lz4BlockCompressor.fast(EVENT_DICTIONARY));
        long hc1 = totalSize(Lz4BlockCompressor.hc(EVENT_DICTIONARY, 1));
        long hc64 = totalSize(Lz4BlockCompressor.hc(EVENT_DICTIONARY, 64));
        assertTrue(fast < plain * 0.6, "fast with the dictionary " + fast + " B against " + plain + " B without");
        assertTrue(hc64 < fast && hc64 < hc1, "HC depth 64: " + hc64 + " B, depth 1: " + hc1 + ", fast: " + fast);
    }

    @Test
    void keepsOnlyTheDictionarysLast64KiB() {
        byte[] content = new byte[100_000];
        new Random(3).nextBytes(content);
        Lz4Dictionary dictionary = Lz4Dictionary.of(content);
        assertEquals(Lz4Dictionary.MAX_SIZE, dictionary.size());
        assertArrayEquals(
                Arrays.copyOfRange(content, content.length - Lz4Dictionary.MAX_SIZE, content.length),
                dictionary.content());
        // a match to the farthest reachable byte: offset 65535 from the output's start
        byte[] block = {0x00, (byte) 0xFF, (byte) 0xFF, 0x00};
        assertArrayEquals(
                Arrays.copyOfRange(content, content.length - 65_535, content.length - 65_531),
                decode(dictionary, block, 4));
    }

    @Test
    void sharedDictionaryGivesTheSameBlocksFromEveryInstance() throws Exception {
        byte[][] first = new byte[2][];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int slot = t;
            threads[t] = new Thread(() -> {
                Lz4BlockCompressor compressor = Lz4BlockCompressor.hc(EVENT_DICTIONARY, 16);
                byte[] last = null;
                for (int round = 0; round < 50; round++) {
                    for (byte[] event : EVENTS.subList(200, 300)) {
                        last = compress(compressor, event);
                    }
                }
                first[slot] = last;
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertArrayEquals(first[0], first[1]);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 12, 13, 14, 100, 1000, 70_000})
    void agreesWithLz4JavaWithoutDictionary(int length) {
        Random random = new Random(length);
        byte[] input = new byte[length];
        for (int i = 0; i < length; i++) {
            input[i] = (byte) ("abcab{}\":,".charAt(random.nextInt(10)) + (random.nextInt(50) == 0 ? 1 : 0));
        }
        LZ4Factory lz4 = LZ4Factory.fastestJavaInstance();
        for (int mode : MODES) {
            byte[] ours = compress(compressor(Lz4Dictionary.empty(), mode), input);
            assertArrayEquals(input, lz4.safeDecompressor().decompress(ours, length));
        }
        byte[] theirs = lz4.highCompressor().compress(input);
        assertArrayEquals(input, decode(Lz4Dictionary.empty(), theirs, length));
        theirs = lz4.fastCompressor().compress(input);
        assertArrayEquals(input, decode(Lz4Dictionary.empty(), theirs, length));
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> Lz4BlockCompressor.hc(DIGITS, 0));
        assertThrows(IllegalArgumentException.class, () -> Lz4BlockCompressor.fast(DIGITS)
                .compress(new byte[10], 0, 10, new byte[10], 0));
        byte[] same = new byte[10];
        assertThrows(IllegalArgumentException.class, () -> Lz4BlockDecoder.decompress(DIGITS, same, 0, 1, same, 5, 5));
        assertThrows(
                IllegalArgumentException.class,
                () -> Lz4BlockDecoder.decompress(DIGITS, new byte[4], 2, 3, new byte[4], 0, 4));
    }

    private static void assertPhrase(String phrase, byte[] block, int room) {
        Lz4BlockException e = assertThrows(Lz4BlockException.class, () -> decode(DIGITS, block, room));
        assertEquals(phrase, e.phrase(), e.getMessage());
        assertTrue(e.getMessage().endsWith(" at offset " + e.offset()), e.getMessage());
    }

    private static long totalSize(Lz4BlockCompressor compressor) {
        long total = 0;
        for (byte[] event : EVENTS.subList(200, 600)) {
            total += compress(compressor, event).length;
        }
        return total;
    }

    static Lz4BlockCompressor compressor(Lz4Dictionary dictionary, int mode) {
        return mode == 0 ? Lz4BlockCompressor.fast(dictionary) : Lz4BlockCompressor.hc(dictionary, mode);
    }

    static byte[] compress(Lz4BlockCompressor compressor, byte[] input) {
        byte[] dst = new byte[(int) Lz4BlockCompressor.maxCompressedLength(input.length)];
        return Arrays.copyOf(dst, compressor.compress(input, 0, input.length, dst, 0));
    }

    private static byte[] decode(Lz4Dictionary dictionary, byte[] block, int room) {
        byte[] dst = new byte[room];
        int written = Lz4BlockDecoder.decompress(dictionary, block, 0, block.length, dst, 0, room);
        return Arrays.copyOf(dst, written);
    }

    private static byte[] canaries(int length) {
        byte[] dst = new byte[length];
        Arrays.fill(dst, CANARY);
        return dst;
    }

    private static void assertCanaries(byte[] dst, int from) {
        for (int i = from; i < dst.length; i++) {
            assertEquals(CANARY, dst[i], "the decoder wrote past its room, at " + i);
        }
    }

    /** JSON events that share keys and values, as a topic's events do. */
    static List<byte[]> events(int count, long seed) {
        Random random = new Random(seed);
        String[] users = {"alice", "bob", "carol", "dave", "erin", "frank"};
        String[] pages = {"Main_Page", "Kafka", "Zstandard", "LZ4", "JSON", "Compression"};
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String json = String.format(
                    "{\"timestamp\":\"2026-12-01T19:%02d:%02d.%03dZ\",\"user\":\"%s\",\"page\":\"%s\","
                            + "\"delta\":%d,\"added\":%d,\"deleted\":%d,\"isRobot\":%b,\"comment\":\"edit %d\"}",
                    random.nextInt(60),
                    random.nextInt(60),
                    random.nextInt(1000),
                    users[random.nextInt(users.length)],
                    pages[random.nextInt(pages.length)],
                    random.nextInt(2000) - 1000,
                    random.nextInt(1000),
                    random.nextInt(1000),
                    random.nextBoolean(),
                    random.nextInt(100_000));
            events.add(json.getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }

    private static byte[] concat(List<byte[]> parts) {
        int total = 0;
        for (byte[] part : parts) {
            total += part.length;
        }
        byte[] all = new byte[total];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
