package org.zdict.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Turns result files into markdown tables and PNG charts.
 *
 * <pre>
 * ReportGenerator [--jmh results/jmh-quick.json]... [--c-compare results/c-compare]
 *                 [--e2e results/e2e.json] --charts ../docs/benchmarks --out ../docs/benchmarks/results.md
 * </pre>
 */
public final class ReportGenerator {
    private final List<JmhPoint> points = new ArrayList<>();
    private final List<Map<String, Object>> cResults = new ArrayList<>();
    private final List<JmhPoint> cJavaPoints = new ArrayList<>();
    /**
     * The C builds run-c-compare.sh measures, by the "impl" it tags their results with: the system's
     * libzstd, and the libzstd inside zstd-jni's native library (the very build Java calls).
     */
    private static final List<CLibrary> C_LIBRARIES =
            List.of(new CLibrary("c", "the system's libzstd"), new CLibrary("c-jni", "zstd-jni's own libzstd build"));

    private record CLibrary(String impl, String name) {}

    private final List<Map<String, Object>> e2e = new ArrayList<>();
    private final StringBuilder md = new StringBuilder();
    private Path charts = Paths.get("charts");
    private String chartLink = "";
    private String chartPrefix = "";

    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        ReportGenerator report = new ReportGenerator();
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--jmh" -> report.points.addAll(JmhPoint.read(Paths.get(value)));
                case "--c-compare" -> report.readCompare(Paths.get(value));
                case "--e2e" -> Json.array(Json.read(Paths.get(value))).forEach(o -> report.e2e.add(Json.object(o)));
                case "--charts" -> report.charts = Paths.get(value);
                case "--chart-link" -> report.chartLink = value;
                case "--chart-prefix" -> report.chartPrefix = value;
                case "--out" -> out = Paths.get(value);
                default -> {
                    System.err.println("Unknown option " + args[i]);
                    System.exit(2);
                }
            }
            i++;
        }
        String text = report.render();
        if (text.isEmpty()) {
            // Results of other benchmarks (SerdeBenchmark, CodecOverheadBenchmark) hold no codec points.
            System.err.println("Nothing to report from " + String.join(" ", args));
        } else if (out == null) {
            System.out.print(text);
        } else {
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.writeString(out, text, StandardCharsets.UTF_8);
        }
    }

    /** Adds the JMH points already read (for tests). */
    ReportGenerator withPoints(List<JmhPoint> jmh) {
        points.addAll(jmh);
        return this;
    }

    /** Writes charts into {@code dir} (for tests). */
    ReportGenerator chartsIn(Path dir) {
        charts = dir;
        return this;
    }

    private void readCompare(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith("loop-") && name.endsWith(".jsonl")) {
                    for (String line : Files.readAllLines(f)) {
                        if (!line.isBlank()) {
                            cResults.add(Json.object(Json.parse(line)));
                        }
                    }
                } else if (name.equals("jmh.json")) {
                    cJavaPoints.addAll(JmhPoint.read(f));
                }
            }
        }
    }

    String render() {
        if (!points.isEmpty()) {
            renderJmh();
        }
        if (!cResults.isEmpty()) {
            renderCompare();
        }
        if (!e2e.isEmpty()) {
            renderEndToEnd();
        }
        return md.toString();
    }

    private void renderJmh() {
        renderRatioSummary();
        for (String dataset : distinct(points, JmhPoint::dataset)) {
            md.append("\n#### ").append(dataset).append("\n\n");
            md.append(
                    "| codec | batch | ratio | compress MB/s (wall) | MB/CPU-s | decompress MB/s (wall) | MB/CPU-s |\n"
                            + "|---|---:|---:|---:|---:|---:|---:|\n");
            for (String codec : distinct(points, JmhPoint::codec)) {
                for (int batch :
                        new TreeSet<>(points.stream().map(JmhPoint::batch).toList())) {
                    Optional<JmhPoint> c = find(points, "compress", dataset, codec, batch);
                    Optional<JmhPoint> d = find(points, "decompress", dataset, codec, batch);
                    if (c.isEmpty() && d.isEmpty()) {
                        continue;
                    }
                    double ratio = c.or(() -> d).get().ratio();
                    md.append(String.format(
                            Locale.ROOT,
                            "| %s | %d | %.2f | %s | %s | %s | %s |%n",
                            codec,
                            batch,
                            ratio,
                            c.map(ReportGenerator::speed).orElse("–"),
                            c.map(ReportGenerator::cpuSpeed).orElse("–"),
                            d.map(ReportGenerator::speed).orElse("–"),
                            d.map(ReportGenerator::cpuSpeed).orElse("–")));
                }
            }
            List<JmhPoint> compress = points.stream()
                    .filter(p -> p.dataset().equals(dataset) && p.operation().equals("compress"))
                    .toList();
            if (!compress.isEmpty()) {
                String png = chartPrefix + "ratio-speed-" + dataset + ".png";
                Charts.ratioAgainstSpeed(
                        charts.resolve(png),
                        dataset + ": ratio against compression speed, batches of "
                                + new TreeSet<>(
                                        compress.stream().map(JmhPoint::batch).toList()) + " events",
                        compress);
                md.append("\n![")
                        .append(dataset)
                        .append("](")
                        .append(chartLink)
                        .append(png)
                        .append(")\n");
            }
        }
    }

    /** Single events: each codec's ratio against LZ4's, per data set and on the geometric mean. */
    private void renderRatioSummary() {
        List<String> datasets = distinct(points, JmhPoint::dataset);
        md.append("#### Single events (batch of 1): compression ratio\n\n| codec |");
        datasets.forEach(d -> md.append(' ').append(d).append(" |"));
        md.append(" geometric mean | × LZ4 (geo. mean) |\n|---|");
        datasets.forEach(d -> md.append("---:|"));
        md.append("---:|---:|\n");
        double lz4 = geometricMeanRatio("lz4", datasets);
        for (String codec : distinct(points, JmhPoint::codec)) {
            md.append("| ").append(codec).append(" |");
            for (String dataset : datasets) {
                md.append(' ')
                        .append(find(points, "compress", dataset, codec, 1)
                                .map(p -> String.format(Locale.ROOT, "%.2f", p.ratio()))
                                .orElse("–"))
                        .append(" |");
            }
            double mean = geometricMeanRatio(codec, datasets);
            md.append(String.format(Locale.ROOT, " %.2f | %.2f |%n", mean, mean / lz4));
        }
    }

    double geometricMeanRatio(String codec, List<String> datasets) {
        double logSum = 0;
        int n = 0;
        for (String dataset : datasets) {
            Optional<JmhPoint> p = find(points, "compress", dataset, codec, 1);
            if (p.isPresent()) {
                logSum += Math.log(p.get().ratio());
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.exp(logSum / n);
    }

    private void renderCompare() {
        for (CLibrary c : C_LIBRARIES) {
            if (cResults.stream().anyMatch(r -> c.impl().equals(r.get("impl")))) {
                renderCompare(c, "MB per second of the measuring thread's CPU time", "mb_cpu_s");
                renderCompare(c, "MB per second of wall-clock time", "mb_s");
            }
        }
        renderCompareJmh();
    }

    private void renderCompare(CLibrary cLibrary, String title, String unit) {
        String cImpl = cLibrary.impl();
        md.append("\n#### Java against C with ")
                .append(cLibrary.name())
                .append(": ")
                .append(title)
                .append(" (best round)\n\n");
        md.append("| data set | batch | codec | ratio C | ratio Java | C compress MB/s | ZdictCodec | × C |"
                + " bare zstd-jni | × C | C decompress MB/s | ZdictCodec | × C | bare zstd-jni | × C |\n");
        md.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        Map<String, List<Map<String, Object>>> groups = new LinkedHashMap<>();
        for (Map<String, Object> r : cResults) {
            groups.computeIfAbsent(r.get("dataset") + "|" + (int) Json.number(r.get("batch")), k -> new ArrayList<>())
                    .add(r);
        }
        for (List<Map<String, Object>> group : groups.values()) {
            Map<String, Object> first = group.get(0);
            String codec = (String) group.stream()
                    .filter(r -> cImpl.equals(r.get("impl")))
                    .findFirst()
                    .orElse(first)
                    .get("codec");
            String bare = "jni" + codec.substring(1);
            Best c = Best.of(group, cImpl, codec, unit);
            Best z = Best.of(group, "java", codec, unit);
            Best j = Best.of(group, "java", bare, unit);
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %s | %.2f | %.2f | %.0f | %.0f | %s | %.0f | %s | %.0f | %.0f | %s | %.0f | %s |%n",
                    first.get("dataset"),
                    (int) Json.number(first.get("batch")),
                    codec,
                    c.ratio,
                    z.ratio,
                    c.compress,
                    z.compress,
                    fraction(z.compress, c.compress),
                    j.compress,
                    fraction(j.compress, c.compress),
                    c.decompress,
                    z.decompress,
                    fraction(z.decompress, c.decompress),
                    j.decompress,
                    fraction(j.decompress, c.decompress)));
        }
    }

    private void renderCompareJmh() {
        if (!cJavaPoints.isEmpty()) {
            md.append("\nThe same points in JMH (mean of iterations; wall-clock MB/s ± 99.9% error, and MB per"
                    + " CPU-second):\n\n");
            md.append("| data set | batch | codec | compress MB/s | MB/CPU-s | decompress MB/s | MB/CPU-s |\n"
                    + "|---|---:|---|---:|---:|---:|---:|\n");
            for (JmhPoint p : cJavaPoints) {
                if (p.operation().equals("compress")) {
                    Optional<JmhPoint> d = find(cJavaPoints, "decompress", p.dataset(), p.codec(), p.batch());
                    md.append(String.format(
                            Locale.ROOT,
                            "| %s | %d | %s | %s | %s | %s | %s |%n",
                            p.dataset(),
                            p.batch(),
                            p.codec(),
                            speed(p),
                            cpuSpeed(p),
                            d.map(ReportGenerator::speed).orElse("–"),
                            d.map(ReportGenerator::cpuSpeed).orElse("–")));
                }
            }
        }
    }

    /** The best round over every pass of one implementation at one point. */
    private record Best(double ratio, double compress, double decompress) {
        static Best of(List<Map<String, Object>> group, String impl, String codec, String unit) {
            double ratio = Double.NaN;
            double compress = Double.NaN;
            double decompress = Double.NaN;
            for (Map<String, Object> r : group) {
                if (impl.equals(r.get("impl")) && codec.equals(r.get("codec"))) {
                    ratio = Json.number(r.get("ratio"));
                    compress = Double.isNaN(compress)
                            ? Json.number(r.get("compress_" + unit + "_best"))
                            : Math.max(compress, Json.number(r.get("compress_" + unit + "_best")));
                    decompress = Double.isNaN(decompress)
                            ? Json.number(r.get("decompress_" + unit + "_best"))
                            : Math.max(decompress, Json.number(r.get("decompress_" + unit + "_best")));
                }
            }
            return new Best(ratio, compress, decompress);
        }
    }

    private void renderEndToEnd() {
        md.append("\n#### Through a real broker\n\n");
        List<String> columns = new ArrayList<>(e2e.get(0).keySet());
        md.append('|');
        columns.forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|");
        columns.forEach(c -> md.append(c.equals("scenario") || c.equals("variant") ? "---|" : "---:|"));
        md.append('\n');
        for (Map<String, Object> row : e2e) {
            md.append('|');
            for (String c : columns) {
                Object v = row.get(c);
                md.append(' ')
                        .append(v instanceof Double d ? formatNumber(d) : String.valueOf(v))
                        .append(" |");
            }
            md.append('\n');
        }
        Map<String, Map<String, Double>> bytes = new LinkedHashMap<>();
        Map<String, Map<String, Double>> rate = new LinkedHashMap<>();
        for (Map<String, Object> row : e2e) {
            String variant = (String) row.get("variant");
            String scenario = (String) row.get("scenario");
            if (scenario.startsWith("doc")) {
                continue;
            }
            bytes.computeIfAbsent(variant, v -> new LinkedHashMap<>())
                    .put(scenario, Json.number(row.get("stored_bytes_per_record")));
            rate.computeIfAbsent(variant, v -> new LinkedHashMap<>())
                    .put(scenario, Json.number(row.get("produced_records_per_s")));
        }
        String dataset = String.valueOf(e2e.get(0).get("dataset"));
        String prefix = chartPrefix.isEmpty() ? "e2e-" + dataset : chartPrefix.replaceAll("-$", "");
        Charts.bars(
                charts.resolve(prefix + "-bytes-per-record.png"),
                dataset + ": bytes stored on the broker per record",
                "bytes per record",
                bytes);
        Charts.bars(
                charts.resolve(prefix + "-records-per-second.png"),
                dataset + ": records produced per second (wall clock, shared machine)",
                "records/s",
                rate);
        md.append("\n![bytes per record](").append(chartLink).append(prefix).append("-bytes-per-record.png)\n");
        md.append("\n![records per second](").append(chartLink).append(prefix).append("-records-per-second.png)\n");
    }

    private static String formatNumber(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) d);
        }
        return Math.abs(d) >= 100 ? String.format(Locale.ROOT, "%,.0f", d) : String.format(Locale.ROOT, "%.2f", d);
    }

    private static String speed(JmhPoint p) {
        return Double.isNaN(p.mbError()) || p.mbError() == 0
                ? String.format(Locale.ROOT, "%.0f", p.mbPerSecond())
                : String.format(Locale.ROOT, "%.0f ± %.0f", p.mbPerSecond(), p.mbError());
    }

    private static String cpuSpeed(JmhPoint p) {
        return Double.isNaN(p.mbPerCpuSecond()) ? "–" : String.format(Locale.ROOT, "%.0f", p.mbPerCpuSecond());
    }

    private static String fraction(double java, double c) {
        return String.format(Locale.ROOT, "%.2f", java / c);
    }

    private static Optional<JmhPoint> find(List<JmhPoint> in, String op, String dataset, String codec, int batch) {
        return in.stream()
                .filter(p -> p.operation().equals(op)
                        && p.dataset().equals(dataset)
                        && p.codec().equals(codec)
                        && p.batch() == batch)
                .findFirst();
    }

    private static List<String> distinct(List<JmhPoint> in, java.util.function.Function<JmhPoint, String> key) {
        return in.stream().map(key).distinct().toList();
    }
}
