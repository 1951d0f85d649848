package org.zdict.kafka;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.JmxReporter;
import org.apache.kafka.common.metrics.KafkaMetricsContext;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.utils.Time;
import org.zdict.codec.ZdictCodec;

/**
 * Where a serde's metrics go when no client hands it its own: a Kafka {@link Metrics} reported through
 * JMX as {@code zdict:type=plugins,client-id=…,config=…,class=…,version=…}, the names a client would give
 * them with {@code zdict} for the client's domain (the dictionary cache metrics, which have no version,
 * under {@code zdict:type=plugins,client-id=…,config=…,class=…}; a serializer's records without a dictionary
 * under {@code zdict:type=plugins,client-id=…,config=…,class=…,subject=…}). Serdes with the same tags share one set of counts
 * (Kafka Streams makes a serde per task and node from {@code default.value.serde}, all with the same
 * settings); their metrics, and so their MBeans, are removed when the last of them closes. Kafka registry
 * clients publish their {@link RefusedRecords} here too, as {@code zdict:type=registry,…}.
 */
final class JmxFallback {
    private static final Object LOCK = new Object();
    /** Live users' tags (client-id, config, class) → their shared counts. Guarded by LOCK. */
    private static final Map<Map<String, String>, Share> SHARES = new HashMap<>();

    private JmxFallback() {}

    /** The registry, made on first use; it holds only the metrics of serdes that are open. */
    private static final class Registry {
        static final Metrics METRICS = open();

        private static Metrics open() {
            Metrics metrics = new Metrics(
                    new MetricConfig(),
                    List.of(new JmxReporter()),
                    Time.SYSTEM,
                    new KafkaMetricsContext(ZdictMetrics.JMX_DOMAIN));
            // Metrics counts its own metrics in an MBean of its own; zdict:… holds only the serdes' metrics.
            metrics.removeMetric(metrics.metricName("count", "kafka-metrics-count"));
            return metrics;
        }
    }

    /** Joins (or starts) the share of the serdes with these tags; close the result once. */
    static SerdeMetrics.Target acquire(Map<String, String> tags) {
        synchronized (LOCK) {
            Share share = SHARES.computeIfAbsent(Map.copyOf(tags), Share::new);
            share.users++;
            return new Membership(share);
        }
    }

    /**
     * Publishes one metric of a Kafka registry client ({@link RefusedRecords}) next to the serdes' metrics,
     * in group {@value ZdictMetrics#REGISTRY_GROUP}; returns its name, to remove it.
     */
    static MetricName addRegistryMetric(String name, String description, Map<String, String> tags, Measurable value) {
        MetricName metricName = Registry.METRICS.metricName(name, ZdictMetrics.REGISTRY_GROUP, description, tags);
        Registry.METRICS.addMetric(metricName, value);
        return metricName;
    }

    static void removeRegistryMetric(MetricName name) {
        Registry.METRICS.removeMetric(name);
    }

    static Map<MetricName, ? extends Metric> metrics() {
        return Collections.unmodifiableMap(Registry.METRICS.metrics());
    }

    /** How many distinct tag sets are in use; 0 once every serde that used the fallback has closed. */
    static int shares() {
        synchronized (LOCK) {
            return SHARES.size();
        }
    }

    private static final class Share {
        final Map<String, String> tags;
        final Map<String, VersionCounters> byVersion = new HashMap<>();
        final Map<String, LongAdder> withoutDictionary = new HashMap<>();
        final Map<String, LongAdder> fallbackRouted = new HashMap<>();
        final List<MetricName> names = new ArrayList<>();
        /** The codecs of the serdes in the share: the cache metrics are the sums over the distinct codecs. */
        final List<Supplier<ZdictCodec>> caches = new CopyOnWriteArrayList<>();

        int users;

        Share(Map<String, String> tags) {
            this.tags = tags;
        }

        VersionCounters counters(String version) {
            VersionCounters existing = byVersion.get(version);
            if (existing != null) {
                return existing;
            }
            VersionCounters counters = new VersionCounters();
            Map<String, String> versionTags = clientTags();
            versionTags.put(ZdictMetrics.VERSION_TAG, version);
            Metrics metrics = Registry.METRICS;
            counters.publish((name, description, value) -> {
                MetricName metricName = metrics.metricName(name, ZdictMetrics.GROUP, description, versionTags);
                metrics.addMetric(metricName, value);
                names.add(metricName);
            });
            byVersion.put(version, counters);
            return counters;
        }

        LongAdder withoutDictionary(String subject) {
            LongAdder existing = withoutDictionary.get(subject);
            if (existing != null) {
                return existing;
            }
            LongAdder count = new LongAdder();
            Map<String, String> subjectTags = clientTags();
            subjectTags.put(ZdictMetrics.SUBJECT_TAG, subject);
            MetricName metricName = Registry.METRICS.metricName(
                    ZdictMetrics.RECORDS_WITHOUT_DICTIONARY,
                    ZdictMetrics.GROUP,
                    "Records of the subject written as plain zstd because it had no active version",
                    subjectTags);
            Registry.METRICS.addMetric(metricName, (Measurable) (config, now) -> count.sum());
            names.add(metricName);
            withoutDictionary.put(subject, count);
            return count;
        }

        LongAdder fallbackRouted(String subject) {
            LongAdder existing = fallbackRouted.get(subject);
            if (existing != null) {
                return existing;
            }
            LongAdder count = new LongAdder();
            Map<String, String> subjectTags = clientTags();
            subjectTags.put(ZdictMetrics.SUBJECT_TAG, subject);
            MetricName metricName = Registry.METRICS.metricName(
                    ZdictMetrics.RECORDS_FALLBACK_ROUTED,
                    ZdictMetrics.GROUP,
                    ZdictMetrics.RECORDS_FALLBACK_ROUTED_DESCRIPTION,
                    subjectTags);
            Registry.METRICS.addMetric(metricName, (Measurable) (config, now) -> count.sum());
            names.add(metricName);
            fallbackRouted.put(subject, count);
            return count;
        }

        void addCache(Supplier<ZdictCodec> codec) {
            if (caches.isEmpty()) {
                DictionaryCacheMetrics.publish(
                        () -> caches.stream()
                                .map(Supplier::get)
                                .filter(Objects::nonNull)
                                .distinct() // serdes of one registry share a codec: its cache counts once
                                .map(ZdictCodec::cacheStats)
                                .toList(),
                        (name, description, value) -> {
                            MetricName metricName =
                                    Registry.METRICS.metricName(name, ZdictMetrics.GROUP, description, clientTags());
                            Registry.METRICS.addMetric(metricName, value);
                            names.add(metricName);
                        });
            }
            caches.add(codec);
        }

        /** The client's tags, in the order a client gives them. */
        Map<String, String> clientTags() {
            Map<String, String> ordered = new LinkedHashMap<>();
            for (String tag : List.of(ZdictMetrics.CLIENT_ID_TAG, ZdictMetrics.CONFIG_TAG, ZdictMetrics.CLASS_TAG)) {
                ordered.put(tag, tags.get(tag));
            }
            return ordered;
        }

        void remove() {
            for (MetricName name : names) {
                Registry.METRICS.removeMetric(name);
            }
            SHARES.remove(tags);
        }
    }

    /** One serde's hold on a share. */
    private static final class Membership implements SerdeMetrics.Target {
        private final Share share;
        private boolean closed;
        private Supplier<ZdictCodec> cache;

        Membership(Share share) {
            this.share = share;
        }

        @Override
        public VersionCounters counters(String version) {
            synchronized (LOCK) {
                return closed ? new VersionCounters() : share.counters(version);
            }
        }

        @Override
        public LongAdder withoutDictionary(String subject) {
            synchronized (LOCK) {
                return closed ? new LongAdder() : share.withoutDictionary(subject);
            }
        }

        @Override
        public LongAdder fallbackRouted(String subject) {
            synchronized (LOCK) {
                return closed ? new LongAdder() : share.fallbackRouted(subject);
            }
        }

        @Override
        public void publishCache(Supplier<ZdictCodec> codec) {
            synchronized (LOCK) {
                if (!closed) {
                    cache = codec;
                    share.addCache(codec);
                }
            }
        }

        @Override
        public void close() {
            synchronized (LOCK) {
                if (closed) {
                    return;
                }
                closed = true;
                share.caches.remove(cache);
                if (--share.users == 0) {
                    share.remove();
                }
            }
        }
    }
}
