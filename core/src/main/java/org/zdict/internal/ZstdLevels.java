package org.zdict.internal;

/** The compression levels zdict accepts, checked in one place. */
public final class ZstdLevels {
    /** The fastest of zstd's negative levels that zdict accepts. */
    public static final int MIN = -7;
    /** zstd's strongest level. */
    public static final int MAX = 22;
    /** zstd's default level. */
    public static final int DEFAULT = 3;

    private ZstdLevels() {}

    public static int check(int level) {
        if (level < MIN || level > MAX || level == 0) {
            throw new IllegalArgumentException(
                    "Invalid zstd compression level " + level + ": expected " + MIN + ".." + MAX + " other than 0");
        }
        return level;
    }
}
