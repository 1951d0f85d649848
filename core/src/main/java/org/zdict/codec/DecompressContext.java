package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;

/** A native decompression context that remembers which digested dictionary it references. */
final class DecompressContext implements AutoCloseable {
    final ZstdDecompressCtx native_ = new ZstdDecompressCtx();
    private ZstdDictDecompress referenced;
    private boolean referencing;

    /** References {@code dictionary} (null for none), calling into native code only when it changes. */
    ZstdDecompressCtx with(ZstdDictDecompress dictionary) {
        if (!referencing || referenced != dictionary) {
            native_.loadDict(dictionary);
            referenced = dictionary;
            referencing = true;
        }
        return native_;
    }

    /** Drops any half-decoded stream and the dictionary reference. */
    void reset() {
        native_.reset();
        referencing = false;
        referenced = null;
    }

    @Override
    public void close() {
        native_.close();
    }
}
