package org.zdict.kafka;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import org.apache.kafka.common.MetricName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a Kafka registry client tells operators about its registry's durability, once per event at WARN and
 * as gauges next to its {@link RefusedRecords} ({@value ZdictMetrics#TOPIC_UNAVAILABLE}, {@value
 * ZdictMetrics#PENDING_REMOVALS}, {@value ZdictMetrics#LOCAL_ONLY_VERSIONS}): the topic it cannot read while it
 * serves what it holds, versions whose removal grace is running, and versions that only its local copy
 * still holds. Thread-safe.
 */
final class RegistryHealth implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryHealth.class);

    private final String where;
    private final List<MetricName> published = new ArrayList<>();
    // Guarded by this:
    private final Set<Integer> warnedPending = new HashSet<>();
    private final Set<Integer> warnedLocalOnly = new HashSet<>();
    private volatile boolean unavailable;
    private volatile int pendingRemovals;
    private volatile int localOnly;
    private boolean closed;

    RegistryHealth(String where) {
        this.where = where;
    }

    /** The topic cannot be read; {@code why} says how. Logged once until the topic is read again. */
    void topicUnavailable(String why, int versionsServed) {
        if (unavailable) {
            return;
        }
        unavailable = true;
        LOG.warn(
                "The topic of {} cannot be read ({}); decoding goes on with the {} versions this client holds,"
                        + " and publishing is refused until the topic is back. Restore it from a backup with"
                        + " zdict registry import, or from this client's local copy with zdict registry export --all"
                        + " then import (docs/REGISTRY.md); see {}",
                where,
                why,
                versionsServed,
                ZdictMetrics.TOPIC_UNAVAILABLE);
    }

    /** The topic was read again. */
    void topicAvailable() {
        if (unavailable) {
            unavailable = false;
            LOG.info("The topic of {} can be read again", where);
        }
    }

    boolean isTopicUnavailable() {
        return unavailable;
    }

    /**
     * The pending removals (version → the time a removal may come into force) and the versions held from the
     * local copy only, after the topic was read; each new one is logged once.
     *
     * @param nowMillis this client's clock, to log only the removals whose grace is still running
     */
    synchronized void update(Map<Integer, Long> pending, SortedSet<Integer> localOnlyVersions, long nowMillis) {
        pendingRemovals = pending.size();
        localOnly = localOnlyVersions.size();
        pending.forEach((version, from) -> {
            if (from > nowMillis && warnedPending.add(version)) {
                LOG.warn(
                        "Version {} of {} is retired; it can be removed from {} (its retirement on the broker's clock"
                                + " plus {}), after which records written with it cannot be read. Do not remove it"
                                + " while records that use it are inside a topic's retention",
                        version,
                        where,
                        Instant.ofEpochMilli(from),
                        KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG);
            }
        });
        warnedPending.retainAll(pending.keySet());
        for (int version : localOnlyVersions) {
            if (warnedLocalOnly.add(version)) {
                LOG.warn(
                        "The topic of {} holds no valid record of version {}: this client keeps decoding it from its"
                                + " local copy, but a client without that copy cannot. Publish its record again with"
                                + " zdict registry export --all and zdict registry import (docs/REGISTRY.md)",
                        where,
                        version);
            }
        }
        warnedLocalOnly.retainAll(localOnlyVersions);
    }

    /** Publishes the gauges with the tags of the client's other registry metrics. Once; nothing after close. */
    synchronized void publish(Map<String, String> registryTags) {
        if (closed || !published.isEmpty()) {
            return;
        }
        Map<String, String> tags = new LinkedHashMap<>(registryTags);
        published.add(JmxFallback.addRegistryMetric(
                ZdictMetrics.TOPIC_UNAVAILABLE,
                "1 while the registry topic cannot be read and the client serves the versions it holds",
                tags,
                (config, now) -> unavailable ? 1 : 0));
        published.add(JmxFallback.addRegistryMetric(
                ZdictMetrics.PENDING_REMOVALS,
                "Retired, once-active versions that a removal may take once their grace is over",
                tags,
                (config, now) -> pendingRemovals));
        published.add(JmxFallback.addRegistryMetric(
                ZdictMetrics.LOCAL_ONLY_VERSIONS,
                "Versions held from the local copy only: the topic holds no valid record of them",
                tags,
                (config, now) -> localOnly));
    }

    @Override
    public synchronized void close() {
        closed = true;
        published.forEach(JmxFallback::removeRegistryMetric);
        published.clear();
    }
}
