package org.zdict.engine;

/**
 * What a training run found and chose.
 *
 * @param measured the grid search as measured: every grid point, the baselines and the choice with its
 *     reason; its dictionaries never saw the held-out events
 * @param chosen the report to publish: {@code measured}, or, with the latest events held out, the chosen
 *     point trained again on the whole sample (the figures stay those of {@code measured})
 * @param split one dictionary per kind of event judged against {@code measured}'s choice; its chosen
 *     split, if any, is what to publish instead, trained again on the whole sample as {@code chosen} is
 */
public record TrainingResult(TrainingReport measured, TrainingReport chosen, SplitReport split) {

    public SampleSet samples() {
        return measured.samples();
    }

    /** Whether the chosen point was trained again on every sampled event, the held-out ones included. */
    public boolean retrainedOnEverySample() {
        return chosen != measured;
    }
}
