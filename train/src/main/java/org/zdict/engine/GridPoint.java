package org.zdict.engine;

/** One dictionary to train and evaluate: a size limit and the zstd level it is built for. */
public record GridPoint(int dictSize, int level) {

    /** Like {@code 64K L3}. */
    public String label() {
        return Sizes.format(dictSize) + " L" + level;
    }
}
