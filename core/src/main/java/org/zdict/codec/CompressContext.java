package org.zdict.codec;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;

/**
 * A native compression context that remembers its dictionary and level, so a call only crosses into
 * native code for settings that changed. A digested dictionary carries its own level. The dictionary
 * it has loaded stays referenced (so never freed) until it loads another one or is closed.
 */
final class CompressContext implements AutoCloseable {
    private static final int NO_LEVEL = Integer.MIN_VALUE;

    final ZstdCompressCtx zstd;
    private final HeldDictionary<ZstdDictCompress> dictionary = new HeldDictionary<>();
    private int level = NO_LEVEL;

    /**
     * With checksums off, frames name their dictionary's id instead, so a payload decoded against another
     * dictionary under the same version number is refused rather than decoded into other bytes; with
     * checksums on the checksum already catches that, and the id would cost bytes for nothing.
     */
    CompressContext(boolean checksum) {
        zstd = new ZstdCompressCtx().setChecksum(checksum).setContentSize(true).setDictID(!checksum);
    }

    /** The context with {@code version}'s dictionary loaded, from {@code dictionaries} unless already. */
    ZstdCompressCtx withVersion(int version, DictionaryCache dictionaries) {
        if (dictionary.holds(version, dictionaries)) {
            return zstd;
        }
        DigestedDictionary<ZstdDictCompress> next = dictionaries.referenceForCompression(version);
        try {
            zstd.loadDict(next.digested());
        } catch (RuntimeException e) {
            next.release();
            throw e;
        }
        dictionary.replaceWith(next);
        return zstd;
    }

    ZstdCompressCtx withoutDictionary(int newLevel) {
        if (!dictionary.isEmpty()) {
            // Removes the dictionary on every zstd-jni release; loadDict((ZstdDictCompress) null) fails
            // with a NullPointerException before 1.5.7-13.
            zstd.loadDict((byte[]) null);
            dictionary.release();
        }
        if (level != newLevel) {
            zstd.setLevel(newLevel);
            level = newLevel;
        }
        return zstd;
    }

    @Override
    public void close() {
        zstd.close();
        dictionary.release();
    }
}
