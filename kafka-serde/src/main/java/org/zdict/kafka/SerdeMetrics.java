package org.zdict.kafka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.kafka.clients.CommonClientConfigs;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;

/**
 * The metrics of one serializer or deserializer, counted per version label ({@link PayloadPrefix#label()},
 * or {@link ZdictMetrics#UNFRAMED} / {@link ZdictMetrics#UNKNOWN}). They are published with the first
 * record: in the client's own registry when the client handed the serde its plugin metrics ({@link
 * #publishTo}, kafka-clients 4.1+ and a {@code Monitorable*} serde), otherwise through JMX ({@link
 * JmxFallback}), tagged with the client id of the last configure. With them go the metrics of the serde's
 * dictionary cache ({@link DictionaryCacheMetrics}) and, for a serializer, the records of each subject it
 * wrote without a dictionary ({@link ZdictMetrics#RECORDS_WITHOUT_DICTIONARY}). Both places take the same
 * metric definitions ({@link VersionCounters#publish}, {@link DictionaryCacheMetrics#publish}).
 */
final class SerdeMetrics implements AutoCloseable, ZdictCodec.DecodeListener {
    /** Where the counters of each version are published; closing removes what it published. */
    interface Target extends AutoCloseable {
        VersionCounters counters(String version);

        /** The count of {@link ZdictMetrics#RECORDS_WITHOUT_DICTIONARY} for {@code subject}, published. */
        LongAdder withoutDictionary(String subject);

        /** The count of {@link ZdictMetrics#RECORDS_FALLBACK_ROUTED} for {@code subject}, published. */
        LongAdder fallbackRouted(String subject);

        /**
         * Publishes the dictionary cache metrics, read from the cache of {@code codec}'s codec (null: none
         * yet). Serdes that share a registry share its codec ({@link SharedCodecs}): a cache is counted once.
         */
        void publishCache(Supplier<ZdictCodec> codec);

        @Override
        void close();
    }

    private final String className;
    private final boolean serializer;
    /** The per-record lookup: no label is made once a prefix has been seen. */
    private final Map<PayloadPrefix, VersionCounters> byPrefix = new ConcurrentHashMap<>();

    private final Map<String, VersionCounters> byLabel = new ConcurrentHashMap<>();
    /** Records written as plain zstd because their subject had no active version, per subject. */
    private final Map<String, LongAdder> withoutDictionary = new ConcurrentHashMap<>();
    /** Records written with the fallback of their subject's dictionary set, per subject. */
    private final Map<String, LongAdder> fallbackRouted = new ConcurrentHashMap<>();
    /** The codec of the last configure, whose dictionary cache the cache metrics read. */
    private volatile ZdictCodec codec;
    // Guarded by this:
    private Map<String, String> tags;
    private Target target;
    /** Makes a target in the client's own registry; null until the client hands one (then JMX). */
    private Supplier<Target> clientMetrics;

    private boolean closed;

    /** {@code className} is the serde's simple class name, the {@code class} tag a client would add. */
    SerdeMetrics(String className, boolean serializer) {
        this.className = className;
        this.serializer = serializer;
    }

    /** Counts one record whose zdict payload starts with {@code prefix}. */
    void counted(PayloadPrefix prefix, long originalBytes, long compressedBytes) {
        VersionCounters counters = byPrefix.get(prefix);
        if (counters == null) {
            counters = publish(prefix);
        }
        counters.counted(originalBytes, compressedBytes, prefix.isLz4Block());
    }

    /** Counts one record the codec decoded, with the prefix it read (the deserializer's path). */
    @Override
    public void decoded(PayloadPrefix prefix, int decodedLength, int payloadLength) {
        counted(prefix, decodedLength, payloadLength);
    }

    void counted(String label, long originalBytes, long compressedBytes) {
        counters(label).counted(originalBytes, compressedBytes, false);
    }

    /**
     * Counts one record of {@code subject} written as plain zstd because the subject had no active version
     * (it is also counted under {@code plain} by {@link #counted}).
     */
    void withoutDictionary(String subject) {
        LongAdder count = withoutDictionary.get(subject);
        if (count == null) {
            count = publishSubject(subject);
        }
        count.increment();
    }

    /** Counts one record of {@code subject} written with the fallback of its active dictionary set. */
    void fallbackRouted(String subject) {
        LongAdder count = fallbackRouted.get(subject);
        if (count == null) {
            count = publishFallbackRouted(subject);
        }
        count.increment();
    }

    void failed(String label) {
        counters(label).failed();
    }

    void waited(String label) {
        counters(label).waited();
    }

    /** From {@code configure}: the cache metrics read {@code codec}'s dictionary cache from now on. */
    void watchCache(ZdictCodec codec) {
        this.codec = codec;
    }

    /** From {@code configure}: the tags of the JMX metrics, as a client would set them. */
    synchronized void configured(Map<String, ?> configs, boolean isKey) {
        Object clientId = configs.get(CommonClientConfigs.CLIENT_ID_CONFIG);
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(ZdictMetrics.CLIENT_ID_TAG, clientId == null ? "" : clientId.toString());
        tags.put(ZdictMetrics.CONFIG_TAG, (isKey ? "key." : "value.") + (serializer ? "serializer" : "deserializer"));
        tags.put(ZdictMetrics.CLASS_TAG, className);
        if (!tags.equals(this.tags)) {
            this.tags = tags;
            unbind();
        }
    }

    /**
     * From a client (kafka-clients 4.1+) that keeps the serde's metrics in its own registry: from now on
     * they are published through {@code clientMetrics}, not JMX (a client hands them over before the first
     * record; counts published before that would start again there).
     */
    synchronized void publishTo(Supplier<Target> clientMetrics) {
        if (closed) {
            return;
        }
        this.clientMetrics = clientMetrics;
        unbind();
    }

    /** Removes every metric this serde published. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        unbind();
    }

    private VersionCounters counters(String label) {
        VersionCounters counters = byLabel.get(label);
        return counters != null ? counters : publish(label);
    }

    private synchronized VersionCounters publish(PayloadPrefix prefix) {
        VersionCounters counters = counters(prefix.label());
        byPrefix.put(prefix, counters);
        return counters;
    }

    private synchronized VersionCounters publish(String label) {
        VersionCounters counters = byLabel.get(label);
        if (counters != null) {
            return counters;
        }
        if (closed) {
            return new VersionCounters(); // a record racing close: counted nowhere
        }
        counters = target().counters(label);
        byLabel.put(label, counters);
        return counters;
    }

    private synchronized LongAdder publishSubject(String subject) {
        LongAdder count = withoutDictionary.get(subject);
        if (count != null) {
            return count;
        }
        if (closed) {
            return new LongAdder(); // a record racing close: counted nowhere
        }
        count = target().withoutDictionary(subject);
        withoutDictionary.put(subject, count);
        return count;
    }

    private synchronized LongAdder publishFallbackRouted(String subject) {
        LongAdder count = fallbackRouted.get(subject);
        if (count != null) {
            return count;
        }
        if (closed) {
            return new LongAdder(); // a record racing close: counted nowhere
        }
        count = target().fallbackRouted(subject);
        fallbackRouted.put(subject, count);
        return count;
    }

    /** Guarded by this. */
    private Target target() {
        if (target == null) {
            target = clientMetrics != null ? clientMetrics.get() : JmxFallback.acquire(tags);
            target.publishCache(() -> codec);
        }
        return target;
    }

    private void unbind() {
        if (target != null) {
            target.close();
            target = null;
        }
        byPrefix.clear();
        byLabel.clear();
        withoutDictionary.clear();
        fallbackRouted.clear();
    }
}
