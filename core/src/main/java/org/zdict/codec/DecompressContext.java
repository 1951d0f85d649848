package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;

/** A native decompression context that remembers which digested dictionary it references. */
final class DecompressContext implements AutoCloseable {
    final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    private ZstdDictDecompress referenced;
    private boolean referencing;

    /** References {@code dictionary} (null for none), calling into native code only when it changes. */
    ZstdDecompressCtx with(ZstdDictDecompress dictionary) {
        if (!referencing || referenced != dictionary) {
            zstd.loadDict(dictionary);
            referenced = dictionary;
            referencing = true;
        }
        return zstd;
    }

    /** Drops any half-decoded stream and the dictionary reference. */
    void reset() {
        zstd.reset();
        referencing = false;
        referenced = null;
    }

    @Override
    public void close() {
        zstd.close();
    }
}
