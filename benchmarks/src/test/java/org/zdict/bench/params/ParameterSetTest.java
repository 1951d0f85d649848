package org.zdict.bench.params;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.testing.SampleEvents;

/** What zstd-jni 1.5.7 does with compression parameters next to a dictionary, as the sweep relies on it. */
class ParameterSetTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2_500, 7);
    private static final List<byte[]> HELD_OUT = EVENTS.subList(2_000, 2_500);
    private static final byte[] DICTIONARY = DictionaryTrainer.train(EVENTS.subList(0, 2_000), 16 * 1024, 5);
    private static final ParameterSet FAST =
            new ParameterSet("fast", 1, ParameterSet.FAST, 0, ParameterSet.KEEP, 0, 7, 0, 0);

    @Test
    void ignoresTheContextsParametersWithADigestedDictionary() {
        try (ZstdDictCompress digested = new ZstdDictCompress(DICTIONARY, 5);
                ZstdCompressCtx plain = new ZstdCompressCtx();
                ZstdCompressCtx tuned = FAST.apply(new ZstdCompressCtx(), DICTIONARY.length)) {
            plain.loadDict(digested);
            tuned.loadDict(digested);
            assertArrayEquals(compressAll(plain), compressAll(tuned));
        }
    }

    @Test
    void appliesTheContextsParametersToARawDictionary() {
        try (ZstdDictCompress digested = new ZstdDictCompress(DICTIONARY, 5);
                ZstdCompressCtx level5 = new ZstdCompressCtx();
                ZstdCompressCtx rawLevel5 = new ZstdCompressCtx().setLevel(5);
                ZstdCompressCtx rawFast = FAST.apply(new ZstdCompressCtx(), DICTIONARY.length)) {
            level5.loadDict(digested);
            rawLevel5.loadDict(DICTIONARY);
            rawFast.loadDict(DICTIONARY);
            byte[] reference = compressAll(level5);
            assertArrayEquals(reference, compressAll(rawLevel5));
            byte[] fast = compressAll(rawFast);
            assertFalse(java.util.Arrays.equals(reference, fast), "the fast parameters changed nothing");
            assertTrue(fast.length > reference.length, fast.length + " bytes against " + reference.length);
        }
    }

    @Test
    void everyCandidateDecodesWithThePlainDictionary() {
        try (ZstdDictDecompress digested = new ZstdDictDecompress(DICTIONARY);
                ZstdDecompressCtx decompressor = new ZstdDecompressCtx()) {
            decompressor.loadDict(digested);
            for (ParameterSet set : ParameterSet.candidates()) {
                try (Variant variant = Variant.raw(set.name(), DICTIONARY, set)) {
                    byte[] dst = new byte[1 << 16];
                    for (byte[] event : HELD_OUT) {
                        int length = variant.compress(event, dst);
                        byte[] back = new byte[event.length];
                        decompressor.decompressByteArray(back, 0, back.length, dst, 0, length);
                        assertArrayEquals(event, back, set.name());
                    }
                }
            }
        }
    }

    /** Every held-out event compressed alone, the frames concatenated. */
    private static byte[] compressAll(ZstdCompressCtx context) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] event : HELD_OUT) {
            out.writeBytes(context.compress(event));
        }
        return out.toByteArray();
    }
}
