package org.zdict.codec;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;

/**
 * A native compression context that remembers its dictionary and level, so a call only crosses into
 * native code for settings that changed. A digested dictionary carries its own level.
 */
final class CompressContext implements AutoCloseable {
    private static final int NO_LEVEL = Integer.MIN_VALUE;

    final ZstdCompressCtx zstd;
    private ZstdDictCompress referenced;
    private boolean referencing;
    private int level = NO_LEVEL;

    /**
     * With checksums off, frames name their dictionary's id instead, so a payload decoded against another
     * dictionary under the same version number is refused rather than decoded into other bytes; with
     * checksums on the checksum already catches that, and the id would cost bytes for nothing.
     */
    CompressContext(boolean checksum) {
        zstd = new ZstdCompressCtx().setChecksum(checksum).setContentSize(true).setDictID(!checksum);
    }

    ZstdCompressCtx with(ZstdDictCompress dictionary) {
        if (!referencing || referenced != dictionary) {
            zstd.loadDict(dictionary);
            referenced = dictionary;
            referencing = true;
        }
        return zstd;
    }

    ZstdCompressCtx withoutDictionary(int newLevel) {
        with(null);
        if (level != newLevel) {
            zstd.setLevel(newLevel);
            level = newLevel;
        }
        return zstd;
    }

    @Override
    public void close() {
        zstd.close();
    }
}
