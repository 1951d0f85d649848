package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import java.nio.ByteBuffer;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.ZstdJniFeatures;

/**
 * A native decompression context that remembers which digested dictionary it references, calling into
 * native code only when that changes. The dictionary stays referenced (so never freed) until the
 * context loads another one, is reset or is closed.
 */
final class DecompressContext implements AutoCloseable {
    /** The longest zstd frame header: magic 4, descriptor 1, window 1, dictionary id 4, content size 8. */
    private static final int MAX_FRAME_HEADER_LENGTH = 18;

    final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    /** Where a frame header read from a direct buffer is copied, so that reading it allocates nothing. */
    final byte[] frameHead = new byte[MAX_FRAME_HEADER_LENGTH];

    private final HeldDictionary<ZstdDictDecompress> dictionary = new HeldDictionary<>();
    /** Null where zstd-jni streams heap buffers itself (1.5.7-23 and newer). */
    private final StagedStream staged;

    DecompressContext() {
        this(!ZstdJniFeatures.STREAMS_HEAP_BUFFERS);
    }

    /** With {@code staged}, heap buffers stream through direct ones, as on zstd-jni before 1.5.7-23. */
    DecompressContext(boolean staged) {
        this.staged = staged ? new StagedStream() : null;
    }

    /** The context ready for {@code prefix}'s frame: with its version's dictionary, or with none. */
    ZstdDecompressCtx forFrame(PayloadPrefix prefix, DictionaryCache dictionaries) {
        return prefix.isDictionaryFrame() ? withVersion(prefix.version(), dictionaries) : withoutDictionary();
    }

    private ZstdDecompressCtx withVersion(int version, DictionaryCache dictionaries) {
        if (dictionary.holds(version, dictionaries)) {
            return zstd;
        }
        DigestedDictionary<ZstdDictDecompress> next = dictionaries.referenceForDecompression(version);
        try {
            zstd.loadDict(next.digested());
        } catch (RuntimeException e) {
            next.release();
            throw e;
        }
        dictionary.replaceWith(next);
        return zstd;
    }

    private ZstdDecompressCtx withoutDictionary() {
        if (!dictionary.isEmpty()) {
            // Removes the dictionary on every zstd-jni release; loadDict((ZstdDictDecompress) null) fails
            // with a NullPointerException before 1.5.7-13.
            zstd.loadDict((byte[]) null);
            dictionary.release();
        }
        return zstd;
    }

    /**
     * One call of zstd's streaming decoder from heap buffer {@code in} into heap buffer {@code out}, moving
     * both positions; true once the frame has ended. Call {@link #forFrame} first.
     */
    boolean decompressStream(ByteBuffer out, ByteBuffer in) {
        return staged == null ? zstd.decompressByteBufferStream(out, in) : staged.decompress(zstd, out, in);
    }

    /** Drops any half-decoded stream and the dictionary reference. */
    void reset() {
        zstd.reset();
        dictionary.release();
    }

    @Override
    public void close() {
        zstd.close();
        dictionary.release();
    }
}
