package org.zdict.cli;

import java.util.List;
import org.zdict.engine.GridSettings;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Objective;
import org.zdict.engine.SplitBy;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryInfo;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How {@code zdict train} samples, trains and chooses: the grid, the sample limits, the hold-out and the
 * objective, as options that become the engine's {@link TrainingPlan}. Their defaults are the plan's
 * ({@link TrainingPlan.Builder}); {@code TrainingOptionsTest} keeps the two equal. {@code train} takes
 * them as options, {@code demo} runs with {@link #defaults()}.
 */
public final class TrainingOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--dict-size",
            split = ",",
            paramLabel = "SIZE",
            defaultValue = "16K,64K,112K,256K,512K",
            converter = ListConverters.DictSize.class,
            description = "Dictionary sizes to try (default: ${DEFAULT-VALUE}).")
    List<Integer> dictSizes;

    @Option(
            names = "--level",
            split = ",",
            paramLabel = "LEVEL",
            defaultValue = "1,3,5",
            converter = ListConverters.Level.class,
            description = "zstd levels to try (default: ${DEFAULT-VALUE}).")
    List<Integer> levels;

    @Option(
            names = "--batch",
            split = ",",
            paramLabel = "N",
            defaultValue = "1,4",
            converter = ListConverters.BatchSize.class,
            description = "Events per payload to evaluate; the choice uses the first (default: ${DEFAULT-VALUE}).")
    List<Integer> batchSizes;

    @Option(
            names = "--holdout",
            paramLabel = "FRACTION",
            defaultValue = "20%",
            converter = ListConverters.Fraction.class,
            description = "Share of the sample held out for evaluation, never trained on (default: ${DEFAULT-VALUE}).")
    double holdout;

    @Option(
            names = "--holdout-from",
            paramLabel = "WHICH",
            defaultValue = "random",
            description = "Which events to hold out (${COMPLETION-CANDIDATES}): a random share of the sample, or the"
                    + " latest events in input order, what a dictionary trained now meets next, drift included"
                    + " (default: ${DEFAULT-VALUE}).")
    HoldoutFrom holdoutFrom;

    @Option(
            names = "--objective",
            paramLabel = "OBJECTIVE",
            defaultValue = "balanced",
            description = "How to choose: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Objective objective;

    @Option(
            names = "--min-mbps",
            paramLabel = "MB/s",
            defaultValue = "100",
            description = "Only choose dictionaries that compress at least this fast, in CPU time; a speed under it"
                    + " by no more than how much it moved among its timed rounds (5%% to 15%%) counts as reaching"
                    + " it (default: ${DEFAULT-VALUE}).")
    double minMbps;

    @Option(
            names = "--max-cpu-vs-lz4",
            paramLabel = "X",
            defaultValue = "1",
            description = "--objective balanced only chooses a dictionary whose compression costs at most X times"
                    + " the CPU per event of Kafka's lz4 on batches of --producer-batch events, measured side by"
                    + " side; if none within its ratio tolerance does, it takes the best ratio among those that do;"
                    + " if none at all does, the cheapest, and says the ceiling is not met; 0 turns it off"
                    + " (default: ${DEFAULT-VALUE}).")
    double maxCpuVsLz4;

    @Option(
            names = "--producer-batch",
            paramLabel = "N",
            defaultValue = "4",
            description = "Records a producer typically sends per batch, the lz4 batch --max-cpu-vs-lz4 compares"
                    + " with (default: ${DEFAULT-VALUE}).")
    int producerBatch;

    @Option(
            names = "--codec",
            paramLabel = "CODEC",
            converter = ListConverters.Codec.class,
            description = "What the published version's payloads are: zstd frames, or LZ4 blocks with the"
                    + " dictionary (lz4: an opt-in for CPU-bound consumers of small events; consumers must run"
                    + " a zdict release that reads them). LZ4 points are measured and reported either way;"
                    + " only points of this codec are chosen (default: zstd; retrain: the active version's).")
    DictionaryInfo.Codec codec;

    @Mixin
    SamplingOptions sampling;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Dictionaries trained at once (default: the number of CPUs).")
    int threads = Runtime.getRuntime().availableProcessors();

    /**
     * Whether dictionaries per kind of event compete ({@code train}'s {@code --split-by}); {@code retrain}
     * sets none, as it judges one dictionary against the active one.
     */
    SplitBy splitBy = SplitBy.AUTO;

    /** Every option at its default, as {@code zdict train} runs without them. */
    static TrainingOptions defaults() {
        TrainingOptions options = new TrainingOptions();
        new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true).parseArgs();
        return options;
    }

    /** The codec given with {@code --codec}, or {@code otherwise} when it was not given. */
    DictionaryInfo.Codec codecOr(DictionaryInfo.Codec otherwise) {
        return codec == null ? otherwise : codec;
    }

    /** Chooses among {@code codec}'s points, unless {@code --codec} was given. */
    void defaultCodec(DictionaryInfo.Codec otherwise) {
        codec = codecOr(otherwise);
    }

    /** Refuses values that each option's type allows but training does not; usage errors name them. */
    void check() {
        if (sampling.maxSamples < 10) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--max-samples': " + sampling.maxSamples + " is below 10");
        }
        if (producerBatch < 1) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--producer-batch': " + producerBatch + " is below 1");
        }
        if (!(maxCpuVsLz4 >= 0) || Double.isInfinite(maxCpuVsLz4)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--max-cpu-vs-lz4': " + maxCpuVsLz4 + " is not a finite number >= 0");
        }
        if (threads < 1) {
            throw new ParameterException(
                    spec.commandLine(), "Invalid value for option '--threads': " + threads + " is below 1");
        }
    }

    /** The engine's plan for {@code inputs}: every option as given, the timing from system properties. */
    TrainingPlan plan(List<EventInput> inputs) {
        return TrainingPlan.builder(inputs)
                .dictSizes(dictSizes)
                .levels(levels)
                .batchSizes(batchSizes)
                .objective(objective)
                .minMbps(minMbps)
                .threads(threads)
                .producerBatch(producerBatch)
                .maxCpuVsLz4(maxCpuVsLz4)
                .codec(codecOr(DictionaryInfo.Codec.ZSTD))
                .splitBy(splitBy)
                .maxSamples(sampling.maxSamples)
                .maxSampleBytes(sampling.maxSampleBytes)
                .holdout(holdout)
                .holdoutFrom(holdoutFrom)
                .seed(sampling.seed)
                .onError(sampling.onError)
                .timing(TimingProperties.read())
                .build();
    }

    GridSettings grid() {
        return new GridSettings(
                dictSizes,
                levels,
                batchSizes,
                objective,
                minMbps,
                threads,
                producerBatch,
                maxCpuVsLz4,
                codecOr(DictionaryInfo.Codec.ZSTD),
                splitBy);
    }

    HoldoutFrom holdoutFrom() {
        return holdoutFrom;
    }
}
