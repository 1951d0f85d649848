package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The fallback for zstd-jni before 1.5.7-23 ({@link StagedStream}) decodes frames without a declared size
 * exactly as zstd-jni's own heap-buffer streaming does: the same bytes, or the same error with the same
 * message, for valid frames of every size around its 64 KiB stages and the limit, and for truncated,
 * corrupted and over-long ones.
 */
class StagedStreamTest {
    private static final int LIMIT = 300_000;
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(1500, 7);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 1000), 8 << 10, 3);

    private final DictionaryRegistry registry = DictionaryRegistries.inMemory();
    private final int version = registry.publish(DICTIONARY, 3, Map.of()).version();
    private final DictionaryCache dictionaries = new DictionaryCache(registry, OptionalInt.empty(), 64L << 20);
    private final DecompressContext direct = new DecompressContext(false);
    private final DecompressContext staged = new DecompressContext(true);

    @AfterEach
    void close() {
        direct.close();
        staged.close();
        dictionaries.close();
    }

    @Test
    void decodesValidFramesAsZstdJniDoes() {
        Random random = new Random(1);
        for (int size : new int[] {0, 1, 500, 65_535, 65_536, 65_537, 200_000, LIMIT, LIMIT + 1, 1 << 20}) {
            byte[] content = events(random, size);
            assertSameOutcome(PayloadPrefix.plainFrame(), undeclared(content, null), size);
            assertSameOutcome(PayloadPrefix.dictionaryFrame(version), undeclared(content, DICTIONARY), size);
        }
    }

    @Test
    void refusesDamagedFramesAsZstdJniDoes() {
        byte[] content = events(new Random(2), 150_000);
        for (byte[] dictionary : Arrays.asList(null, DICTIONARY)) {
            PayloadPrefix prefix =
                    dictionary == null ? PayloadPrefix.plainFrame() : PayloadPrefix.dictionaryFrame(version);
            byte[] frame = undeclared(content, dictionary);
            List<byte[]> damaged = new ArrayList<>();
            for (int cut = 0; cut < frame.length; cut += 1 + frame.length / 40) {
                damaged.add(Arrays.copyOf(frame, cut));
            }
            for (int at = 0; at < frame.length; at += 1 + frame.length / 60) {
                byte[] flipped = frame.clone();
                flipped[at] ^= 0x5A;
                damaged.add(flipped);
            }
            byte[] trailing = Arrays.copyOf(frame, frame.length + 3);
            damaged.add(trailing);
            for (byte[] bytes : damaged) {
                assertSameOutcome(prefix, bytes, bytes.length);
            }
        }
    }

    /** Decodes {@code frame} both ways, growing and into a fixed destination, and compares. */
    private void assertSameOutcome(PayloadPrefix prefix, byte[] frame, int note) {
        String expected = growing(direct, prefix, frame);
        assertEquals(expected, growing(staged, prefix, frame), "growing, " + note);
        for (int room : new int[] {1000, 70_000, LIMIT + 10}) {
            assertEquals(into(direct, prefix, frame, room), into(staged, prefix, frame, room), room + ", " + note);
        }
        assertTrue(frame.length == 0 || !expected.isEmpty());
    }

    private String growing(DecompressContext context, PayloadPrefix prefix, byte[] frame) {
        try {
            byte[] out = UnknownSizeFrames.decodeGrowing(context, dictionaries, prefix, frame, 0, frame.length, LIMIT);
            return "decoded " + out.length + " bytes, hash " + Arrays.hashCode(out);
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private String into(DecompressContext context, PayloadPrefix prefix, byte[] frame, int room) {
        byte[] dst = new byte[room + 5];
        try {
            int written = UnknownSizeFrames.decodeInto(
                    context, dictionaries, prefix, frame, 0, frame.length, dst, 5, room, LIMIT);
            return "decoded " + written + " bytes, hash " + Arrays.hashCode(dst);
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /** Events, concatenated to exactly {@code size} bytes. */
    private static byte[] events(Random random, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (out.size() < size) {
            out.writeBytes(EVENTS.get(random.nextInt(EVENTS.size())));
        }
        return Arrays.copyOf(out.toByteArray(), size);
    }

    /** A checksummed zstd frame of {@code content} that declares no size. */
    private static byte[] undeclared(byte[] content, byte[] dictionary) {
        if (dictionary == null) {
            try (ZstdCompressCtx context =
                    new ZstdCompressCtx().setContentSize(false).setChecksum(true)) {
                return context.compress(content);
            }
        }
        try (ZstdDictCompress digested = new ZstdDictCompress(dictionary, 3);
                ZstdCompressCtx context =
                        new ZstdCompressCtx().setContentSize(false).setChecksum(true)) {
            return context.loadDict(digested).compress(content);
        }
    }
}
