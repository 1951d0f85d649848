package org.zdict.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.zdict.codec.DictionaryCacheStats;

/**
 * A serde's metrics registered with the metrics its client handed over: the client adds its tags
 * ({@code client-id}, {@code config}, {@code class}) and reporters, and removes what is left when it
 * closes.
 */
final class ClientMetrics implements SerdeMetrics.Target {
    private final PluginMetrics plugin;
    private final List<MetricName> names = new ArrayList<>();
    private boolean closed;

    ClientMetrics(PluginMetrics plugin) {
        this.plugin = plugin;
    }

    @Override
    public synchronized VersionCounters counters(String version) {
        VersionCounters counters = new VersionCounters();
        if (closed) {
            return counters;
        }
        LinkedHashMap<String, String> tags = new LinkedHashMap<>();
        tags.put(ZdictMetrics.VERSION_TAG, version);
        counters.publish((name, description, value) -> {
            MetricName metricName = plugin.metricName(name, description, tags);
            plugin.addMetric(metricName, value);
            names.add(metricName);
        });
        return counters;
    }

    @Override
    public synchronized void publishCache(Supplier<DictionaryCacheStats> stats) {
        if (closed) {
            return;
        }
        DictionaryCacheMetrics.publish(
                () -> {
                    DictionaryCacheStats current = stats.get();
                    return current == null ? List.of() : List.of(current);
                },
                (name, description, value) -> {
                    MetricName metricName = plugin.metricName(name, description, new LinkedHashMap<>());
                    plugin.addMetric(metricName, value);
                    names.add(metricName);
                });
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (MetricName name : names) {
            try {
                plugin.removeMetric(name);
            } catch (IllegalStateException e) {
                return; // the client closed its metrics first, and removed ours with them
            }
        }
    }
}
