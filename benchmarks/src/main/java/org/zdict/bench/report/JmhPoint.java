package org.zdict.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One JMH result of {@code CodecBenchmark}: an operation on a data set with a codec and batch size, as
 * MB/s of uncompressed bytes (10^6 bytes) with its 99.9% error, and the compression ratio of exactly
 * the batches processed; {@code mbPerCpuSecond} is per second of the benchmark thread's CPU time
 * (mean over iterations; NaN when the run did not record it).
 */
public record JmhPoint(
        String operation,
        String dataset,
        String codec,
        int batch,
        double mbPerSecond,
        double mbError,
        double ratio,
        double mbPerCpuSecond) {

    /** Reads a JMH {@code -rf json} file; other benchmarks in it are ignored. */
    public static List<JmhPoint> read(Path file) {
        return parse(Json.read(file));
    }

    static List<JmhPoint> parse(Object json) {
        List<JmhPoint> points = new ArrayList<>();
        for (Object item : Json.array(json)) {
            Map<String, Object> result = Json.object(item);
            String benchmark = (String) result.get("benchmark");
            if (!benchmark.contains("CodecBenchmark.")) {
                continue;
            }
            Map<String, Object> params = Json.object(result.get("params"));
            Map<String, Object> secondary = Json.object(result.get("secondaryMetrics"));
            Map<String, Object> primary = Json.object(result.get("primaryMetric"));
            Map<String, Object> raw = Json.object(secondary.get("rawBytes"));
            Map<String, Object> compressed = Json.object(secondary.get("compressedBytes"));
            double rawRate = Json.number(raw.get("score"));
            double rawError = Json.number(raw.get("scoreError"));
            double opsError = Json.number(primary.get("scoreError"));
            points.add(new JmhPoint(
                    benchmark.substring(benchmark.lastIndexOf('.') + 1),
                    (String) params.get("dataset"),
                    (String) params.get("codec"),
                    Integer.parseInt((String) params.get("batch")),
                    rawRate / 1e6,
                    Double.isNaN(rawError) ? (Double.isNaN(opsError) ? Double.NaN : 0) : rawError / 1e6,
                    rawRate / Json.number(compressed.get("score")),
                    meanOfRawData(secondary.get("mbPerCpuSecond"))));
        }
        return points;
    }

    /**
     * JMH sums an EVENTS counter over iterations in its score, so the per-iteration mean comes from
     * the raw data.
     */
    private static double meanOfRawData(Object metric) {
        if (metric == null) {
            return Double.NaN;
        }
        double sum = 0;
        int n = 0;
        for (Object fork : Json.array(Json.object(metric).get("rawData"))) {
            for (Object value : Json.array(fork)) {
                sum += Json.number(value);
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
