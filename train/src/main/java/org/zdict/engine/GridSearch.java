package org.zdict.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.zdict.ZdictException;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.engine.codec.GzipCodec;
import org.zdict.engine.codec.KafkaLz4Codec;
import org.zdict.engine.codec.KafkaLz4Support;
import org.zdict.engine.codec.Lz4Codec;
import org.zdict.engine.codec.SnappyCodec;
import org.zdict.engine.codec.ZdictBlockCodec;
import org.zdict.engine.codec.ZstdJniCodec;

/**
 * Trains one dictionary per grid point on the training events, measures each on the held-out events
 * next to the baselines, and chooses one by the objective. Beside the zstd points, each dictionary size
 * gets an LZ4 point ({@link GridSettings#lz4Points()}): the same dictionary written as LZ4 blocks, measured
 * the same way through the codec; the choice is made among the points of {@link GridSettings#codec()}.
 */
public final class GridSearch {
    private final GridSettings settings;
    private final Meter meter;

    /** The fewest events training works with: 8 to train on, and some held out. */
    public static final int MIN_EVENTS = 10;

    public GridSearch(GridSettings settings, Timing timing) {
        this(settings, new Meter(timing));
    }

    GridSearch(GridSettings settings, Meter meter) {
        this.settings = settings;
        this.meter = meter;
    }

    public TrainingReport run(SampleSet samples, ProgressListener progress) {
        long begin = System.nanoTime();
        if (samples.train().size() < 8 || samples.holdout().isEmpty()) {
            throw new ZdictException("Too few events to train on: " + samples.eventsRead() + " read, at least "
                    + MIN_EVENTS + " are needed (and thousands work best)");
        }
        List<GridPoint> points = settings.points();
        List<byte[]> dictionaries = new ArrayList<>();
        List<Long> trainMillis = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        train(samples, points, dictionaries, trainMillis, failures, progress);
        List<GridPoint> lz4Points = settings.lz4Points();

        List<Batches> batches = settings.batchSizes().stream()
                .map(size -> Batches.of(samples.holdout(), size))
                .toList();
        List<BaselineResult> baselines = new ArrayList<>();
        List<CandidateResult> candidates = new ArrayList<>();
        int steps = 3 + settings.levels().size() + points.size() + lz4Points.size() + (settings.cpuCeiling() ? 1 : 0);
        Optional<CpuCeiling> ceiling = Optional.empty();
        try (ProgressListener.Task bar = progress.start("Evaluating", steps, "", 1)) {
            baselines.add(measureBaseline(Lz4Codec.fast(), batches, bar));
            Batches producerBatches = Batches.of(samples.holdout(), settings.producerBatch());
            baselines.add(measureBaseline(new SnappyCodec(), batches, bar));
            baselines.add(measureBaseline(new GzipCodec(), batches, bar));
            for (int level : settings.levels()) {
                baselines.add(measureBaseline(ZstdJniCodec.plain("zstd-" + level, level), batches, bar));
            }
            for (int i = 0; i < points.size(); i++) {
                measureCandidate(points.get(i), dictionaries.get(i), trainMillis.get(i), batches, candidates, bar);
            }
            for (GridPoint lz4 : lz4Points) {
                // The same dictionary as the zstd point of its size and level, written as LZ4 blocks.
                int trained = points.indexOf(new GridPoint(lz4.dictSize(), lz4.level()));
                measureCandidate(lz4, dictionaries.get(trained), trainMillis.get(trained), batches, candidates, bar);
            }
            if (settings.cpuCeiling() && !candidates.isEmpty()) {
                bar.setExtraMessage("CPU side by side with kafka-lz4");
                // Its own speed, for the report, once the JIT has run the whole grid; this also warms it up
                // for the side-by-side slices.
                Measurement kafkaLz4 = measureKafkaLz4(producerBatches, bar);
                candidates = sideBySideWithKafkaLz4(samples.holdout(), candidates);
                ceiling = Optional.of(new CpuCeiling(settings.maxCpuVsLz4(), kafkaLz4));
                bar.stepBy(1);
            }
        }
        if (candidates.isEmpty()) {
            throw new ZdictException("zstd could not train any dictionary of the grid: " + String.join("; ", failures));
        }
        TrainingReport partial = new TrainingReport(samples, settings, candidates, failures, baselines, null, 0);
        // Every point is measured and reported; the choice is made among those of the codec asked for.
        List<CandidateResult> choosable = candidates.stream()
                .filter(c -> c.point().codec() == settings.codec())
                .toList();
        Objective.Choice choice =
                settings.objective().choose(choosable, settings.minMbps(), partial.baseline("lz4"), ceiling);
        return new TrainingReport(
                samples, settings, candidates, failures, baselines, choice, (System.nanoTime() - begin) / 1_000_000);
    }

    /** Measures {@code point} with {@code dictionary} on every batch size; null: zstd could not train it. */
    private void measureCandidate(
            GridPoint point,
            byte[] dictionary,
            long trainMillis,
            List<Batches> batches,
            List<CandidateResult> candidates,
            ProgressListener.Task bar) {
        if (dictionary != null) {
            bar.setExtraMessage(point.label());
            List<Measurement> measurements = new ArrayList<>();
            try (ZdictBlockCodec codec = codec(point, dictionary)) {
                for (Batches b : batches) {
                    measurements.add(meter.measure(codec, b));
                }
            }
            candidates.add(new CandidateResult(point, dictionary, trainMillis, measurements));
        }
        bar.stepBy(1);
    }

    /** The product as it writes {@code point}'s payloads: zstd frames at its level, or LZ4 blocks. */
    private static ZdictBlockCodec codec(GridPoint point, byte[] dictionary) {
        return new ZdictBlockCodec(point.label(), point.level(), dictionary, point.codec());
    }

    /**
     * The candidates with their compression and decoding CPU per event against Kafka's lz4 on producer
     * batches, measured side by side on the same held-out events ({@link Meter#slices}), so that other
     * work on the machine weighs on both alike; the compression figure in as many passes as the ceiling
     * needs ({@link CeilingPasses}), with how much it moved. The choice holds points to the ceiling by the
     * compression figure; the decoding figure is what consumers pay, reported beside it.
     */
    private List<CandidateResult> sideBySideWithKafkaLz4(List<byte[]> holdout, List<CandidateResult> candidates) {
        List<ZdictBlockCodec> codecs = new ArrayList<>();
        try (BlockCodec lz4 = KafkaLz4Support.PRESENT ? new KafkaLz4Codec() : Lz4Codec.fast()) {
            for (CandidateResult c : candidates) {
                codecs.add(codec(c.point(), c.dictionary()));
            }
            int batch = settings.batchSizes().get(0);
            double[][] compress = CeilingPasses.measure(
                    meter, lz4, settings.producerBatch(), codecs, batch, holdout, settings.maxCpuVsLz4());
            double[] decode = meter.slices(Meter.Work.DECODE, lz4, settings.producerBatch(), codecs, batch, holdout)
                    .figures();
            List<CandidateResult> measured = new ArrayList<>();
            for (int i = 0; i < candidates.size(); i++) {
                CandidateResult c = candidates.get(i);
                List<Measurement> measurements = new ArrayList<>(c.measurements());
                measurements.set(
                        0,
                        c.primary().withCpuVsLz4(compress[i][0], compress[i][1]).withDecodeVsLz4(decode[i]));
                measured.add(new CandidateResult(c.point(), c.dictionary(), c.trainMillis(), measurements));
            }
            return measured;
        } finally {
            codecs.forEach(ZdictBlockCodec::close);
        }
    }

    /**
     * The CPU of Kafka's LZ4 on producer batches; where kafka-clients is older than 3.8 ({@link
     * KafkaLz4Support#PRESENT}), that of bare LZ4 blocks, which cost less, so the ceiling is stricter.
     */
    private Measurement measureKafkaLz4(Batches producerBatches, ProgressListener.Task bar) {
        bar.setExtraMessage("kafka-lz4");
        if (!KafkaLz4Support.PRESENT) {
            try (BlockCodec lz4 = Lz4Codec.fast()) {
                return meter.measure(lz4, producerBatches);
            }
        }
        try (KafkaLz4Codec kafkaLz4 = new KafkaLz4Codec()) {
            return meter.measure(kafkaLz4, producerBatches);
        }
    }

    private void train(
            SampleSet samples,
            List<GridPoint> points,
            List<byte[]> dictionaries,
            List<Long> trainMillis,
            List<String> failures,
            ProgressListener progress) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, settings.threads()));
        try (ProgressListener.Task bar = progress.start("Training", points.size(), "", 1)) {
            List<Future<byte[]>> futures = new ArrayList<>();
            List<long[]> millis = new ArrayList<>();
            for (GridPoint point : points) {
                long[] took = new long[1];
                millis.add(took);
                futures.add(pool.submit(() -> {
                    long start = System.nanoTime();
                    try {
                        return DictionaryTrainer.train(samples.train(), point.dictSize(), point.level());
                    } finally {
                        took[0] = (System.nanoTime() - start) / 1_000_000;
                        bar.stepBy(1);
                    }
                }));
            }
            for (int i = 0; i < points.size(); i++) {
                try {
                    dictionaries.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (!(cause instanceof ZdictException)) {
                        throw new ZdictException("Training " + points.get(i).label() + " failed: " + cause, cause);
                    }
                    dictionaries.add(null);
                    failures.add(points.get(i).label() + ": " + cause.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ZdictException("Interrupted while training", e);
                }
                trainMillis.add(millis.get(i)[0]);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private BaselineResult measureBaseline(BlockCodec codec, List<Batches> batches, ProgressListener.Task bar) {
        bar.setExtraMessage(codec.name());
        List<Measurement> measurements = new ArrayList<>();
        try (codec) {
            for (Batches b : batches) {
                measurements.add(meter.measure(codec, b));
            }
        }
        bar.stepBy(1);
        return new BaselineResult(codec.name(), measurements);
    }
}
