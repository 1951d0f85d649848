package org.zdict.engine;

import org.zdict.registry.DictionaryInfo;

/**
 * One dictionary to train and evaluate: a size limit, the zstd level it is built for, and the codec its
 * payloads are written with. An {@link DictionaryInfo.Codec#LZ4 LZ4} point uses the dictionary of the same size
 * trained for the grid's lowest level (LZ4 blocks use only its last 64 KiB); its level is that
 * dictionary's, recorded with the version as for any other.
 */
public record GridPoint(int dictSize, int level, DictionaryInfo.Codec codec) {

    /** A zstd point. */
    public GridPoint(int dictSize, int level) {
        this(dictSize, level, DictionaryInfo.Codec.ZSTD);
    }

    /** The LZ4 point that uses the dictionary trained at {@code dictSize} and {@code level}. */
    public static GridPoint lz4(int dictSize, int level) {
        return new GridPoint(dictSize, level, DictionaryInfo.Codec.LZ4);
    }

    public boolean isLz4() {
        return codec == DictionaryInfo.Codec.LZ4;
    }

    /** Like {@code 64K L3}, or {@code 64K lz4} for an LZ4 point. */
    public String label() {
        return Sizes.format(dictSize) + (isLz4() ? " lz4" : " L" + level);
    }
}
