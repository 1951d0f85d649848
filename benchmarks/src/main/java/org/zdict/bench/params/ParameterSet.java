package org.zdict.bench.params;

import com.github.luben.zstd.ZstdCompressCtx;
import java.util.ArrayList;
import java.util.List;

/**
 * A named set of zstd compression parameters, set on a context on top of a base level; a field of 0
 * keeps the level's value. Hash and chain logs are given relative to the dictionary's size ({@code
 * +1} is one bit more than the dictionary's log2), so one set fits every dictionary size.
 */
record ParameterSet(
        String name,
        int level,
        int strategy,
        int hashLogOverDict,
        int chainLogOverDict,
        int searchLog,
        int minMatch,
        int targetLength,
        int windowLog) {
    static final int FAST = 1;
    static final int DFAST = 2;
    static final int GREEDY = 3;
    static final int LAZY = 4;
    static final int LAZY2 = 5;
    /** A log relative to the dictionary's that means "the level's own". */
    static final int KEEP = Integer.MIN_VALUE;

    /** The sets the sweep tries: cheap strategies, with tables as large as the dictionary. */
    static List<ParameterSet> candidates() {
        List<ParameterSet> sets = new ArrayList<>();
        for (int minMatch : new int[] {5, 6}) {
            sets.add(new ParameterSet("fast-h+1-m" + minMatch, 1, FAST, 1, KEEP, 0, minMatch, 0, 0));
        }
        for (int minMatch : new int[] {4, 5, 6}) {
            sets.add(new ParameterSet("dfast-h+1c+0-m" + minMatch, 3, DFAST, 1, 0, 0, minMatch, 0, 0));
        }
        sets.add(new ParameterSet("dfast-h+2c+1-m5", 3, DFAST, 2, 1, 0, 5, 0, 0));
        for (int searchLog : new int[] {1, 2}) {
            for (int minMatch : new int[] {4, 5, 6}) {
                sets.add(new ParameterSet(
                        "greedy-s" + searchLog + "-m" + minMatch, 5, GREEDY, 1, 0, searchLog, minMatch, 0, 0));
            }
        }
        sets.add(new ParameterSet("greedy-s1-m5-hL5", 5, GREEDY, KEEP, KEEP, 1, 5, 0, 0));
        // Smaller tables than the dictionary has positions: fewer cache misses, fewer positions kept.
        for (int hashLog : new int[] {0, -1, -2, -3}) {
            sets.add(new ParameterSet("greedy-h" + hashLog + "-s2-m5", 5, GREEDY, hashLog, hashLog - 1, 2, 5, 0, 0));
        }
        for (int searchLog : new int[] {1, 2}) {
            sets.add(new ParameterSet("lazy-s" + searchLog + "-m5", 6, LAZY, 1, 0, searchLog, 5, 0, 0));
        }
        sets.add(new ParameterSet("lazy2-s1-m5", 8, LAZY2, 1, 0, 1, 5, 0, 0));
        // A window of 16 KiB or less turns off zstd's row-based match finder (it has no switch in zstd-jni).
        for (int searchLog : new int[] {1, 2}) {
            sets.add(new ParameterSet("greedy-w14-s" + searchLog + "-m5", 5, GREEDY, 1, 0, searchLog, 5, 0, 14));
        }
        sets.add(new ParameterSet("greedy-w14-s2-m5-hL5", 5, GREEDY, KEEP, KEEP, 2, 5, 0, 14));
        sets.add(new ParameterSet("lazy-w14-s1-m5", 6, LAZY, 1, 0, 1, 5, 0, 14));
        sets.add(new ParameterSet("lazy2-s2-m5-t16", 8, LAZY2, 1, 0, 2, 5, 16, 0));
        return sets;
    }

    /** Sets these parameters on {@code context} for a dictionary of {@code dictionarySize} bytes. */
    ZstdCompressCtx apply(ZstdCompressCtx context, int dictionarySize) {
        int dictLog = 32 - Integer.numberOfLeadingZeros(Math.max(dictionarySize, 2) - 1);
        context.setLevel(level);
        if (strategy != 0) {
            context.setStrategy(strategy);
        }
        if (hashLogOverDict != KEEP) {
            context.setHashLog(dictLog + hashLogOverDict);
        }
        if (chainLogOverDict != KEEP && strategy != FAST) {
            context.setChainLog(dictLog + chainLogOverDict);
        }
        if (searchLog != 0) {
            context.setSearchLog(searchLog);
        }
        if (minMatch != 0) {
            context.setMinMatch(minMatch);
        }
        if (targetLength != 0) {
            context.setTargetLength(targetLength);
        }
        if (windowLog != 0) {
            context.setWindowLog(windowLog);
        }
        return context;
    }

    /** Like {@code greedy h19 c18 s1 m5 (base L5)} for a dictionary of {@code dictionarySize} bytes. */
    String describe(int dictionarySize) {
        int dictLog = 32 - Integer.numberOfLeadingZeros(Math.max(dictionarySize, 2) - 1);
        String[] names = {"", "fast", "dfast", "greedy", "lazy", "lazy2"};
        StringBuilder text = new StringBuilder(names[strategy]);
        if (hashLogOverDict != KEEP) {
            text.append(" h").append(dictLog + hashLogOverDict);
        }
        if (chainLogOverDict != KEEP && strategy != FAST) {
            text.append(" c").append(dictLog + chainLogOverDict);
        }
        if (searchLog != 0) {
            text.append(" s").append(searchLog);
        }
        if (minMatch != 0) {
            text.append(" m").append(minMatch);
        }
        if (targetLength != 0) {
            text.append(" t").append(targetLength);
        }
        if (windowLog != 0) {
            text.append(" w").append(windowLog);
        }
        return text.append(" (L").append(level).append(')').toString();
    }
}
