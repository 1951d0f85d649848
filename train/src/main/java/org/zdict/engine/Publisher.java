package org.zdict.engine;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.zdict.ZdictException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;

/**
 * Publishes a training run's choice into a {@link DictionaryRegistry}, with the metadata that {@code zdict
 * eval} compares against (the held-out ratio, the batch it was measured on, the baselines). A chosen LZ4
 * point is published with {@link DictionaryInfo.Codec#METADATA_KEY} {@code lz4}, so that producers write LZ4
 * blocks with it.
 */
public final class Publisher {
    /** Metadata key: the chosen point's held-out ratio at the primary batch size. */
    public static final String HELD_OUT_RATIO = "heldOutRatio";
    /** Metadata key: the primary batch size. */
    public static final String BATCH = "batch";
    /** Metadata key: LZ4's ratio on the same held-out batches. */
    public static final String LZ4_RATIO = "lz4Ratio";

    private Publisher() {}

    /**
     * Publishes the chosen dictionary into {@code subject}, or reuses a non-retired version of that subject
     * with the same bytes, level and codec (so repeating a deterministic training does not pile up identical
     * versions), and activates it if asked.
     */
    public static Published publish(
            DictionaryRegistry registry, String subject, TrainingReport report, boolean activate, String by) {
        checkWorthPublishing(report);
        CandidateResult chosen = report.choice().chosen();
        Published same = publishOrReuse(
                registry,
                subject,
                chosen.dictionary(),
                chosen.point().level(),
                chosen.point().codec(),
                metadata(report, by));
        DictionaryInfo info = same.info();
        if (activate && info.status() != DictionaryInfo.Status.ACTIVE) {
            registry.activate(info.version());
            info = registry.info(info.version()).orElse(info);
        }
        return new Published(info, same.reused());
    }

    /**
     * Publishes {@code dictionary}, or returns the non-retired version of {@code subject} with the same
     * bytes, level and codec (repeating a deterministic training does not pile up identical versions).
     */
    static Published publishOrReuse(
            DictionaryRegistry registry,
            String subject,
            byte[] dictionary,
            int level,
            DictionaryInfo.Codec codec,
            Map<String, String> metadata) {
        String sha256 = Dictionary.sha256(dictionary);
        Optional<DictionaryInfo> same = registry.list().stream()
                .filter(info -> info.subject().equals(subject)
                        && info.sha256().equals(sha256)
                        && info.level() == level
                        && codecOf(info).equals(codec.label())
                        && info.status() != DictionaryInfo.Status.RETIRED)
                .findFirst();
        return same.map(info -> new Published(info, true))
                .orElseGet(() -> new Published(registry.publish(subject, dictionary, level, metadata), false));
    }

    /** The codec label recorded for {@code info}, as recorded (zstd when none is). */
    private static String codecOf(DictionaryInfo info) {
        return info.metadata().getOrDefault(DictionaryInfo.Codec.METADATA_KEY, DictionaryInfo.Codec.ZSTD.label());
    }

    /**
     * Refuses a dictionary that compresses the held-out events no better than plain zstd at its level
     * (or not at all): publishing it would make every payload larger or slower for nothing. It happens
     * when the input is not events of one kind (binary files, a mix of unrelated formats). An LZ4 point is
     * held to plain LZ4 instead, the codec it replaces.
     */
    public static void checkWorthPublishing(TrainingReport report) {
        CandidateResult chosen = report.choice().chosen();
        if (chosen.point().isLz4()) {
            checkLz4WorthPublishing(report, chosen);
            return;
        }
        double ratio = chosen.primary().ratio();
        int level = chosen.point().level();
        Optional<Double> plain =
                report.baseline("zstd-" + level).map(b -> b.primary().ratio());
        if (ratio < 1 || (plain.isPresent() && ratio <= plain.get())) {
            throw new ZdictException(String.format(
                    Locale.ROOT,
                    "Not publishing: the best dictionary (%s at level %d) compresses the held-out events %.2fx,%s"
                            + " so it would not help; the input does not look like events of one kind. Nothing was"
                            + " published",
                    Sizes.format(chosen.point().dictSize()),
                    level,
                    ratio,
                    plain.map(p -> String.format(Locale.ROOT, " no better than plain zstd-%d's %.2fx,", level, p))
                            .orElse(" below 1,")));
        }
    }

    private static void checkLz4WorthPublishing(TrainingReport report, CandidateResult chosen) {
        double ratio = chosen.primary().ratio();
        Optional<Double> plain = report.baseline("lz4").map(b -> b.primary().ratio());
        if (ratio < 1 || (plain.isPresent() && ratio <= plain.get())) {
            throw new ZdictException(String.format(
                    Locale.ROOT,
                    "Not publishing: the best LZ4 point (%s dictionary) compresses the held-out events %.2fx,%s"
                            + " so it would not help; the input does not look like events of one kind. Nothing was"
                            + " published",
                    Sizes.format(chosen.point().dictSize()),
                    ratio,
                    plain.map(p -> String.format(Locale.ROOT, " no better than plain LZ4's %.2fx,", p))
                            .orElse(" below 1,")));
        }
    }

    /**
     * @param info the version as it now stands
     * @param reused whether an identical existing version was reused instead of publishing a new one
     */
    public record Published(DictionaryInfo info, boolean reused) {}

    static Map<String, String> metadata(TrainingReport report, String by) {
        CandidateResult chosen = report.choice().chosen();
        Measurement m = chosen.primary();
        Map<String, String> metadata =
                new LinkedHashMap<>(chosen.point().codec().metadata());
        metadata.put("trainedBy", by);
        String inputs = String.join(",", report.samples().inputs());
        metadata.put("inputs", inputs.length() > 300 ? inputs.substring(0, 300) + "..." : inputs);
        metadata.put("eventsRead", Long.toString(report.samples().eventsRead()));
        metadata.put("samples", Integer.toString(report.samples().train().size()));
        metadata.put("sampleBytes", Long.toString(report.samples().trainBytes()));
        metadata.put(
                "holdoutEvents", Integer.toString(report.samples().holdout().size()));
        metadata.put("dictSize", Integer.toString(chosen.point().dictSize()));
        metadata.put("level", Integer.toString(chosen.point().level()));
        metadata.put("objective", report.settings().objective().label());
        metadata.put(BATCH, Integer.toString(m.batchSize()));
        metadata.put(HELD_OUT_RATIO, format(m.ratio()));
        metadata.put("compressMBps", String.format(Locale.ROOT, "%.0f", m.compressMBps()));
        if (!Double.isNaN(m.cpuVsLz4Spread())) {
            metadata.put("cpuVsKafkaLz4Spread", String.format(Locale.ROOT, "%.3f", m.cpuVsLz4Spread()));
        }
        if (!Double.isNaN(m.decodeVsLz4())) {
            metadata.put("decodeCpuVsKafkaLz4", String.format(Locale.ROOT, "%.2f", m.decodeVsLz4()));
        }
        report.choice().cpu().ifPresent(trade -> {
            metadata.put("cpuVsKafkaLz4", String.format(Locale.ROOT, "%.2f", trade.timesLz4()));
            metadata.put("cpuTolerance", String.format(Locale.ROOT, "%.3f", CpuCeiling.TOLERANCE));
            metadata.put("ratioGivenUp", String.format(Locale.ROOT, "%.4f", trade.ratioGivenUp()));
        });
        report.baseline("lz4")
                .ifPresent(b -> metadata.put(LZ4_RATIO, format(b.primary().ratio())));
        report.baseline("zstd-" + chosen.point().level())
                .ifPresent(b -> metadata.put("zstdRatio", format(b.primary().ratio())));
        return metadata;
    }

    private static String format(double ratio) {
        return String.format(Locale.ROOT, "%.4f", ratio);
    }
}
