package org.zdict.kafka;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.LoggerFactory;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.internal.NoActiveVersionWarning;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * Serializes with an inner serializer, then compresses the bytes with the active dictionary of the
 * record's subject ({@code zdict.subject}, or {@code TOPIC-value}/{@code TOPIC-key} with {@code
 * zdict.subject.strategy=topic}), or with the pinned one, into a zdict payload. When the subject's active
 * state is a dictionary set (docs/FORMAT.md), the record is written with the version of its kind: the set
 * reads the kind from the record's bytes, or for a {@code header:NAME} rule from the record's last header of
 * that name; a record of no kind the set names is written with the fallback, counted per subject in
 * {@code records-fallback-routed-total}. A record whose subject
 * has no active version is written as plain zstd (marker D2), counted per subject in {@code
 * records-without-dictionary-total}, the first of each subject logged at WARN. Records below {@code
 * zdict.min.payload.bytes} are stored uncompressed. Null stays null (tombstones). Safe for use by many
 * producer threads at once.
 *
 * <p>{@code configure} throws a {@code ConfigException} naming the setting for a bad {@code zdict.*}
 * value, a pinned version the registry cannot compress with, or a registry that cannot be opened; a
 * record that cannot be written fails with a {@code SerializationException}. {@code close} is idempotent
 * and closes the inner serializer.
 *
 * @param <T> the type the inner serializer takes
 */
public class ZdictSerializer<T> implements Serializer<T> {
    /** Records up to about this size are compressed into a per-thread buffer instead of a new one. */
    private static final int SCRATCH_LIMIT = 64 * 1024;

    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[4096]);

    /** Package-private for the {@code Monitorable*} subclasses, which hand it the client's metrics. */
    final SerdeLifecycle lifecycle = new SerdeLifecycle(this, true);

    private final Map<String, String> subjectByTopic = new ConcurrentHashMap<>();
    private final NoActiveVersionWarning noActiveVersion =
            new NoActiveVersionWarning(LoggerFactory.getLogger(ZdictSerializer.class), "ZdictSerializer");
    private Serializer<T> inner;
    private boolean isKey;

    /** For Kafka: the inner serializer comes from {@code zdict.inner.serializer}. */
    public ZdictSerializer() {}

    /**
     * Wraps {@code inner} ({@code zdict.inner.serializer} is then ignored); it is configured and closed with
     * this one.
     *
     * @param inner turns values into bytes before compression
     */
    public ZdictSerializer(Serializer<T> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        lifecycle.configure(configs, isKey, parsed -> {
            if (inner == null) {
                inner = Utils.newInstance(parsed.innerSerializer(), Serializer.class);
            }
            inner.configure(configs, isKey);
        });
    }

    @Override
    public byte[] serialize(String topic, T data) {
        return serialize(topic, null, data);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        if (data == null) {
            return null;
        }
        SerdeResources r = lifecycle.ready();
        byte[] raw = headers == null ? inner.serialize(topic, data) : inner.serialize(topic, headers, data);
        if (raw == null) {
            return null;
        }
        OptionalInt pinned = r.config.pinnedVersion();
        String subject = subject(r.config, topic);
        OptionalInt active = OptionalInt.empty();
        DictionarySet routing = null;
        int version = 0;
        try {
            byte[] dst = scratch(ZdictCodec.maxCompressedLength(raw.length));
            int written;
            if (raw.length < r.config.minPayloadBytes()) {
                written = r.codec.store(raw, 0, raw.length, dst, 0);
            } else if (pinned.isPresent()) {
                written = r.codec.compress(pinned.getAsInt(), raw, 0, raw.length, dst, 0);
            } else {
                active = r.codec.source().activeVersion(subject);
                if (active.isPresent()) {
                    Optional<DictionarySet> set = r.codec.source().activeSet(subject);
                    routing = set.isPresent() ? set.get() : null;
                    version = routing == null ? active.getAsInt() : routed(routing, headers, raw);
                    written = r.codec.compress(version, raw, 0, raw.length, dst, 0);
                    if (routing != null && version == routing.fallback()) {
                        r.metrics.fallbackRouted(subject);
                    }
                } else {
                    written = r.codec.compressWithoutDictionary(raw, 0, raw.length, dst, 0);
                    r.metrics.withoutDictionary(subject);
                    noActiveVersion.noActiveVersion(subject, r.codec.source());
                }
            }
            r.metrics.counted(PayloadPrefix.read(dst, 0, written), raw.length, written);
            return Arrays.copyOf(dst, written);
        } catch (ZdictException | IllegalStateException e) {
            String what = pinned.isPresent()
                    ? "pinned version " + pinned.getAsInt()
                    : routing != null
                            ? "version " + version + " of the dictionary set of subject " + subject
                            : active.isPresent()
                                    ? "active version " + active.getAsInt() + " of subject " + subject
                                    : "no active version of subject " + subject;
            r.metrics.failed(pinned.isPresent() ? Integer.toString(pinned.getAsInt()) : ZdictMetrics.UNKNOWN);
            throw new SerializationException(
                    "zdict cannot compress a record for topic " + topic + " with " + what + " of "
                            + r.codec.source().describe() + ": " + e.getMessage(),
                    e);
        }
    }

    /**
     * The version of the record's kind in {@code set}; allocates nothing (a header's value is the record's own
     * array).
     */
    private static int routed(DictionarySet set, Headers headers, byte[] raw) {
        String headerName = set.headerName();
        if (headerName == null) {
            return set.versionFor(raw, 0, raw.length);
        }
        Header header = headers == null ? null : headers.lastHeader(headerName);
        return set.versionForHeader(header == null ? null : header.value());
    }

    /** The record's subject: the fixed one, or TOPIC-value / TOPIC-key, computed once per topic. */
    private String subject(ZdictSerdeConfig config, String topic) {
        if (!config.subjectByTopic()) {
            return config.subject();
        }
        String subject = subjectByTopic.get(topic);
        if (subject == null) {
            subject = DictionaryRegistry.subjectForTopic(topic, isKey);
            subjectByTopic.put(topic, subject);
        }
        return subject;
    }

    /** Closes the inner serializer and lets go of the registry and the metrics. Idempotent. */
    @Override
    public void close() {
        if (lifecycle.close() && inner != null) {
            inner.close();
        }
    }

    private static byte[] scratch(int size) {
        if (size > SCRATCH_LIMIT) {
            return new byte[size];
        }
        byte[] buffer = SCRATCH.get();
        if (buffer.length < size) {
            buffer = new byte[Math.max(size, buffer.length * 2)];
            SCRATCH.set(buffer);
        }
        return buffer;
    }
}
