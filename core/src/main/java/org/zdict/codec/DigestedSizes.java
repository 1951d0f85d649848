package org.zdict.codec;

/**
 * The native bytes a digested dictionary takes, computed as zstd sizes it, since zstd-jni reports no
 * size: a decompression dictionary ({@code ZSTD_createDDict}) is a copy of the dictionary plus fixed
 * entropy tables; a compression dictionary ({@code ZSTD_createCDict}) is a copy plus match-finder tables
 * whose sizes follow zstd's parameter table for the level and dictionary size (a port of {@code
 * ZSTD_getCParams} in {@code ZSTD_cpm_createCDict} mode and of the allocation in {@code
 * ZSTD_createCDict_advanced2}). Checked against {@code ZSTD_sizeof_CDict} and {@code ZSTD_sizeof_DDict}
 * of zstd 1.5.7 (the version zstd-jni bundles) for every level from -5 to 22 and dictionaries of 1 KiB to
 * 1 MiB: equal in every case (see {@code DigestedSizesTest}). A 112 KiB dictionary takes 137 KiB to
 * decompress and 509 KiB to compress at level 3, 1.6 MiB at level 19.
 */
final class DigestedSizes {
    /** {@code sizeof(ZSTD_DDict)}: the entropy tables a decompression dictionary adds to its copy. */
    static final long DDICT_OVERHEAD = 27_352;
    /** {@code sizeof(ZSTD_CDict)}, zstd's Huffman workspace and workspace slack (zstd 1.5.7). */
    static final long CDICT_OVERHEAD = 14_912;

    private static final int FAST = 1;
    private static final int DFAST = 2;
    private static final int GREEDY = 3;
    private static final int LAZY2 = 5;
    private static final int BTLAZY2 = 6;
    private static final int DEFAULT_LEVEL = 3;
    private static final int MAX_LEVEL = 22;

    /**
     * zstd's {@code ZSTD_defaultCParameters} (clevels.h): for sources over 256 KiB, up to 256 KiB, up to
     * 128 KiB and up to 16 KiB; per level (row 0 for negative levels): window, chain and hash logs, search
     * log, strategy.
     */
    private static final int[][][] TABLE = {
        {
            {19, 12, 13, 1, 1}, {19, 13, 14, 1, 1}, {20, 15, 16, 1, 1}, {21, 16, 17, 1, 2}, {21, 18, 18, 1, 2},
            {21, 18, 19, 3, 3}, {21, 18, 19, 3, 4}, {21, 19, 20, 4, 4}, {21, 19, 20, 4, 5}, {22, 20, 21, 4, 5},
            {22, 21, 22, 5, 5}, {22, 21, 22, 6, 5}, {22, 22, 23, 6, 5}, {22, 22, 22, 4, 6}, {22, 22, 23, 5, 6},
            {22, 23, 23, 6, 6}, {22, 22, 22, 5, 7}, {23, 23, 22, 5, 7}, {23, 23, 22, 6, 8}, {23, 24, 22, 7, 9},
            {25, 25, 23, 7, 9}, {26, 26, 24, 7, 9}, {27, 27, 25, 9, 9}
        },
        {
            {18, 12, 13, 1, 1}, {18, 13, 14, 1, 1}, {18, 14, 14, 1, 2}, {18, 16, 16, 1, 2}, {18, 16, 17, 3, 3},
            {18, 17, 18, 5, 3}, {18, 18, 19, 3, 4}, {18, 18, 19, 4, 4}, {18, 18, 19, 4, 5}, {18, 18, 19, 5, 5},
            {18, 18, 19, 6, 5}, {18, 18, 19, 5, 6}, {18, 19, 19, 7, 6}, {18, 18, 19, 4, 7}, {18, 18, 19, 4, 7},
            {18, 18, 19, 6, 7}, {18, 19, 19, 6, 8}, {18, 19, 19, 8, 8}, {18, 19, 19, 6, 9}, {18, 19, 19, 8, 9},
            {18, 19, 19, 10, 9}, {18, 19, 19, 12, 9}, {18, 19, 19, 13, 9}
        },
        {
            {17, 12, 12, 1, 1}, {17, 12, 13, 1, 1}, {17, 13, 15, 1, 1}, {17, 15, 16, 2, 2}, {17, 17, 17, 2, 2},
            {17, 16, 17, 3, 3}, {17, 16, 17, 3, 4}, {17, 16, 17, 3, 5}, {17, 16, 17, 4, 5}, {17, 16, 17, 5, 5},
            {17, 16, 17, 6, 5}, {17, 17, 17, 5, 6}, {17, 18, 17, 7, 6}, {17, 18, 17, 3, 7}, {17, 18, 17, 4, 7},
            {17, 18, 17, 6, 7}, {17, 18, 17, 6, 8}, {17, 18, 17, 8, 8}, {17, 18, 17, 10, 8}, {17, 18, 17, 5, 9},
            {17, 18, 17, 7, 9}, {17, 18, 17, 9, 9}, {17, 18, 17, 11, 9}
        },
        {
            {14, 12, 13, 1, 1}, {14, 14, 15, 1, 1}, {14, 14, 15, 1, 1}, {14, 14, 15, 2, 2}, {14, 14, 14, 4, 3},
            {14, 14, 14, 3, 4}, {14, 14, 14, 4, 5}, {14, 14, 14, 6, 5}, {14, 14, 14, 8, 5}, {14, 15, 14, 5, 6},
            {14, 15, 14, 9, 6}, {14, 15, 14, 3, 7}, {14, 15, 14, 4, 7}, {14, 15, 14, 5, 8}, {14, 15, 15, 6, 8},
            {14, 15, 15, 7, 8}, {14, 15, 15, 5, 9}, {14, 15, 15, 6, 9}, {14, 15, 15, 7, 9}, {14, 15, 15, 8, 9},
            {14, 15, 15, 8, 9}, {14, 15, 15, 9, 9}, {14, 15, 15, 10, 9}
        }
    };

    private DigestedSizes() {}

    /** Native bytes of {@code new ZstdDictDecompress(dictionary)}. */
    static long forDecompression(int dictionarySize) {
        return DDICT_OVERHEAD + dictionarySize;
    }

    /** Native bytes of {@code new ZstdDictCompress(dictionary, level)}. */
    static long forCompression(int dictionarySize, int level) {
        long rowSize = dictionarySize + 500L;
        int tier = (rowSize <= 256 << 10 ? 1 : 0) + (rowSize <= 128 << 10 ? 1 : 0) + (rowSize <= 16 << 10 ? 1 : 0);
        int row = level == 0 ? DEFAULT_LEVEL : level < 0 ? 0 : Math.min(level, MAX_LEVEL);
        int[] params = TABLE[tier][row];
        int windowLog = params[0];
        int chainLog = params[1];
        int hashLog = params[2];
        int searchLog = params[3];
        int strategy = params[4];

        // ZSTD_adjustCParams_internal: a CDict assumes a small source (513 bytes) next to the dictionary.
        long assumedSource = 513;
        long total = assumedSource + dictionarySize;
        int sourceLog = total < 64 ? 6 : ceilLog2(total);
        windowLog = Math.min(windowLog, sourceLog);
        int dictAndWindowLog = dictAndWindowLog(windowLog, assumedSource, dictionarySize);
        hashLog = Math.min(hashLog, dictAndWindowLog + 1);
        int cycleLog = chainLog - (strategy >= BTLAZY2 ? 1 : 0);
        if (cycleLog > dictAndWindowLog) {
            chainLog -= cycleLog - dictAndWindowLog;
        }
        windowLog = Math.max(windowLog, 10);
        boolean rowStrategy = strategy >= GREEDY && strategy <= LAZY2;
        if (strategy == FAST || strategy == DFAST) {
            hashLog = Math.min(hashLog, 24);
            chainLog = Math.min(chainLog, 24);
        }
        if (rowStrategy) {
            hashLog = Math.min(hashLog, 24 + Math.max(4, Math.min(searchLog, 6)));
        }

        // ZSTD_sizeof_matchState for a CDict: row-based match finding (greedy to lazy2 with windows over
        // 16 KiB) replaces the chain table with one tag byte per hash entry.
        boolean rowMatchFinder = rowStrategy && windowLog > 14;
        long hashEntries = 1L << hashLog;
        long chainEntries = strategy != FAST && !rowMatchFinder ? 1L << chainLog : 0;
        long tags = rowMatchFinder ? (hashEntries + 63) & ~63L : 0;
        long copy = (dictionarySize + 7L) & ~7L;
        return CDICT_OVERHEAD + 4 * (hashEntries + chainEntries) + tags + copy;
    }

    private static int dictAndWindowLog(int windowLog, long sourceSize, long dictionarySize) {
        long windowSize = 1L << windowLog;
        if (windowSize >= dictionarySize + sourceSize) {
            return windowLog;
        }
        long dictAndWindow = dictionarySize + windowSize;
        return dictAndWindow >= 1L << 31 ? 31 : ceilLog2(dictAndWindow);
    }

    /** zstd's {@code highbit32(n - 1) + 1}, for n of at least 2. */
    private static int ceilLog2(long n) {
        return 64 - Long.numberOfLeadingZeros(n - 1);
    }
}
