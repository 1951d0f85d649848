package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import org.zdict.format.PayloadPrefix;

/**
 * A native decompression context that remembers which digested dictionary it references, calling into
 * native code only when that changes. The dictionary stays referenced (so never freed) until the
 * context loads another one, is reset or is closed.
 */
final class DecompressContext implements AutoCloseable {
    final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    private final HeldDictionary<ZstdDictDecompress> dictionary = new HeldDictionary<>();

    /** The context ready for {@code prefix}'s frame: with its version's dictionary, or with none. */
    ZstdDecompressCtx forFrame(PayloadPrefix prefix, DigestedDictionaries dictionaries) {
        return prefix.isDictionaryFrame() ? withVersion(prefix.version(), dictionaries) : withoutDictionary();
    }

    private ZstdDecompressCtx withVersion(int version, DigestedDictionaries dictionaries) {
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
            zstd.loadDict((ZstdDictDecompress) null);
            dictionary.release();
        }
        return zstd;
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
