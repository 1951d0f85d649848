package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import org.zdict.format.PayloadKind;
import org.zdict.format.PayloadPrefix;

/**
 * A native decompression context that remembers which digested dictionary it references, calling into
 * native code only when that changes. The dictionary stays referenced (so never freed) until the
 * context loads another one, is reset or is closed.
 */
final class DecompressContext implements AutoCloseable {
    final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    private DigestedDictionary<ZstdDictDecompress> referenced;

    /** The context ready for {@code prefix}'s frame: with its version's dictionary, or with none. */
    ZstdDecompressCtx forFrame(PayloadPrefix prefix, DigestedDictionaries dictionaries) {
        return prefix.kind() == PayloadKind.DICTIONARY_FRAME
                ? withVersion(prefix.version(), dictionaries)
                : withoutDictionary();
    }

    private ZstdDecompressCtx withVersion(int version, DigestedDictionaries dictionaries) {
        DigestedDictionary<ZstdDictDecompress> current = referenced;
        if (current != null && current.version() == version) {
            dictionaries.touch(current);
            return zstd;
        }
        DigestedDictionary<ZstdDictDecompress> next = dictionaries.referenceForDecompression(version);
        try {
            zstd.loadDict(next.digested());
        } catch (RuntimeException e) {
            next.release();
            throw e;
        }
        referenced = next;
        if (current != null) {
            current.release();
        }
        return zstd;
    }

    private ZstdDecompressCtx withoutDictionary() {
        if (referenced != null) {
            zstd.loadDict((ZstdDictDecompress) null);
            release();
        }
        return zstd;
    }

    /** Drops any half-decoded stream and the dictionary reference. */
    void reset() {
        zstd.reset();
        release();
    }

    @Override
    public void close() {
        zstd.close();
        release();
    }

    private void release() {
        if (referenced != null) {
            referenced.release();
            referenced = null;
        }
    }
}
