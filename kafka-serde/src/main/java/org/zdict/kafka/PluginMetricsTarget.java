package org.zdict.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.zdict.codec.ZdictCodec;

/**
 * A serde's metrics in its client's own registry, through the {@link PluginMetrics} a kafka-clients 4.1+
 * client hands a {@code Monitorable} plugin: the client adds its tags ({@code client-id}, {@code config},
 * {@code class}), so they read as {@code kafka.producer:type=plugins,client-id=…,config=…,class=…,version=…}
 * in JMX, and appear in {@code client.metrics()} and in Micrometer's {@code KafkaClientMetrics}.
 *
 * <p>Loaded only by {@link MonitorableZdictSerializer} and {@link MonitorableZdictDeserializer}, so only on
 * kafka-clients 4.1+ ({@code PluginMetrics} is absent before).
 */
final class PluginMetricsTarget implements SerdeMetrics.Target {
    private final PluginMetrics metrics;
    // Guarded by this:
    private final List<MetricName> names = new ArrayList<>();
    private boolean closed;

    PluginMetricsTarget(PluginMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public synchronized VersionCounters counters(String version) {
        VersionCounters counters = new VersionCounters();
        if (!closed) {
            counters.publish(publisher(ZdictMetrics.VERSION_TAG, version));
        }
        return counters;
    }

    @Override
    public synchronized LongAdder withoutDictionary(String subject) {
        LongAdder count = new LongAdder();
        if (!closed) {
            publisher(ZdictMetrics.SUBJECT_TAG, subject)
                    .add(
                            ZdictMetrics.RECORDS_WITHOUT_DICTIONARY,
                            "Records of the subject written as plain zstd because it had no active version",
                            (config, now) -> count.sum());
        }
        return count;
    }

    @Override
    public synchronized LongAdder fallbackRouted(String subject) {
        LongAdder count = new LongAdder();
        if (!closed) {
            publisher(ZdictMetrics.SUBJECT_TAG, subject)
                    .add(
                            ZdictMetrics.RECORDS_FALLBACK_ROUTED,
                            ZdictMetrics.RECORDS_FALLBACK_ROUTED_DESCRIPTION,
                            (config, now) -> count.sum());
        }
        return count;
    }

    @Override
    public synchronized void publishCache(Supplier<ZdictCodec> codec) {
        if (!closed) {
            DictionaryCacheMetrics.publish(
                    () -> {
                        ZdictCodec current = codec.get();
                        return current == null ? List.of() : List.of(current.cacheStats());
                    },
                    publisher(null, null));
        }
    }

    /** Adds each metric with the client's tags plus {@code tag=value} (none if {@code tag} is null). */
    private VersionCounters.Publisher publisher(String tag, String value) {
        LinkedHashMap<String, String> tags = new LinkedHashMap<>();
        if (tag != null) {
            tags.put(tag, Objects.requireNonNull(value));
        }
        return (String name, String description, Measurable measurable) -> {
            MetricName metricName = metrics.metricName(name, description, tags);
            metrics.addMetric(metricName, measurable);
            names.add(metricName);
        };
    }

    /** Removes what it added; once the client has closed its plugin metrics, they are gone already. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (MetricName name : names) {
            try {
                metrics.removeMetric(name);
            } catch (IllegalStateException clientClosed) {
                break;
            }
        }
        names.clear();
    }
}
