package org.zdict.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.zdict.ZdictException;
import org.zdict.engine.codec.BlockCodec;
import org.zdict.engine.codec.KafkaLz4Codec;
import org.zdict.engine.codec.KafkaLz4Support;
import org.zdict.engine.codec.Lz4Codec;
import org.zdict.engine.codec.ZdictBlockCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.DictionarySet.Rule;

/**
 * Judges one dictionary per kind of event against the grid's choice: for each rule ({@link
 * SplitCandidates} under {@code auto}), a dictionary per large kind and a fallback ({@link SplitTrainer}),
 * together the chosen point's size at its level, measured on the same held-out events with each event
 * routed as writers route it, routing scan included in the CPU. A split is chosen only if it stores at
 * least {@link #MIN_GAIN} fewer held-out bytes, compresses at the speed floor (where the one dictionary
 * does) and costs no more CPU per event than the CPU ceiling, or than the one dictionary where that is
 * over the ceiling; of those, the cheapest to write with among those within {@link #CLOSE_GAIN} of the largest gain. Splits are judged at the chosen size only: each costs
 * about the training of one more grid point, so every size would multiply the run's time.
 */
final class SplitSearch {
    /** The fewest training events a kind needs for a dictionary of its own; smaller kinds use the fallback. */
    static final int MIN_KIND_EVENTS = 200;
    /**
     * The share of held-out bytes a split must save to be chosen. Both are measured on the same held-out
     * events, so this is not sampling noise; it is the margin for what a set costs besides (a routing scan
     * per event, more versions to load and cache) and for the gap between dictionaries of neighbouring
     * sizes trained on the same events, which is of this order, so that homogeneous data never gets a
     * set that buys nothing.
     */
    static final double MIN_GAIN = 0.02;
    /**
     * Splits whose gains are this close to the best one's count as equal, and the cheapest of them to write
     * with is chosen: on the shared dumps the gains of a field and of the shape come within a point of each
     * other, while finding the shape costs several times the scan of one field.
     */
    static final double CLOSE_GAIN = 0.01;

    private final GridSettings settings;
    private final Meter meter;

    SplitSearch(GridSettings settings, Timing timing) {
        this(settings, new Meter(timing));
    }

    SplitSearch(GridSettings settings, Meter meter) {
        this.settings = settings;
        this.meter = meter;
    }

    /**
     * Judges the rules {@code splitBy} names against {@code measured}'s choice. A header rule cannot be
     * judged on sampled values (they carry no headers): callers refuse it first.
     */
    SplitReport run(SampleSet samples, TrainingReport measured, SplitBy splitBy, ProgressListener progress) {
        if (splitBy.isNone()) {
            return SplitReport.none();
        }
        if (splitBy.needsHeaders()) {
            throw new IllegalArgumentException("A header rule needs the records' headers, which samples do not keep");
        }
        long begin = System.nanoTime();
        CandidateResult single = measured.choice().chosen();
        List<Rule> rules = splitBy.isAuto()
                ? SplitCandidates.rules(samples.train())
                : List.of(splitBy.rule().orElseThrow());
        List<SplitResult> judged = new ArrayList<>();
        if (single.point().isLz4()) {
            for (Rule rule : rules) {
                judged.add(SplitResult.notMeasured(rule, 0, "splits are judged for zstd only"));
            }
            return new SplitReport(splitBy, single, Double.NaN, judged, Optional.empty(), millisSince(begin));
        }
        List<ZdictBlockCodec> codecs = new ArrayList<>();
        try (ProgressListener.Task bar = progress.start("Judging splits", rules.size(), "", 1)) {
            for (Rule rule : rules) {
                bar.setExtraMessage(rule.text());
                judged.add(measure(rule, samples, single, codecs));
                bar.stepBy(1);
            }
            double singleCpu = Double.NaN;
            if (settings.cpuCeiling() && !codecs.isEmpty()) {
                bar.setExtraMessage("CPU side by side with kafka-lz4");
                double[] cpu = cpuVsLz4(samples.holdout(), single, codecs);
                singleCpu = cpu[0];
                int next = 1;
                for (int i = 0; i < judged.size(); i++) {
                    if (judged.get(i).measured()) {
                        judged.set(i, judged.get(i).withCpuVsLz4(cpu[next++]));
                    }
                }
            }
            return choose(splitBy, single, singleCpu, judged, millisSince(begin));
        } finally {
            codecs.forEach(ZdictBlockCodec::close);
        }
    }

    /** Trains and measures one rule at the single dictionary's size and level; keeps its codec open in {@code codecs}. */
    private SplitResult measure(Rule rule, SampleSet samples, CandidateResult single, List<ZdictBlockCodec> codecs) {
        KindGrouping grouping = KindGrouping.of(rule, samples.train());
        int kinds = grouping.byKind().size();
        int size = single.point().dictSize();
        SplitTrainer.Allocation allocation = SplitTrainer.allocate(grouping, size);
        if (allocation == null) {
            return SplitResult.notMeasured(
                    rule,
                    kinds,
                    kinds <= 1
                            ? "one kind only"
                            : "no kind has " + MIN_KIND_EVENTS + " training events and "
                                    + Sizes.format(SplitTrainer.MIN_DICT_BYTES) + " of the " + Sizes.format(size)
                                    + " beside a fallback");
        }
        SplitTrainer.Trained trained;
        try {
            trained = SplitTrainer.train(
                    grouping, samples.train(), allocation, single.point().level(), settings.threads());
        } catch (ZdictException e) {
            return SplitResult.notMeasured(rule, kinds, e.getMessage());
        }
        ZdictBlockCodec codec = new ZdictBlockCodec(
                rule.text(),
                single.point().level(),
                withSet(rule, single.point().level(), trained));
        codecs.add(codec);
        List<Measurement> measurements = new ArrayList<>();
        for (int batch : settings.batchSizes()) {
            measurements.add(meter.measure(codec, Batches.of(samples.holdout(), batch)));
        }
        List<KindShare> shares = shares(grouping, allocation, samples.holdout(), rule, codec, single);
        double gain = 1
                - (double) measurements.get(0).compressedBytes()
                        / single.primary().compressedBytes();
        return new SplitResult(
                rule,
                kinds,
                shares,
                trained.members(),
                trained.fallback(),
                trained.fallbackOnAll(),
                measurements,
                gain,
                Double.NaN,
                trained.millis(),
                "");
    }

    /**
     * An in-memory registry whose active state is {@code trained} as a set, so that a codec over it routes
     * every event as writers do, the routing scan included in the time measured.
     */
    private static DictionaryRegistry withSet(Rule rule, int level, SplitTrainer.Trained trained) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        int fallback = registry.publish(trained.fallback(), level, Map.of()).version();
        Map<String, Integer> members = new LinkedHashMap<>();
        trained.members()
                .forEach((kind, dictionary) -> members.put(
                        kind, registry.publish(dictionary, level, Map.of()).version()));
        registry.activateSet(new DictionarySet(rule, fallback, members));
        return registry;
    }

    /** Each member's figures, then the fallback's: held-out events compressed one by one, with the set and alone. */
    private static List<KindShare> shares(
            KindGrouping grouping,
            SplitTrainer.Allocation allocation,
            List<byte[]> holdout,
            Rule rule,
            ZdictBlockCodec codec,
            CandidateResult single) {
        Map<String, long[]> byKind = new LinkedHashMap<>();
        allocation.members().keySet().forEach(kind -> byKind.put(kind, new long[4]));
        long[] rest = new long[4];
        try (ZdictBlockCodec alone =
                new ZdictBlockCodec("single", single.point().level(), single.dictionary())) {
            byte[] scratch = new byte[codec.maxCompressedLength(Sampler.MAX_EVENT_BYTES)];
            for (byte[] event : holdout) {
                String kind = KindGrouping.kindOf(rule, event);
                long[] sums = kind != null && byKind.containsKey(kind) ? byKind.get(kind) : rest;
                sums[0]++;
                sums[1] += event.length;
                sums[2] += codec.compress(event, 0, event.length, scratch);
                sums[3] += alone.compress(event, 0, event.length, scratch);
            }
        }
        List<KindShare> shares = new ArrayList<>();
        int inMembers = 0;
        for (Map.Entry<String, long[]> kind : byKind.entrySet()) {
            long[] s = kind.getValue();
            int trainEvents = grouping.count(kind.getKey());
            inMembers += trainEvents;
            shares.add(new KindShare(
                    kind.getKey(), trainEvents, allocation.members().get(kind.getKey()), (int) s[0], s[1], s[2], s[3]));
        }
        int all = grouping.noKind().size()
                + grouping.byKind().values().stream().mapToInt(List::size).sum();
        shares.add(
                new KindShare(null, all - inMembers, allocation.fallback(), (int) rest[0], rest[1], rest[2], rest[3]));
        return shares;
    }

    /** The single dictionary's CPU per event against Kafka's lz4, then each split's, side by side. */
    private double[] cpuVsLz4(List<byte[]> holdout, CandidateResult single, List<ZdictBlockCodec> sets) {
        List<BlockCodec> codecs = new ArrayList<>();
        try (BlockCodec lz4 = KafkaLz4Support.PRESENT ? new KafkaLz4Codec() : Lz4Codec.fast();
                ZdictBlockCodec alone =
                        new ZdictBlockCodec("single", single.point().level(), single.dictionary())) {
            codecs.add(alone);
            codecs.addAll(sets);
            return meter.slices(
                            Meter.Work.COMPRESS,
                            lz4,
                            settings.producerBatch(),
                            codecs,
                            settings.batchSizes().get(0),
                            holdout)
                    .figures();
        }
    }

    /** Gives each measured split its verdict and chooses among those that pay ({@link #CLOSE_GAIN}). */
    private SplitReport choose(
            SplitBy splitBy, CandidateResult single, double singleCpu, List<SplitResult> judged, long millis) {
        List<SplitResult> verdicts = new ArrayList<>();
        List<SplitResult> paying = new ArrayList<>();
        SplitResult best = null;
        for (SplitResult split : judged) {
            if (!split.measured()) {
                verdicts.add(split);
                continue;
            }
            String why = whyNot(split, single, singleCpu);
            SplitResult judgedSplit = split.withVerdict(why == null ? "pays" : why);
            verdicts.add(judgedSplit);
            if (why == null) {
                paying.add(judgedSplit);
            }
        }
        double bestGain = paying.stream().mapToDouble(SplitResult::gain).max().orElse(Double.NaN);
        for (SplitResult split : paying) {
            if (split.gain() >= bestGain - CLOSE_GAIN && (best == null || cheaper(split, best))) {
                best = split;
            }
        }
        if (best != null) {
            int at = verdicts.indexOf(best);
            best = best.withVerdict("chosen");
            verdicts.set(at, best);
        }
        return new SplitReport(splitBy, single, singleCpu, verdicts, Optional.ofNullable(best), millis);
    }

    /**
     * Whether {@code a} costs less to write with than {@code b}: less CPU per event where both were measured
     * side by side, else fewer dictionaries to load and cache.
     */
    private static boolean cheaper(SplitResult a, SplitResult b) {
        if (!Double.isNaN(a.cpuVsLz4()) && !Double.isNaN(b.cpuVsLz4())) {
            return a.cpuVsLz4() < b.cpuVsLz4();
        }
        return a.members().size() < b.members().size();
    }

    /** Why {@code split} does not pay, or null when it does. */
    private String whyNot(SplitResult split, CandidateResult single, double singleCpu) {
        if (split.gain() < MIN_GAIN) {
            return String.format(
                    Locale.ROOT, "saves %.1f%%, under the %.0f%% needed", 100 * split.gain(), 100 * MIN_GAIN);
        }
        double minMbps = settings.minMbps();
        if (!SpeedFloor.reaches(split.primary(), minMbps) && SpeedFloor.reaches(single.primary(), minMbps)) {
            return String.format(
                    Locale.ROOT,
                    "compresses at %.0f MB/s, under the %.0f MB/s floor",
                    split.primary().compressMBps(),
                    minMbps);
        }
        if (!Double.isNaN(split.cpuVsLz4())) {
            double allowed = Math.max(settings.maxCpuVsLz4(), singleCpu) * (1 + CpuCeiling.TOLERANCE);
            if (split.cpuVsLz4() > allowed) {
                return String.format(
                        Locale.ROOT,
                        "costs %.2fx Kafka lz4's CPU per event, over the %.2fx allowed",
                        split.cpuVsLz4(),
                        allowed);
            }
        }
        return null;
    }

    /**
     * The chosen split's dictionaries trained again on every sampled event, the held-out ones included,
     * at the same sizes (with the latest events held out, as the single dictionary is).
     */
    static SplitReport trainOnEverySample(SampleSet samples, SplitReport report, int threads) {
        if (report.chosen().isEmpty()) {
            return report;
        }
        SplitResult chosen = report.chosen().get();
        List<byte[]> every = new ArrayList<>(samples.train());
        every.addAll(samples.holdout());
        KindGrouping grouping = KindGrouping.of(chosen.rule(), every);
        Map<String, Integer> sizes = new LinkedHashMap<>();
        int fallbackSize = 0;
        for (KindShare share : chosen.shares()) {
            if (share.isFallback()) {
                fallbackSize = share.dictSize();
            } else {
                sizes.put(share.kind(), share.dictSize());
            }
        }
        SplitTrainer.Trained trained = SplitTrainer.train(
                grouping,
                every,
                new SplitTrainer.Allocation(sizes, fallbackSize),
                report.single().point().level(),
                threads);
        return report.withChosen(chosen.withDictionaries(trained.members(), trained.fallback()));
    }

    private static long millisSince(long begin) {
        return (System.nanoTime() - begin) / 1_000_000;
    }
}
