package org.zdict.kafka;

import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * The names of zdict's serde metrics and a way to read them. Each serializer and deserializer counts per
 * version label: the dictionary number, {@code plain} (zstd without a dictionary), {@code stored} (kept
 * uncompressed), {@code unframed} (a pre-zdict value read during migration) or {@code unknown} (an error
 * before the version was known). Each label has {@code records-total}, {@code original-bytes-total},
 * {@code compressed-bytes-total}, {@code compression-ratio} (original / compressed since start), {@code compression-ratio-recent}
 * (the same over the last metrics window, for alerts on drift), {@code
 * errors-total} and {@code unknown-version-waits-total} (records that had to wait for their version to
 * reach the registry). Each serde also has {@code dictionary-cache-bytes}, {@code
 * dictionary-cache-evictions-total} and {@code dictionary-cache-loads-total}, with the client's tags but
 * no {@code version}: its cache of digested dictionaries ({@code zdict.dictionary.cache.bytes}), shared by
 * the serdes of one registry with the same settings. Each
 * serializer has {@code records-without-dictionary-total} per {@code subject} (instead of {@code version}):
 * records written as plain zstd because their subject had no active version.
 *
 * <p>Where they are published: through JMX under the domain {@value #JMX_DOMAIN}, as group {@value
 * #GROUP} with the tags a client gives its plugins' metrics ({@code client-id} from the serde's {@code
 * client.id} setting, which a producer or consumer passes on, {@code config}, {@code class}) plus {@code
 * version}: {@code zdict:type=plugins,client-id=…,config=…,class=…,version=…}. This is the same on every
 * kafka-clients release from the floor on for {@link ZdictSerializer} and {@link ZdictDeserializer}, which
 * are not {@code Monitorable} (Kafka 4.1+), since a class that implements it cannot load on older clients.
 * Serdes with the same tags share one set of counts; the metrics go when the last of those closes. {@link
 * #fallback()} reads them in-process. On kafka-clients 4.1+, {@code MonitorableZdictSerializer} and {@code
 * MonitorableZdictDeserializer} publish the same metrics in the client's own registry instead ({@code
 * client.metrics()}, read with {@link #value}), with the client's tags.
 *
 * <p>Each Kafka registry client ({@code KafkaDictionaryRegistry}) publishes {@link #REFUSED_RECORDS} the same
 * way, in group {@value #REGISTRY_GROUP}, tagged with its {@code topic}, a {@code registry-id} and the
 * {@code reason}: {@code zdict:type=registry,topic=…,registry-id=…,reason=…}.
 *
 * <p>This class only holds names and static readers: safe to use from any thread.
 */
public final class ZdictMetrics {
    /** The metric group: the one Kafka gives every plugin's metrics. */
    public static final String GROUP = "plugins";
    /** The JMX domain of zdict's serde metrics. */
    public static final String JMX_DOMAIN = "zdict";

    /** The tag naming the Kafka client ({@code client.id}) the serde belongs to. */
    public static final String CLIENT_ID_TAG = "client-id";
    /** The client setting that names the serde: {@code key.serializer}, {@code value.deserializer}, … */
    public static final String CONFIG_TAG = "config";
    /** The simple class name of the serde: {@code ZdictSerializer} or {@code ZdictDeserializer}. */
    public static final String CLASS_TAG = "class";
    /** The version label: a dictionary number, {@code plain}, {@code stored}, {@code unframed} or {@code unknown}. */
    public static final String VERSION_TAG = "version";

    /** Records serialized or deserialized, per version (a cumulative count). */
    public static final String RECORDS = "records-total";
    /** Bytes before compression (serializer) or after decompression (deserializer), per version. */
    public static final String ORIGINAL_BYTES = "original-bytes-total";
    /** Bytes of the payloads written or read, per version. */
    public static final String COMPRESSED_BYTES = "compressed-bytes-total";
    /**
     * Of {@link #RECORDS}, those whose payload was an LZ4 block ({@code 0xD0}, a version published for
     * LZ4), per version; the rest were zstd frames or stored.
     */
    public static final String LZ4_RECORDS = "lz4-records-total";
    /** {@link #ORIGINAL_BYTES} divided by {@link #COMPRESSED_BYTES}, per version. */
    public static final String RATIO = "compression-ratio";
    /**
     * Original / compressed bytes of the records of the last window only (30 s × 2 samples), for alerts
     * on drift; NaN when the window has no record.
     */
    public static final String RECENT_RATIO = "compression-ratio-recent";

    /** Records that failed to serialize or deserialize, per version. */
    public static final String ERRORS = "errors-total";
    /** Times the deserializer waited for a dictionary version the registry did not hold yet. */
    public static final String WAITS = "unknown-version-waits-total";

    /** The tag naming the subject of {@link #RECORDS_WITHOUT_DICTIONARY}. */
    public static final String SUBJECT_TAG = "subject";
    /**
     * Records a serializer wrote as plain zstd (marker D2, also counted under version {@code plain})
     * because their subject had no active version, per {@link #SUBJECT_TAG}: a subject not trained or
     * activated yet. The serializer logs the first of each subject at WARN.
     */
    public static final String RECORDS_WITHOUT_DICTIONARY = "records-without-dictionary-total";
    /**
     * Records a serializer wrote with the fallback version of their subject's active dictionary set, per
     * {@link #SUBJECT_TAG}: records of no kind the set names (or of a kind whose member is the fallback).
     * A rise while the set is active means a new kind of event has appeared.
     */
    public static final String RECORDS_FALLBACK_ROUTED = "records-fallback-routed-total";
    /** The description of {@link #RECORDS_FALLBACK_ROUTED}, in both places it is published. */
    static final String RECORDS_FALLBACK_ROUTED_DESCRIPTION =
            "Records of the subject written with the fallback version of its active dictionary set";

    /** Native bytes of the serde's digested dictionaries (a gauge, no {@code version} tag). */
    public static final String CACHE_BYTES = "dictionary-cache-bytes";
    /** Digested dictionaries evicted to keep to {@code zdict.dictionary.cache.bytes} since the cache was made. */
    public static final String CACHE_EVICTIONS = "dictionary-cache-evictions-total";
    /** Dictionaries digested since the cache was made, again after an eviction included. */
    public static final String CACHE_LOADS = "dictionary-cache-loads-total";

    /**
     * The metric group of a Kafka registry client's metrics: {@code zdict:type=registry,topic=…,registry-id=…,
     * reason=…}.
     */
    public static final String REGISTRY_GROUP = "registry";
    /** The tag naming a Kafka registry client's topic. */
    public static final String TOPIC_TAG = "topic";
    /** The tag telling apart the Kafka registry clients of one JVM: 1, 2, … in the order they were opened. */
    public static final String REGISTRY_ID_TAG = "registry-id";
    /** The tag naming the rule by which a registry client skipped records of its topic. */
    public static final String REASON_TAG = "reason";
    /**
     * Records of the registry topic a Kafka registry client skipped since it opened, per {@link #REASON_TAG}:
     * {@code too-large}, {@code unreadable}, {@code unknown-key}, {@code hash-mismatch}, {@code version-taken},
     * {@code early-tombstone}, {@code early-removal}, {@code state-tombstone} (docs/KAFKA.md).
     */
    public static final String REFUSED_RECORDS = "registry-records-refused-total";
    /**
     * 1 while a Kafka registry client cannot read its topic (missing, deleted, or unreachable after it had read
     * it) and serves the versions it holds, else 0 (docs/REGISTRY.md).
     */
    public static final String TOPIC_UNAVAILABLE = "registry-topic-unavailable";
    /**
     * The retired, once-active versions whose removal the registry client would accept at some time: each
     * still decodes, and can be removed once its grace, measured from its retirement on the broker's clock,
     * is over.
     */
    public static final String PENDING_REMOVALS = "registry-versions-pending-removal";
    /**
     * The versions a Kafka registry client holds from its local copy only: the topic holds no valid record of
     * them (compacted away, or the topic recreated), so a client without that copy cannot decode them.
     */
    public static final String LOCAL_ONLY_VERSIONS = "registry-versions-local-only";

    /** The version label of a value without a zdict prefix, read with {@code zdict.accept.unframed}. */
    public static final String UNFRAMED = "unframed";
    /** The version label of an error before the version was known. */
    public static final String UNKNOWN = "unknown";

    private ZdictMetrics() {}

    /**
     * The current value of zdict metric {@code name} (of group {@value #GROUP} or {@value #REGISTRY_GROUP})
     * whose tags include all of {@code tags}, among {@code metrics} ({@link #fallback()}), or null if there is
     * none.
     * For example {@code value(fallback(), RECORDS, Map.of(VERSION_TAG, "2"))}.
     *
     * @param metrics {@link #fallback()}, or any other map of Kafka metrics
     * @param name a metric name, such as {@link #RECORDS}
     * @param tags tags the metric must have (it may have more)
     * @return the value of the first match, or null
     */
    public static Double value(Map<MetricName, ? extends Metric> metrics, String name, Map<String, String> tags) {
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            MetricName metricName = e.getKey();
            if ((metricName.group().equals(GROUP) || metricName.group().equals(REGISTRY_GROUP))
                    && metricName.name().equals(name)
                    && metricName.tags().entrySet().containsAll(tags.entrySet())) {
                return ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        return null;
    }

    /** {@return the metrics of this JVM's zdict serdes and Kafka registry clients, as published through JMX} */
    public static Map<MetricName, ? extends Metric> fallback() {
        return JmxFallback.metrics();
    }
}
