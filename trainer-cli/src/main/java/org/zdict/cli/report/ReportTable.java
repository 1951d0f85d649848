package org.zdict.cli.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.zdict.engine.BaselineResult;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.GridPoint;
import org.zdict.engine.SampleSet;
import org.zdict.engine.Sampler;
import org.zdict.engine.Sizes;
import org.zdict.engine.TrainingReport;
import org.zdict.registry.DictionaryInfo;

/** The grid search as a terminal table: one row per baseline and per grid point, the choice starred. */
public final class ReportTable {
    private ReportTable() {}

    /** ", skipped 3 malformed and 1 over 1 MiB", or nothing when no event was skipped. */
    static String skippedNote(SampleSet samples) {
        List<String> parts = new ArrayList<>();
        if (samples.skipped() > 0) {
            parts.add(samples.skipped() + " malformed");
        }
        if (samples.oversized() > 0) {
            parts.add(samples.oversized() + " over " + Sampler.maxEventSizeLabel());
        }
        return parts.isEmpty() ? "" : ", skipped " + String.join(" and ", parts);
    }

    public static void print(TrainingReport report, PrintWriter out) {
        SampleSet samples = report.samples();
        List<Integer> batchSizes = report.settings().batchSizes();
        out.printf(
                Locale.ROOT,
                "Read %,d events (%s) from %s%s.%n",
                samples.eventsRead(),
                Sizes.human(samples.bytesRead()),
                String.join(", ", samples.inputs()),
                skippedNote(samples));
        out.printf(
                Locale.ROOT,
                "Trained on %,d sampled events (%s); evaluated on %,d held-out events (%s) never trained on.%n",
                samples.train().size(),
                Sizes.human(samples.trainBytes()),
                samples.holdout().size(),
                Sizes.human(samples.holdoutBytes()));
        long notJson = samples.notJson();
        if (notJson > 0) {
            out.printf(
                    Locale.ROOT,
                    "%,d of the %,d sampled events are not JSON (binary values such as Avro or Protobuf): they are"
                            + " trained on and measured as bytes, as JSON events are.%n",
                    notJson,
                    samples.train().size() + samples.holdout().size());
        }
        out.printf(
                Locale.ROOT,
                "Ratio = held-out bytes / compressed bytes, each batch of N events compressed alone; speeds are"
                        + " one thread's CPU time, batches of %d, MB = 10^6 bytes.%n%n",
                batchSizes.get(0));

        List<String> header = new ArrayList<>(List.of("", "codec", "dict", "level"));
        for (int batch : batchSizes) {
            header.add("ratio@" + batch);
        }
        header.add("vs lz4");
        header.add("vs zstd");
        header.add("comp MB/s");
        header.add("decomp MB/s");
        header.add("train s");
        boolean sideBySide = report.candidates().stream()
                .anyMatch(c -> !Double.isNaN(c.primary().cpuVsLz4()));
        if (sideBySide) {
            header.add("comp cpu");
            header.add("spread");
            header.add("dec cpu");
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        double lz4 = report.baseline("lz4").map(b -> b.primary().ratio()).orElse(Double.NaN);
        for (BaselineResult baseline : report.baselines()) {
            List<String> row = new ArrayList<>(List.of("", baseline.codec(), "-", "-"));
            baseline.measurements().forEach(m -> row.add(ratio(m.ratio())));
            row.add(ratio(baseline.primary().ratio() / lz4));
            row.add("");
            row.add(speed(baseline.primary().compressMBps()));
            row.add(speed(baseline.primary().decompressMBps()));
            row.add("");
            if (sideBySide) {
                row.add("");
                row.add("");
                row.add("");
            }
            rows.add(row);
        }
        for (CandidateResult candidate : report.candidates()) {
            boolean chosen = report.choice() != null && report.choice().chosen() == candidate;
            GridPoint point = candidate.point();
            double plain = report.baseline("zstd-" + point.level())
                    .map(b -> b.primary().ratio())
                    .orElse(Double.NaN);
            List<String> row = new ArrayList<>(List.of(
                    chosen ? "*" : "",
                    point.isLz4() ? "lz4+dict" : "zstd+dict",
                    Sizes.format(point.dictSize()),
                    point.isLz4() ? "-" : Integer.toString(point.level())));
            candidate.measurements().forEach(m -> row.add(ratio(m.ratio())));
            row.add(ratio(candidate.primary().ratio() / lz4));
            row.add(point.isLz4() ? "" : ratio(candidate.primary().ratio() / plain));
            row.add(speed(candidate.primary().compressMBps()));
            row.add(speed(candidate.primary().decompressMBps()));
            // An LZ4 point uses the dictionary trained for its zstd point: no training of its own.
            row.add(point.isLz4() ? "-" : String.format(Locale.ROOT, "%.1f", candidate.trainMillis() / 1000.0));
            if (sideBySide) {
                row.add(ratio(candidate.primary().cpuVsLz4()));
                row.add(spread(candidate.primary().cpuVsLz4Spread()));
                row.add(ratio(candidate.primary().decodeVsLz4()));
            }
            rows.add(row);
        }
        printAligned(rows, out);
        if (sideBySide) {
            out.printf(
                    Locale.ROOT,
                    "comp cpu, dec cpu = CPU per event to compress, to decode, as a multiple of Kafka's lz4 on batches"
                            + " of %d, measured side by side; spread = how much comp cpu moved within this run (half the"
                            + " range of its four quarters' figures), how stable it was; the CPU ceiling admits a comp cpu"
                            + " at most %.0f%% over it, whatever its spread.%n",
                    report.settings().producerBatch(),
                    100 * CpuCeiling.TOLERANCE);
        }
        lz4Note(report, out);
        for (String failure : report.failures()) {
            out.println("Not trained: " + failure);
        }
        if (report.choice() != null) {
            out.println();
            out.println("Chosen: " + ChoiceSentence.of(report.choice()) + ".");
        }
        out.flush();
    }

    /** What the lz4+dict rows are, and which codec the choice was made among. */
    private static void lz4Note(TrainingReport report, PrintWriter out) {
        if (report.candidates().stream().noneMatch(c -> c.point().isLz4())) {
            return;
        }
        if (report.settings().codec() == DictionaryInfo.Codec.LZ4) {
            out.println("lz4+dict: LZ4 blocks with the dictionary's last 64 KiB; --codec lz4 chooses among them.");
        } else {
            out.println("lz4+dict: LZ4 blocks with the dictionary's last 64 KiB, shown for comparison; only"
                    + " --codec lz4 chooses among them (consumers must run a zdict release that reads them).");
        }
    }

    /** The requested size, and the actual one when zstd produced less (too few samples for the size). */
    private static String dictionarySize(int requested, int actual) {
        return actual < requested
                ? Sizes.format(requested) + " (" + Sizes.human(actual) + ")"
                : Sizes.format(requested);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.2fx", value);
    }

    private static String spread(double share) {
        return Double.isNaN(share) ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static String speed(double mbps) {
        return String.format(Locale.ROOT, "%.0f", mbps);
    }

    static void printAligned(List<List<String>> rows, PrintWriter out) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String cell = row.get(i);
                boolean left = i <= 1;
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(left ? cell + pad : pad + cell);
                if (i < columns - 1) {
                    line.append("  ");
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
