package org.zdict.kafka;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.JmxReporter;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.KafkaMetricsContext;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.utils.Time;
import org.zdict.format.PayloadPrefix;

/**
 * Per-version serde metrics, one JVM-wide Kafka {@link Metrics} registry reported through JMX as
 * {@code zdict:type=serde-metrics,role=serializer|deserializer|key-serializer|key-deserializer,client-id=...,version=...}. Versions are
 * the dictionary number, or {@code plain} (zstd without a dictionary), {@code stored} (kept
 * uncompressed), {@code unframed} (a pre-zdict value read during migration) and {@code unknown} (an
 * error before the version was known). Each has {@code records-total}, {@code original-bytes-total},
 * {@code compressed-bytes-total}, {@code compression-ratio} (original / compressed since start) and
 * {@code errors-total}, and for the deserializer {@code unknown-version-waits-total} (records that had to
 * wait for their version to reach the registry).
 */
public final class ZdictMetrics {
    public static final String GROUP = "serde-metrics";
    public static final String RECORDS = "records-total";
    public static final String ORIGINAL_BYTES = "original-bytes-total";
    public static final String COMPRESSED_BYTES = "compressed-bytes-total";
    public static final String RATIO = "compression-ratio";
    public static final String ERRORS = "errors-total";
    public static final String WAITS = "unknown-version-waits-total";

    private static final Metrics METRICS =
            new Metrics(new MetricConfig(), List.of(new JmxReporter()), Time.SYSTEM, new KafkaMetricsContext("zdict"));
    private static final Map<Map<String, String>, Counters> COUNTERS = new ConcurrentHashMap<>();

    private final String role;
    private final String clientId;
    /** This instance's counters by payload: the dictionary version, or {@link #PLAIN} / {@link #STORED}. */
    private final Map<Integer, Counters> byPayload = new ConcurrentHashMap<>();

    private static final int PLAIN = -1;
    private static final int STORED = -2;

    private static final class Counters {
        final LongAdder records = new LongAdder();
        final LongAdder original = new LongAdder();
        final LongAdder compressed = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LongAdder waits = new LongAdder();
    }

    ZdictMetrics(String role, String clientId) {
        this.role = role;
        this.clientId = clientId == null || clientId.isBlank() ? "default" : clientId;
    }

    /**
     * Counts one zdict payload under the version its prefix names. The per-record path: no tag map is
     * built and no label string made once the version has been seen.
     */
    void recordedPayload(byte[] payload, int length, long originalBytes) {
        PayloadPrefix prefix = PayloadPrefix.read(payload, 0, length);
        int key =
                switch (prefix.kind()) {
                    case DICTIONARY_FRAME -> prefix.version();
                    case PLAIN_FRAME -> PLAIN;
                    case STORED -> STORED;
                };
        Counters c = byPayload.get(key);
        if (c == null) {
            c = byPayload.computeIfAbsent(key, k -> counters(label(k)));
        }
        count(c, originalBytes, length);
    }

    void recorded(String version, long originalBytes, long compressedBytes) {
        count(counters(version), originalBytes, compressedBytes);
    }

    private static String label(int key) {
        return key == PLAIN ? "plain" : key == STORED ? "stored" : Integer.toString(key);
    }

    private static void count(Counters c, long originalBytes, long compressedBytes) {
        c.records.increment();
        c.original.add(originalBytes);
        c.compressed.add(compressedBytes);
    }

    void failed(String version) {
        counters(version).errors.increment();
    }

    void waited(String version) {
        counters(version).waits.increment();
    }

    /** The current value of metric {@code name} for one role, client and version, or null if never recorded. */
    public static Double value(String role, String clientId, String version, String name) {
        KafkaMetric metric = METRICS.metric(METRICS.metricName(name, GROUP, tags(role, clientId, version)));
        return metric == null ? null : ((Number) metric.metricValue()).doubleValue();
    }

    private Counters counters(String version) {
        Map<String, String> tags = tags(role, clientId, version);
        Counters existing = COUNTERS.get(tags);
        return existing != null ? existing : COUNTERS.computeIfAbsent(tags, ZdictMetrics::register);
    }

    private static Map<String, String> tags(String role, String clientId, String version) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("role", role);
        tags.put("client-id", clientId);
        tags.put("version", version);
        return tags;
    }

    private static Counters register(Map<String, String> tags) {
        Counters c = new Counters();
        add(RECORDS, "Records since start", tags, (config, now) -> c.records.sum());
        add(
                ORIGINAL_BYTES,
                "Bytes before compression (inner serializer output)",
                tags,
                (config, now) -> c.original.sum());
        add(COMPRESSED_BYTES, "Bytes after compression, prefix included", tags, (config, now) -> c.compressed.sum());
        add(RATIO, "Original bytes / compressed bytes since start", tags, (config, now) -> {
            long compressed = c.compressed.sum();
            return compressed == 0 ? 0.0 : (double) c.original.sum() / compressed;
        });
        add(ERRORS, "Records that failed", tags, (config, now) -> c.errors.sum());
        add(WAITS, "Records that waited for their version to reach the registry", tags, (config, now) -> c.waits.sum());
        return c;
    }

    private static void add(
            String name, String doc, Map<String, String> tags, org.apache.kafka.common.metrics.Measurable value) {
        MetricName metricName = METRICS.metricName(name, GROUP, doc, tags);
        METRICS.addMetricIfAbsent(metricName, null, value);
    }
}
