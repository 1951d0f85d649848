package org.zdict.kafka;

import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.utils.Utils;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.ZdictException;
import org.zdict.format.PayloadPrefix;

/**
 * Decompresses a zdict payload with the dictionary version its prefix names, then hands the bytes to
 * an inner deserializer. A version the registry does not know yet is waited for up to {@code
 * zdict.unknown.version.wait.ms}; after that the record fails with a {@link SerializationException}, and
 * so do the next records of that version, at once, until the registry changes ({@link MissingVersions}).
 * Bytes whose prefix names an unknown version but that cannot be a payload never wait. A failed record
 * throws a {@link SerializationException} (which the consumer wraps in a {@code RecordDeserializationException} carrying partition and offset,
 * and which Kafka Streams hands to its deserialization exception handler). Null stays null.
 *
 * <p>{@code configure} throws a {@code ConfigException} naming the setting for a bad {@code zdict.*}
 * value or a registry that cannot be opened. Once configured it is safe for use by many threads at once
 * (the codec pools its native contexts); {@code close} is idempotent and closes the inner deserializer.
 *
 * @param <T> the type the inner deserializer returns
 */
public class ZdictDeserializer<T> implements Deserializer<T> {

    /** Package-private for the {@code Monitorable*} subclasses, which hand it the client's metrics. */
    final SerdeLifecycle lifecycle = new SerdeLifecycle(this, false);

    private Deserializer<T> inner;
    private final MissingVersions missingVersions = new MissingVersions();

    /** For Kafka: the inner deserializer comes from {@code zdict.inner.deserializer}. */
    public ZdictDeserializer() {}

    /**
     * Wraps {@code inner} ({@code zdict.inner.deserializer} is then ignored); it is configured and closed
     * with this one.
     *
     * @param inner turns decompressed bytes into values
     */
    public ZdictDeserializer(Deserializer<T> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        lifecycle.configure(configs, isKey, parsed -> {
            if (inner == null) {
                inner = Utils.newInstance(parsed.innerDeserializer(), Deserializer.class);
            }
            inner.configure(configs, isKey);
        });
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return deserialize(topic, null, data);
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        if (data == null) {
            return null;
        }
        byte[] raw = decode(topic, data);
        return headers == null ? inner.deserialize(topic, raw) : inner.deserialize(topic, headers, raw);
    }

    /**
     * Called by Kafka 4's consumer with a slice of the fetched batch: a zdict payload is decoded straight
     * from it (its backing array, or native memory for a direct buffer), without copying it first.
     * Without {@code @Override}: {@code Deserializer} has this method only from kafka-clients 3.6 on, and
     * this class compiles against the 3.4 floor too (client-matrix/floor-compile); older clients never
     * call it.
     */
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        if (data == null) {
            return null;
        }
        byte[] raw = decode(topic, data);
        return headers == null ? inner.deserialize(topic, raw) : inner.deserialize(topic, headers, raw);
    }

    /**
     * The original bytes of one record value (or key) in {@code data}'s remaining bytes, whose position
     * is left alone. Anything but a payload that decodes (a payload that fails, an unframed value) takes
     * the array path, which words the error, waits for an unknown version, or passes the value through.
     */
    byte[] decode(String topic, ByteBuffer data) {
        SerdeResources r = lifecycle.ready();
        int length = data.remaining();
        if (length > 0 && PayloadPrefix.isZdictMarker(data.get(data.position()) & 0xFF)) {
            try {
                return r.codec.decompress(data, r.metrics);
            } catch (ZdictException e) {
                // Decoded again below, where failures are counted and explained.
            }
        }
        byte[] bytes;
        if (data.hasArray() && data.arrayOffset() == 0 && data.position() == 0 && length == data.array().length) {
            bytes = data.array();
        } else {
            bytes = new byte[length];
            data.duplicate().get(bytes);
        }
        return decode(topic, bytes);
    }

    /** The original bytes of one record value (or key). */
    byte[] decode(String topic, byte[] data) {
        SerdeResources r = lifecycle.ready();
        if (data.length == 0 || !PayloadPrefix.isZdictMarker(data[0] & 0xFF)) {
            if (r.config.acceptUnframed()) {
                return decodeUnframed(r, topic, data);
            }
        }
        try {
            return decodeFramed(r, topic, data);
        } catch (ZdictException e) {
            r.metrics.failed(versionOf(data));
            throw new SerializationException(
                    "zdict cannot decode a record of topic " + topic + describeVersion(data) + ": " + describe(r, e)
                            + hint(r, data, e),
                    e);
        }
    }

    private byte[] decodeFramed(SerdeResources r, String topic, byte[] data) {
        try {
            return decompress(r, data);
        } catch (UnknownDictionaryVersionException e) {
            ZdictException notAPayload = MissingVersions.notAPayload(data, r.codec);
            if (notAPayload != null) {
                throw notAPayload;
            }
            String label = Integer.toString(e.version());
            long waitMs = r.config.unknownVersionWaitMs();
            if (!missingVersions.arrived(r.codec.source(), e.version(), waitMs, () -> r.metrics.waited(label))) {
                r.metrics.failed(label);
                throw new SerializationException(
                        "Unknown dictionary version " + e.version() + " in a record of topic " + topic + ": "
                                + r.codec.source().describe() + " does not hold it (waited up to " + waitMs
                                + " ms, " + ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG
                                + "; its records now fail at once until the registry changes). Publish it"
                                + " there, or point " + ZdictSerdeConfig.REGISTRY_CONFIG
                                + " at the registry the producer uses.",
                        e);
            }
            return decompress(r, data);
        }
    }

    private static byte[] decompress(SerdeResources r, byte[] data) {
        return r.codec.decompress(data, r.metrics);
    }

    private static byte[] decodeUnframed(SerdeResources r, String topic, byte[] data) {
        if (!PayloadPrefix.startsWithZstdMagic(data, 0, data.length)) {
            r.metrics.counted(ZdictMetrics.UNFRAMED, data.length, data.length);
            return data;
        }
        byte[] framed = new byte[data.length + 1];
        PayloadPrefix.plainFrame().writeTo(framed, 0);
        System.arraycopy(data, 0, framed, 1, data.length);
        try {
            byte[] raw = r.codec.decompress(framed);
            r.metrics.counted(ZdictMetrics.UNFRAMED, raw.length, data.length);
            return raw;
        } catch (ZdictException e) {
            r.metrics.failed(ZdictMetrics.UNFRAMED);
            throw new SerializationException(
                    "zdict cannot decode a bare zstd frame (no zdict prefix) in a record of topic " + topic + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static String versionOf(byte[] data) {
        try {
            return PayloadPrefix.read(data, 0, data.length).label();
        } catch (ZdictException e) {
            return ZdictMetrics.UNKNOWN;
        }
    }

    private static String describeVersion(byte[] data) {
        try {
            return " (" + PayloadPrefix.read(data, 0, data.length).description() + ")";
        } catch (ZdictException e) {
            return "";
        }
    }

    /** The codec's message, with the serde's setting named where the codec names its own. */
    private static String describe(SerdeResources r, ZdictException e) {
        if (e instanceof PayloadTooLargeException tooLarge) {
            return tooLarge.reason() + "; the limit is " + tooLarge.limit() + " bytes ("
                    + ZdictSerdeConfig.MAX_DECOMPRESSED_BYTES_CONFIG + ")";
        }
        return e.getMessage();
    }

    private static String hint(SerdeResources r, byte[] data, ZdictException e) {
        if (data.length > 0 && !PayloadPrefix.isZdictMarker(data[0] & 0xFF)) {
            return ". If the topic holds records written before zdict, set " + ZdictSerdeConfig.ACCEPT_UNFRAMED_CONFIG
                    + "=true while they remain.";
        }
        if (e instanceof CorruptPayloadException corrupt
                && (corrupt.kind() == CorruptPayloadException.Kind.MALFORMED
                        || corrupt.kind() == CorruptPayloadException.Kind.DICTIONARY_MISMATCH)
                && data.length > 0
                && data[0] == (byte) PayloadPrefix.dictionaryFrame(1).marker()) {
            return ". Check " + ZdictSerdeConfig.REGISTRY_CONFIG + " ("
                    + r.codec.source().describe() + "): it must name the registry the producers write with.";
        }
        return "";
    }

    /** Closes the inner deserializer and lets go of the registry and the metrics. Idempotent. */
    @Override
    public void close() {
        if (lifecycle.close() && inner != null) {
            inner.close();
        }
    }
}
