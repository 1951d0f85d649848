package org.zdict.engine;

import java.util.List;
import org.zdict.engine.input.EventInput;
import org.zdict.engine.input.OnError;
import org.zdict.registry.DictionaryInfo;

/**
 * What one training run reads, tries and how it chooses: the event sources, the sample limits and
 * held-out share, the grid (dictionary sizes x levels), the batch sizes, the objective with its speed
 * floor and CPU ceiling, and how speeds are timed. {@link #builder} starts from the defaults that
 * {@code zdict train} runs with when given no options.
 *
 * @param inputs where the events come from, read in this order
 * @param sampling how they are sampled and split
 * @param grid what is trained and measured, and how one point is chosen
 * @param timing how speeds are measured
 */
public record TrainingPlan(List<EventInput> inputs, SampleSettings sampling, GridSettings grid, Timing timing) {

    public TrainingPlan {
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("A training plan needs at least one event source");
        }
    }

    /** A plan for {@code inputs} with every setting at its default. */
    public static Builder builder(List<EventInput> inputs) {
        return new Builder(inputs);
    }

    /** A plan for {@code inputs} with every setting at its default. */
    public static Builder builder(EventInput... inputs) {
        return new Builder(List.of(inputs));
    }

    /** Sets what differs from the defaults; each default is written here, once. */
    public static final class Builder {
        private final List<EventInput> inputs;
        private List<Integer> dictSizes = List.of(16 << 10, 64 << 10, 112 << 10, 256 << 10, 512 << 10);
        private List<Integer> levels = List.of(1, 3, 5);
        private List<Integer> batchSizes = List.of(1, 4);
        private Objective objective = Objective.BALANCED;
        private double minMbps = 100;
        private int threads = Runtime.getRuntime().availableProcessors();
        private int producerBatch = 4;
        private double maxCpuVsLz4 = 1;
        private DictionaryInfo.Codec codec = DictionaryInfo.Codec.ZSTD;
        private SplitBy splitBy = SplitBy.AUTO;
        private int maxSamples = 200_000;
        private long maxSampleBytes = 32L << 20;
        private double holdout = 0.2;
        private HoldoutFrom holdoutFrom = HoldoutFrom.RANDOM;
        private long seed = 1;
        private OnError onError = OnError.FAIL;
        private Timing timing = Timing.DEFAULT;

        private Builder(List<EventInput> inputs) {
            this.inputs = inputs;
        }

        /** Dictionary size limits to try, in bytes (default 16K, 64K, 112K, 256K, 512K). */
        public Builder dictSizes(List<Integer> dictSizes) {
            this.dictSizes = List.copyOf(dictSizes);
            return this;
        }

        /** zstd levels to try (default 1, 3, 5). */
        public Builder levels(List<Integer> levels) {
            this.levels = List.copyOf(levels);
            return this;
        }

        /** Events per payload to measure; the choice uses the first (default 1, 4). */
        public Builder batchSizes(List<Integer> batchSizes) {
            this.batchSizes = List.copyOf(batchSizes);
            return this;
        }

        /** How to choose (default {@link Objective#BALANCED}). */
        public Builder objective(Objective objective) {
            this.objective = objective;
            return this;
        }

        /** Only choose points that compress at least this fast, 10^6 bytes per second (default 100). */
        public Builder minMbps(double minMbps) {
            this.minMbps = minMbps;
            return this;
        }

        /** Dictionaries trained at once (default: the number of CPUs). */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** Records a producer sends per batch, the batch the CPU ceiling compares with (default 4). */
        public Builder producerBatch(int producerBatch) {
            this.producerBatch = producerBatch;
            return this;
        }

        /**
         * The most compression CPU per event {@code balanced} may choose, as a multiple of Kafka's lz4 on
         * {@link #producerBatch} events (default 1; 0 turns the ceiling off). The ceiling measures Kafka's
         * own lz4, so it needs kafka-clients on the class path.
         */
        public Builder maxCpuVsLz4(double maxCpuVsLz4) {
            this.maxCpuVsLz4 = maxCpuVsLz4;
            return this;
        }

        /**
         * The codec to choose among (default {@link DictionaryInfo.Codec#ZSTD}): LZ4 points are measured and
         * reported either way, but chosen only when asked for.
         */
        public Builder codec(DictionaryInfo.Codec codec) {
            this.codec = codec;
            return this;
        }

        /** The most events to sample, training plus held-out (default 200,000). */
        public Builder maxSamples(int maxSamples) {
            this.maxSamples = maxSamples;
            return this;
        }

        /** The most bytes of events to sample (default 32 MiB). */
        public Builder maxSampleBytes(long maxSampleBytes) {
            this.maxSampleBytes = maxSampleBytes;
            return this;
        }

        /** The share of the sample held out for evaluation, never trained on (default 0.2). */
        public Builder holdout(double holdout) {
            this.holdout = holdout;
            return this;
        }

        /** Which events are held out (default {@link HoldoutFrom#RANDOM}). */
        public Builder holdoutFrom(HoldoutFrom holdoutFrom) {
            this.holdoutFrom = holdoutFrom;
            return this;
        }

        /** The seed of the sampling and the random split (default 1). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** What a malformed event does (default {@link OnError#FAIL}). */
        public Builder onError(OnError onError) {
            this.onError = onError;
            return this;
        }

        /** Whether one dictionary per kind of event competes with the one dictionary (default {@link SplitBy#AUTO}). */
        public Builder splitBy(SplitBy splitBy) {
            this.splitBy = splitBy;
            return this;
        }

        /** How speeds are measured (default {@link Timing#DEFAULT}). */
        public Builder timing(Timing timing) {
            this.timing = timing;
            return this;
        }

        public TrainingPlan build() {
            return new TrainingPlan(
                    inputs,
                    new SampleSettings(maxSamples, maxSampleBytes, holdout, holdoutFrom, seed, onError),
                    new GridSettings(
                            dictSizes,
                            levels,
                            batchSizes,
                            objective,
                            minMbps,
                            threads,
                            producerBatch,
                            maxCpuVsLz4,
                            codec,
                            splitBy),
                    timing);
        }
    }
}
