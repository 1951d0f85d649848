package org.zdict.engine;

import java.util.List;
import java.util.Map;
import org.zdict.registry.DictionarySet.Rule;

/**
 * One routing rule judged against the one dictionary: a dictionary per large kind and a fallback, at the
 * same total size and level, measured on the same held-out events.
 *
 * @param rule how events were told apart
 * @param kinds distinct kinds in the training events
 * @param shares each member kind, then the fallback's events; empty when not measured
 * @param members each member kind's dictionary; empty when not measured
 * @param fallback the fallback dictionary, null when not measured
 * @param fallbackTrainedOnAll whether the fallback was trained on every training event (the events left to
 *     it were too few) rather than on those left to it
 * @param measurements one per batch size, as the grid's points; empty when not measured
 * @param gain the share of held-out bytes saved against the one dictionary at the primary batch size
 *     (negative: the set stores more); NaN when not measured
 * @param cpuVsLz4 compression CPU per event against Kafka's lz4, side by side; NaN where not measured
 * @param trainMillis how long training its dictionaries took, wall clock
 * @param verdict why it was chosen or not, as a phrase
 */
public record SplitResult(
        Rule rule,
        int kinds,
        List<KindShare> shares,
        Map<String, byte[]> members,
        byte[] fallback,
        boolean fallbackTrainedOnAll,
        List<Measurement> measurements,
        double gain,
        double cpuVsLz4,
        long trainMillis,
        String verdict) {

    /** A rule that could not be measured, and why. */
    static SplitResult notMeasured(Rule rule, int kinds, String why) {
        return new SplitResult(
                rule, kinds, List.of(), Map.of(), null, false, List.of(), Double.NaN, Double.NaN, 0, why);
    }

    public boolean measured() {
        return !measurements.isEmpty();
    }

    /** The measurement at the primary batch size. */
    public Measurement primary() {
        return measurements.get(0);
    }

    /** This result with another verdict. */
    SplitResult withVerdict(String why) {
        return new SplitResult(
                rule,
                kinds,
                shares,
                members,
                fallback,
                fallbackTrainedOnAll,
                measurements,
                gain,
                cpuVsLz4,
                trainMillis,
                why);
    }

    /** This result with its CPU per event against Kafka's lz4. */
    SplitResult withCpuVsLz4(double timesLz4) {
        return new SplitResult(
                rule,
                kinds,
                shares,
                members,
                fallback,
                fallbackTrainedOnAll,
                measurements,
                gain,
                timesLz4,
                trainMillis,
                verdict);
    }

    /** This result with its dictionaries replaced (trained again on more events); the figures stay. */
    SplitResult withDictionaries(Map<String, byte[]> newMembers, byte[] newFallback) {
        return new SplitResult(
                rule,
                kinds,
                shares,
                Map.copyOf(newMembers),
                newFallback,
                fallbackTrainedOnAll,
                measurements,
                gain,
                cpuVsLz4,
                trainMillis,
                verdict);
    }
}
