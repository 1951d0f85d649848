package org.zdict.engine;

import java.util.List;
import java.util.Optional;

/**
 * What the search for one dictionary per kind of event found: every rule judged, side by side with the
 * one dictionary the grid chose, and the split chosen, if one paid ({@link SplitSearch#MIN_GAIN}).
 *
 * @param splitBy what was asked
 * @param single the grid's choice the splits compete with, at its size and level; null when none was judged
 * @param singleCpuVsLz4 its compression CPU per event against Kafka's lz4, measured in the same run as the
 *     splits'; NaN without a CPU ceiling
 * @param judged every rule judged, in the order judged
 * @param chosen the split to publish, empty for one dictionary
 * @param elapsedMillis how long the search took
 */
public record SplitReport(
        SplitBy splitBy,
        CandidateResult single,
        double singleCpuVsLz4,
        List<SplitResult> judged,
        Optional<SplitResult> chosen,
        long elapsedMillis) {

    /** No split asked for ({@code --split-by none}). */
    public static SplitReport none() {
        return new SplitReport(SplitBy.NONE, null, Double.NaN, List.of(), Optional.empty(), 0);
    }

    /** {@return this report with its chosen split's dictionaries replaced, the figures kept} */
    SplitReport withChosen(SplitResult replaced) {
        List<SplitResult> all = judged.stream()
                .map(s -> chosen.isPresent() && s == chosen.get() ? replaced : s)
                .toList();
        return new SplitReport(splitBy, single, singleCpuVsLz4, all, Optional.of(replaced), elapsedMillis);
    }
}
