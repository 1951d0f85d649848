package org.zdict.kafka;

import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A {@link ZdictSerializer} and {@link ZdictDeserializer} pair, for Kafka Streams. With the no-argument
 * constructor the inner types come from {@code zdict.inner.serializer} and {@code
 * zdict.inner.deserializer}; {@link #ZdictSerde(Serde)} wraps an inner serde instead. Configure it
 * once; then its serializer and deserializer are safe for concurrent use, as a {@link ZdictSerializer}
 * and a {@link ZdictDeserializer} are. {@code configure} fails with a {@code ConfigException} naming the
 * setting for a bad {@code zdict.*} value.
 *
 * @param <T> the value type
 */
public class ZdictSerde<T> implements Serde<T> {
    private final ZdictSerializer<T> serializer;
    private final ZdictDeserializer<T> deserializer;

    /** For Kafka: the inner types come from {@code zdict.inner.serializer} and {@code zdict.inner.deserializer}. */
    public ZdictSerde() {
        this.serializer = new ZdictSerializer<>();
        this.deserializer = new ZdictDeserializer<>();
    }

    /**
     * Wraps {@code inner}; it is configured and closed with this serde.
     *
     * @param inner the serde of the values before compression
     */
    public ZdictSerde(Serde<T> inner) {
        this(inner.serializer(), inner.deserializer());
    }

    /**
     * Wraps an inner serializer and deserializer; they are configured and closed with this serde.
     *
     * @param innerSerializer turns values into bytes before compression
     * @param innerDeserializer turns decompressed bytes into values
     */
    public ZdictSerde(Serializer<T> innerSerializer, Deserializer<T> innerDeserializer) {
        this.serializer = new ZdictSerializer<>(innerSerializer);
        this.deserializer = new ZdictDeserializer<>(innerDeserializer);
    }

    /** {@return a serde of byte arrays, the most common case: {@code new ZdictSerde<>(Serdes.ByteArray())}} */
    public static ZdictSerde<byte[]> bytes() {
        return new ZdictSerde<>(Serdes.ByteArray());
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    /** Closes both halves. Idempotent. */
    @Override
    public void close() {
        serializer.close();
        deserializer.close();
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}
