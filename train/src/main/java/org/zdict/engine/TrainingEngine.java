package org.zdict.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.zdict.engine.input.MalformedEventException;

/**
 * Runs a {@link TrainingPlan}: reads and samples the events, trains one dictionary per grid point,
 * measures each on the held-out events next to the baselines, and chooses one by the objective. With
 * the latest events held out, the chosen point is trained again on the whole sample, so the dictionary
 * knows the newest events too.
 *
 * <p>Events need not be JSON: the sources of {@link org.zdict.engine.input.EventInput#ofEvents} and
 * topics give opaque values (Avro, Protobuf, anything), trained and measured the same way; only files
 * and standard input are read as JSON events.
 */
public final class TrainingEngine {
    private final ProgressListener progress;
    private final Consumer<MalformedEventException> skipped;

    /** Without progress, skipping malformed events silently where the plan skips them. */
    public TrainingEngine() {
        this(ProgressListener.NONE, malformed -> {});
    }

    /**
     * @param progress told how reading, training and measuring advance
     * @param skipped told about every malformed event that is skipped (where the plan skips them)
     */
    public TrainingEngine(ProgressListener progress, Consumer<MalformedEventException> skipped) {
        this.progress = progress;
        this.skipped = skipped;
    }

    /** Samples, trains and chooses. */
    public TrainingResult run(TrainingPlan plan) throws IOException {
        return train(plan, sample(plan));
    }

    /** Reads the plan's inputs once into a bounded sample, split into training and held-out events. */
    public SampleSet sample(TrainingPlan plan) throws IOException {
        return new Sampler(plan.sampling()).read(plan.inputs(), System.in, progress, skipped);
    }

    /** Trains and measures the plan's grid on {@code samples}, and chooses. */
    public TrainingResult train(TrainingPlan plan, SampleSet samples) {
        TrainingReport measured = new GridSearch(plan.grid(), plan.timing()).run(samples, progress);
        SplitReport split = new SplitSearch(plan.grid(), plan.timing())
                .run(samples, measured, plan.grid().splitBy(), progress);
        if (plan.sampling().holdoutFrom() != HoldoutFrom.LATEST) {
            return new TrainingResult(measured, measured, split);
        }
        return new TrainingResult(
                measured,
                measured.withChosenDictionary(
                        trainOnEverySample(samples, measured.choice().chosen().point())),
                SplitSearch.trainOnEverySample(samples, split, plan.grid().threads()));
    }

    /** A dictionary for {@code point} trained on every sampled event, the held-out ones included. */
    public static byte[] trainOnEverySample(SampleSet samples, GridPoint point) {
        List<byte[]> every = new ArrayList<>(samples.train());
        every.addAll(samples.holdout());
        return DictionaryTrainer.train(every, point.dictSize(), point.level());
    }
}
