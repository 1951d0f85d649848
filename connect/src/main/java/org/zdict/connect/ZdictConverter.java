package org.zdict.connect;

import java.io.Closeable;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.components.Versioned;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;

/**
 * A Kafka Connect {@link Converter} that wraps another one: for a source connector it compresses what the
 * inner converter writes into a zdict payload, for a sink connector it decompresses a zdict payload and
 * hands the bytes to the inner converter. Set it as {@code value.converter} (or {@code key.converter}) with
 * {@code value.converter.zdict.registry} and {@code value.converter.zdict.inner.converter}; the other
 * {@code value.converter.*} settings configure the inner converter.
 *
 * <p>The compression is the zdict serde's ({@link ZdictSerializer}, {@link ZdictDeserializer}) with the
 * {@code zdict.*} settings passed through, so the converter writes what a zdict producer writes and any
 * zdict consumer reads it, and the other way round. A record that cannot be decoded fails with a {@link
 * DataException}, which Connect's error handling ({@code errors.tolerance}, the dead-letter queue) treats
 * like any other bad record.
 *
 * <p>{@code configure} throws a {@code ConfigException} naming the setting for a bad value or a missing
 * {@code zdict.inner.converter}. Connect calls a converter from its task's thread; once configured, the
 * compression itself is safe for concurrent use, as the serde's is, and the inner converter decides
 * the rest. {@code close} is idempotent.
 *
 * <p>It loads and works on Connect workers of Kafka 3.4 and newer. A 3.x worker never closes a task's key
 * and value converters (there {@link Converter} is not {@link Closeable}): a converter dropped without
 * {@code close} lets go of its registry and metrics once it is garbage. Its metrics are the serde's, in
 * JMX under {@code zdict:type=plugins}, tagged with the {@code client.id} of its settings ({@code
 * value.converter.client.id}) if it has one.
 */
public class ZdictConverter implements Converter, Closeable, Versioned {
    private static final Logger log = LoggerFactory.getLogger(ZdictConverter.class);

    private Converter inner;
    private ZdictSerializer<byte[]> serializer;
    private ZdictDeserializer<byte[]> deserializer;
    private boolean closed;

    /** For Connect: everything comes from {@link #configure(Map, boolean)}. */
    public ZdictConverter() {}

    @Override
    public ConfigDef config() {
        return ZdictConverterConfig.configDef();
    }

    /**
     * Reads the settings, configures the inner converter and opens the registry. A bad setting fails here
     * with a {@link org.apache.kafka.common.config.ConfigException} that names it.
     */
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (closed) {
            throw new IllegalStateException("This ZdictConverter is closed");
        }
        ZdictConverterConfig config = new ZdictConverterConfig(configs, isKey);
        Converter newInner = Utils.newInstance(config.innerConverter(), Converter.class);
        ZdictSerializer<byte[]> newSerializer = new ZdictSerializer<>(new ByteArraySerializer());
        ZdictDeserializer<byte[]> newDeserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
        try {
            newInner.configure(config.innerSettings(), isKey);
            Map<String, Object> serde = config.serdeSettings();
            newSerializer.configure(serde, isKey);
            newDeserializer.configure(serde, isKey);
        } catch (RuntimeException e) {
            closeQuietly(newInner, newSerializer, newDeserializer);
            throw e;
        }
        Converter oldInner = inner;
        ZdictSerializer<byte[]> oldSerializer = serializer;
        ZdictDeserializer<byte[]> oldDeserializer = deserializer;
        inner = newInner;
        serializer = newSerializer;
        deserializer = newDeserializer;
        closeQuietly(oldInner, oldSerializer, oldDeserializer);
        log.info(
                "zdict converter for {} records configured: registry {}, inner converter {}; {} loaded from {} by {}",
                isKey ? "key" : "value",
                configs.get(ZdictSerdeConfig.REGISTRY_CONFIG),
                newInner.getClass().getName(),
                getClass().getSimpleName(),
                getClass().getProtectionDomain().getCodeSource() == null
                        ? "an unknown location"
                        : getClass().getProtectionDomain().getCodeSource().getLocation(),
                getClass().getClassLoader());
    }

    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
        return fromConnectData(topic, null, schema, value);
    }

    @Override
    public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
        ZdictSerializer<byte[]> current = ready(serializer);
        byte[] raw = headers == null
                ? inner.fromConnectData(topic, schema, value)
                : inner.fromConnectData(topic, headers, schema, value);
        try {
            return current.serialize(topic, headers, raw);
        } catch (SerializationException e) {
            throw new DataException(e.getMessage(), e);
        }
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
        return toConnectData(topic, null, value);
    }

    @Override
    public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
        ZdictDeserializer<byte[]> current = ready(deserializer);
        byte[] raw;
        try {
            raw = current.deserialize(topic, headers, value);
        } catch (SerializationException e) {
            throw new DataException(e.getMessage(), e);
        }
        return headers == null ? inner.toConnectData(topic, raw) : inner.toConnectData(topic, headers, raw);
    }

    /** Closes the inner converter and lets go of the registry. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeQuietly(inner, serializer, deserializer);
    }

    private <S> S ready(S serde) {
        if (closed) {
            throw new IllegalStateException("This ZdictConverter is closed");
        }
        if (serde == null) {
            throw new IllegalStateException("ZdictConverter is not configured: call configure(Map, boolean) first");
        }
        return serde;
    }

    /**
     * Closes each of {@code objects} that can be closed: a Connect 3.x {@link Converter} is not {@link
     * Closeable} (4.x's is), so the inner converter is closed only if its class is.
     */
    private static void closeQuietly(Object... objects) {
        for (Object object : objects) {
            if (object instanceof AutoCloseable closeable) {
                Utils.closeQuietly(closeable, closeable.getClass().getSimpleName());
            }
        }
    }

    /** The zdict release, from the jar's manifest. */
    @Override
    public String version() {
        String version = ZdictConverter.class.getPackage().getImplementationVersion();
        return version == null ? "unknown" : version;
    }
}
