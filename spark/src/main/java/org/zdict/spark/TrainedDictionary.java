package org.zdict.spark;

import java.util.Optional;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.Publisher;
import org.zdict.engine.TrainingResult;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;

/**
 * What {@link ZdictTraining#train} trained and published: the engine's result (every grid point, the
 * baselines, the choice and its reason, the sample) and the version it became in the registry.
 *
 * @param result what the engine measured and chose, as {@code zdict train} reports it
 * @param published the version published, or the identical existing version that was reused; with a set,
 *     its fallback
 * @param set the dictionary set published when one dictionary per kind of event paid (its members route
 *     events by kind, the fallback is {@link #version()}); empty for one dictionary
 */
public record TrainedDictionary(TrainingResult result, Publisher.Published published, Optional<DictionarySet> set) {

    /**
     * @return the version in the registry
     */
    public int version() {
        return published.info().version();
    }

    /**
     * @return the chosen point's compression ratio on the held-out events, at the plan's first batch size
     */
    public double heldOutRatio() {
        return chosen().primary().ratio();
    }

    /**
     * @return the chosen dictionary size limit, in bytes
     */
    public int dictSize() {
        return chosen().point().dictSize();
    }

    /**
     * @return the chosen zstd level
     */
    public int level() {
        return chosen().point().level();
    }

    /**
     * @return the events sampled, training plus held-out
     */
    public int eventsSampled() {
        return result.samples().train().size() + result.samples().holdout().size();
    }

    private CandidateResult chosen() {
        return result.chosen().choice().chosen();
    }

    /**
     * @return the published version as the registry describes it
     */
    public DictionaryInfo info() {
        return published.info();
    }
}
