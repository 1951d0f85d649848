package org.zdict.cli.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.KindShare;
import org.zdict.engine.Measurement;
import org.zdict.engine.Sizes;
import org.zdict.engine.SplitReport;
import org.zdict.engine.SplitResult;

/**
 * The search for one dictionary per kind of event as a terminal table: one row per rule judged, side by side
 * with the one dictionary it competes with, then the chosen split's kinds.
 */
public final class SplitTable {
    /** Kinds listed for the chosen split; the rest are summed in one row. */
    static final int MAX_KIND_ROWS = 16;

    private SplitTable() {}

    public static void print(SplitReport report, PrintWriter out) {
        if (report.single() == null) {
            return;
        }
        CandidateResult single = report.single();
        out.println();
        out.printf(
                Locale.ROOT,
                "One dictionary per kind of event (--split-by %s), against the chosen %s at %.2fx: the same %s in all,"
                        + " the same level, the same held-out events.%n",
                report.splitBy(),
                single.point().label(),
                single.primary().ratio(),
                Sizes.format(single.point().dictSize()));
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("", "split", "kinds", "dicts"));
        single.measurements().forEach(m -> header.add("ratio@" + m.batchSize()));
        header.addAll(List.of("saves", "comp MB/s", "comp cpu", "train s", "verdict"));
        rows.add(header);
        List<String> one = new ArrayList<>(List.of("", "one dictionary", "", "1"));
        single.measurements().forEach(m -> one.add(ratio(m.ratio())));
        one.addAll(List.of("", speed(single.primary()), ratio(report.singleCpuVsLz4()), "", ""));
        rows.add(one);
        for (SplitResult split : report.judged()) {
            boolean chosen = report.chosen().filter(c -> c == split).isPresent();
            List<String> row = new ArrayList<>(List.of(
                    chosen ? "*" : "",
                    split.rule().text(),
                    Integer.toString(split.kinds()),
                    split.measured() ? Integer.toString(split.members().size() + 1) : ""));
            if (split.measured()) {
                split.measurements().forEach(m -> row.add(ratio(m.ratio())));
                row.add(String.format(Locale.ROOT, "%+.1f%%", 100 * split.gain()));
                row.add(speed(split.primary()));
                row.add(ratio(split.cpuVsLz4()));
                row.add(String.format(Locale.ROOT, "%.1f", split.trainMillis() / 1000.0));
            } else {
                single.measurements().forEach(m -> row.add(""));
                row.addAll(List.of("", "", "", ""));
            }
            row.add(split.verdict());
            rows.add(row);
        }
        ReportTable.printAligned(rows, out);
        out.println("saves = held-out bytes the split stores less than the one dictionary, events one at a time; comp"
                + " MB/s and comp cpu include choosing each event's dictionary.");
        report.chosen().ifPresentOrElse(split -> printKinds(split, out), () -> out.println("Chosen: one dictionary."));
        out.flush();
    }

    private static void printKinds(SplitResult split, PrintWriter out) {
        out.println();
        out.printf(
                Locale.ROOT,
                "Chosen: %s, %d dictionaries and a fallback for every other event%s.%n",
                split.rule().text(),
                split.members().size(),
                split.fallbackTrainedOnAll() ? " (the fallback trained on every event: too few were left to it)" : "");
        long trainEvents =
                split.shares().stream().mapToLong(KindShare::trainEvents).sum();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("kind", "share", "dict", "held-out", "ratio", "one dict", "saves"));
        List<KindShare> kinds =
                split.shares().stream().filter(s -> !s.isFallback()).toList();
        for (int i = 0; i < kinds.size(); i++) {
            if (i == MAX_KIND_ROWS - 1 && kinds.size() > MAX_KIND_ROWS) {
                rows.add(List.of("(" + (kinds.size() - i) + " more kinds)", "", "", "", "", "", ""));
                break;
            }
            rows.add(row(kinds.get(i).kind(), kinds.get(i), trainEvents));
        }
        split.shares().stream()
                .filter(KindShare::isFallback)
                .forEach(rest -> rows.add(row("(fallback)", rest, trainEvents)));
        ReportTable.printAligned(rows, out);
    }

    private static List<String> row(String name, KindShare share, long trainEvents) {
        return List.of(
                name,
                String.format(Locale.ROOT, "%.1f%%", trainEvents == 0 ? 0 : 100.0 * share.trainEvents() / trainEvents),
                Sizes.format(share.dictSize()),
                String.format(Locale.ROOT, "%,d", share.heldOutEvents()),
                ratio(share.setRatio()),
                ratio(share.singleRatio()),
                share.singleBytes() == 0
                        ? ""
                        : String.format(
                                Locale.ROOT, "%+.1f%%", 100.0 * (1 - (double) share.setBytes() / share.singleBytes())));
    }

    private static String ratio(double value) {
        return Double.isNaN(value) || value == 0 ? "" : String.format(Locale.ROOT, "%.2fx", value);
    }

    private static String speed(Measurement m) {
        return String.format(Locale.ROOT, "%.0f", m.compressMBps());
    }
}
