package org.zdict.kafka;

import java.util.Arrays;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Utils;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;

/**
 * Serializes with an inner serializer, then compresses the bytes with the registry's active dictionary
 * (or the pinned one) into a zdict payload. Records below {@code zdict.min.payload.bytes} are stored
 * uncompressed. Null stays null (tombstones). Safe for use by many producer threads at once.
 *
 * @param <T> the type the inner serializer takes
 */
public class ZdictSerializer<T> implements Serializer<T> {
    /** Records up to about this size are compressed into a per-thread buffer instead of a new one. */
    private static final int SCRATCH_LIMIT = 64 * 1024;

    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[4096]);

    private Serializer<T> inner;
    private volatile SerdeResources resources;
    private volatile boolean closed;

    /** For Kafka: the inner serializer comes from {@code zdict.inner.serializer}. */
    public ZdictSerializer() {}

    /** Wraps {@code inner} ({@code zdict.inner.serializer} is then ignored); it is configured and closed with this one. */
    public ZdictSerializer(Serializer<T> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (closed) {
            throw new IllegalStateException("This ZdictSerializer is closed");
        }
        ZdictSerdeConfig parsed = new ZdictSerdeConfig(configs, isKey);
        if (inner == null) {
            inner = Utils.newInstance(parsed.innerSerializer(), Serializer.class);
        }
        inner.configure(configs, isKey);
        SerdeResources previous = resources;
        resources = SerdeResources.open(parsed, configs, isKey ? "key-serializer" : "serializer");
        if (previous != null) { // configured again: let go of what the last configuration held
            previous.close();
        }
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
        SerdeResources r = ready();
        byte[] raw = headers == null ? inner.serialize(topic, data) : inner.serialize(topic, headers, data);
        if (raw == null) {
            return null;
        }
        OptionalInt pinned = r.config.pinnedVersion();
        try {
            byte[] dst = scratch(ZdictCodec.maxCompressedLength(raw.length));
            int written;
            if (raw.length < r.config.minPayloadBytes()) {
                written = r.codec.store(raw, 0, raw.length, dst, 0);
            } else if (pinned.isPresent()) {
                written = r.codec.compress(pinned.getAsInt(), raw, 0, raw.length, dst, 0);
            } else {
                written = r.codec.compress(raw, 0, raw.length, dst, 0);
            }
            r.metrics.recordedPayload(dst, written, raw.length);
            return Arrays.copyOf(dst, written);
        } catch (ZdictException | IllegalStateException e) {
            String version = pinned.isPresent()
                    ? "pinned version " + pinned.getAsInt()
                    : r.codec.registry().activeVersion().isPresent()
                            ? "active version "
                                    + r.codec.registry().activeVersion().getAsInt()
                            : "no active version";
            r.metrics.failed(pinned.isPresent() ? Integer.toString(pinned.getAsInt()) : "unknown");
            throw new SerializationException(
                    "zdict cannot compress a record for topic " + topic + " with " + version + " of "
                            + r.codec.registry().describe() + ": " + e.getMessage(),
                    e);
        }
    }

    /** Closes the inner serializer and lets go of the registry. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (resources != null) {
            resources.close();
        }
        if (inner != null) {
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

    static String versionLabel(byte[] payload, int length) {
        PayloadPrefix prefix = PayloadPrefix.read(payload, 0, length);
        return switch (prefix.kind()) {
            case DICTIONARY_FRAME -> Integer.toString(prefix.version());
            case PLAIN_FRAME -> "plain";
            case STORED -> "stored";
        };
    }

    private SerdeResources ready() {
        if (closed) {
            throw new IllegalStateException("This ZdictSerializer is closed");
        }
        SerdeResources current = resources;
        if (current == null) {
            throw new IllegalStateException("ZdictSerializer is not configured: call configure(Map, boolean) first");
        }
        return current;
    }
}
