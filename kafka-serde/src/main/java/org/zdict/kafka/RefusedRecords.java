package org.zdict.kafka;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.MetricName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.kafka.internal.RecordRefusal;

/**
 * The records of a registry topic that one registry client skipped by the rules of {@link RegistryLog},
 * counted per {@link RecordRefusal} and logged: the first of each reason at WARN with its offset, key and
 * rule, later ones at DEBUG. Once {@link #publish}ed, the counts are in JMX ({@link JmxFallback}) as
 * {@value ZdictMetrics#REFUSED_RECORDS}, one per reason, until {@link #close}. Thread-safe.
 */
final class RefusedRecords implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RefusedRecords.class);
    /**
     * Keys, and details that quote values, are written by whoever can write the topic: logged cut to these
     * lengths, with control characters replaced.
     */
    private static final int LOGGED_KEY_CHARS = 120;

    private static final int LOGGED_DETAIL_CHARS = 300;
    /** Numbers the registry clients of this JVM, so that two on the same topic publish apart. */
    private static final AtomicInteger REGISTRY_IDS = new AtomicInteger();

    private final String where;
    private final Map<RecordRefusal, LongAdder> counts = new EnumMap<>(RecordRefusal.class);
    // Guarded by this:
    private final Set<RecordRefusal> warned = EnumSet.noneOf(RecordRefusal.class);
    private final List<MetricName> published = new ArrayList<>();
    private boolean closed;

    /** {@code where} is the registry's description, for the log. */
    RefusedRecords(String where) {
        this.where = where;
        for (RecordRefusal reason : RecordRefusal.values()) {
            counts.put(reason, new LongAdder());
        }
    }

    /** Counts and logs one skipped record; {@code detail} says what was wrong with it. */
    void refused(RecordRefusal reason, long offset, String key, String detail) {
        counts.get(reason).increment();
        boolean first;
        synchronized (this) {
            first = warned.add(reason);
        }
        if (first) {
            LOG.warn(
                    "Skipped the record at offset {} of {} with key {}: {} ({}). Later records skipped for the same"
                            + " reason are logged at debug level; all are counted in {}, reason={}",
                    offset,
                    where,
                    key == null ? null : "'" + printable(key, LOGGED_KEY_CHARS) + "'",
                    printable(detail, LOGGED_DETAIL_CHARS),
                    reason.rule(),
                    ZdictMetrics.REFUSED_RECORDS,
                    reason.tag());
        } else {
            LOG.debug(
                    "Skipped the record at offset {} of {} with key {}: {} ({})",
                    offset,
                    where,
                    key == null ? null : "'" + printable(key, LOGGED_KEY_CHARS) + "'",
                    printable(detail, LOGGED_DETAIL_CHARS),
                    reason.rule());
        }
    }

    /** {@return how many records were skipped for {@code reason}} */
    long count(RecordRefusal reason) {
        return counts.get(reason).sum();
    }

    /**
     * Publishes the counts through JMX, tagged with the registry {@code topic} and a number that tells this
     * client apart from others in the JVM. Once; nothing after {@link #close}.
     *
     * @return those two tags, for the client's other registry metrics
     */
    synchronized Map<String, String> publish(String topic) {
        Map<String, String> registryTags = new LinkedHashMap<>();
        registryTags.put(ZdictMetrics.TOPIC_TAG, topic);
        registryTags.put(ZdictMetrics.REGISTRY_ID_TAG, Integer.toString(REGISTRY_IDS.incrementAndGet()));
        if (closed || !published.isEmpty()) {
            return registryTags;
        }
        for (RecordRefusal reason : RecordRefusal.values()) {
            Map<String, String> tags = new LinkedHashMap<>(registryTags);
            tags.put(ZdictMetrics.REASON_TAG, reason.tag());
            LongAdder count = counts.get(reason);
            published.add(JmxFallback.addRegistryMetric(
                    ZdictMetrics.REFUSED_RECORDS,
                    "Records of the registry topic skipped: " + reason.rule(),
                    tags,
                    (config, now) -> count.sum()));
        }
        return registryTags;
    }

    /** Removes the published metrics. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        published.forEach(JmxFallback::removeRegistryMetric);
        published.clear();
    }

    /** {@code text} cut to {@code limit} characters, with control characters replaced by {@code ?}. */
    static String printable(String text, int limit) {
        if (text == null) {
            return "(none)";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && i < limit; i++) {
            char c = text.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        if (text.length() > limit) {
            out.append("… (").append(text.length()).append(" characters)");
        }
        return out.toString();
    }
}
