package org.zdict.engine;

import java.util.List;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Whether a retrain would likely pay, found cheaply: one dictionary like an existing version (its size and
 * level) trained on the older four fifths of the events, and both measured on the newest fifth at one
 * batch size.
 *
 * @param olderEvents how many events the candidate was trained on
 * @param newestEvents how many of the newest events both were measured on
 * @param version the existing version on the newest events
 * @param candidate the candidate on the same events
 */
public record QuickCandidate(int olderEvents, int newestEvents, Measurement version, Measurement candidate) {
    /** The fewest newest events a quick candidate is judged on. */
    public static final int MIN_NEWEST_EVENTS = 50;
    /** The fewest events a quick candidate needs: its newest fifth must reach {@link #MIN_NEWEST_EVENTS}. */
    public static final int MIN_EVENTS = MIN_NEWEST_EVENTS * 5;
    /** The gain over the version from which a retrain is said to pay. */
    public static final double PAYS = 0.05;

    /**
     * Trains the candidate on the older four fifths of {@code newestFirst} and measures it and {@code version}
     * on the newest fifth.
     *
     * @param newestFirst at least {@link #MIN_EVENTS} events, the newest first
     * @throws RuntimeException as {@link DictionaryTrainer#train} does, when zstd cannot train on the older events
     */
    public static QuickCandidate train(Dictionary version, List<byte[]> newestFirst, int batchSize, Timing timing) {
        if (newestFirst.size() < MIN_EVENTS) {
            throw new IllegalArgumentException(
                    "A quick candidate needs at least " + MIN_EVENTS + " events, got " + newestFirst.size());
        }
        int held = newestFirst.size() / 5;
        List<byte[]> newest = newestFirst.subList(0, held);
        List<byte[]> older = newestFirst.subList(held, newestFirst.size());
        int level = version.info().level();
        byte[] candidate = DictionaryTrainer.train(older, version.info().size(), level);
        VersionEvaluation evaluation = new VersionEvaluation(newest, List.of(batchSize), timing);
        return new QuickCandidate(
                older.size(),
                newest.size(),
                evaluation.version(version).get(0),
                evaluation
                        .dictionary(candidate, level, DictionaryInfo.Codec.of(version.info()))
                        .get(0));
    }

    /** The candidate's ratio over the version's, minus 1. */
    public double gain() {
        return candidate.ratio() / version.ratio() - 1;
    }

    /** Whether the gain reaches {@link #PAYS}. */
    public boolean pays() {
        return gain() >= PAYS;
    }
}
