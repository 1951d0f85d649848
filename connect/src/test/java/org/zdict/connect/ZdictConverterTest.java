package org.zdict.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.storage.StringConverter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictMetrics;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

class ZdictConverterTest {
    private static final String TOPIC = "events";

    @TempDir
    static Path registryDir;

    private final ZdictConverter converter = new ZdictConverter();

    @BeforeAll
    static void publishDictionary() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(registryDir.toString(), Map.of())) {
            byte[] dictionary = TestTrainer.train(SampleEvents.synthetic(1500, 1), 4096, 3);
            registry.publish(dictionary, 3, Map.of());
            registry.activate(1);
        }
    }

    @AfterEach
    void close() throws Exception {
        converter.close();
    }

    private static Map<String, Object> settings(Class<?> inner) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("zdict.registry", registryDir.toString());
        settings.put("zdict.inner.converter", inner.getName());
        return settings;
    }

    private static String event() {
        return new String(SampleEvents.synthetic(1, 7).get(0), StandardCharsets.UTF_8);
    }

    @Test
    void tagsItsMetricsWithTheClientIdOfItsSettings() {
        Map<String, Object> settings = settings(StringConverter.class);
        settings.put("client.id", "orders-sink");
        converter.configure(settings, false);
        byte[] written = converter.fromConnectData(TOPIC, Schema.STRING_SCHEMA, event());
        converter.toConnectData(TOPIC, written);

        for (String config : new String[] {"value.serializer", "value.deserializer"}) {
            Map<String, String> tags = Map.of("client-id", "orders-sink", "config", config, "version", "1");
            assertEquals(1.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, tags), config);
        }
    }

    @Test
    void compressesWithTheActiveDictionaryWhatAZdictConsumerReads() {
        converter.configure(settings(StringConverter.class), false);
        String event = event();

        byte[] written = converter.fromConnectData(TOPIC, new RecordHeaders(), Schema.STRING_SCHEMA, event);

        PayloadPrefix prefix = PayloadPrefix.read(written, 0, written.length);
        assertTrue(prefix.isDictionaryFrame());
        assertEquals(1, prefix.version());
        assertTrue(written.length < event.length() / 2, written.length + " bytes for " + event.length());
        try (ZdictDeserializer<String> consumerSide = new ZdictDeserializer<>(new StringDeserializer())) {
            consumerSide.configure(Map.of("zdict.registry", registryDir.toString()), false);
            assertEquals(event, consumerSide.deserialize(TOPIC, written));
        }
    }

    @Test
    void decodesBackToTheInnerConvertersData() {
        converter.configure(settings(StringConverter.class), false);
        String event = event();
        byte[] written = converter.fromConnectData(TOPIC, Schema.STRING_SCHEMA, event);

        SchemaAndValue read = converter.toConnectData(TOPIC, new RecordHeaders(), written);

        assertEquals(Schema.OPTIONAL_STRING_SCHEMA, read.schema());
        assertEquals(event, read.value());
        assertEquals(event, converter.toConnectData(TOPIC, written).value());
    }

    @Test
    void passesTheOtherSettingsToTheInnerConverter() {
        Map<String, Object> settings = settings(JsonConverter.class);
        settings.put("schemas.enable", "false");
        converter.configure(settings, false);

        byte[] written = converter.fromConnectData(TOPIC, null, Map.of("user", 42));

        try (ZdictDeserializer<String> consumerSide = new ZdictDeserializer<>(new StringDeserializer())) {
            consumerSide.configure(Map.of("zdict.registry", registryDir.toString()), false);
            assertEquals("{\"user\":42}", consumerSide.deserialize(TOPIC, written), "no schema envelope");
        }
        assertEquals(
                Map.of("user", 42L), converter.toConnectData(TOPIC, written).value());
    }

    @Test
    void roundTripsBytesWithByteArrayConverter() {
        converter.configure(settings(ByteArrayConverter.class), true);
        byte[] event = SampleEvents.synthetic(1, 3).get(0);

        byte[] written = converter.fromConnectData(TOPIC, Schema.BYTES_SCHEMA, event);

        assertTrue(PayloadPrefix.read(written, 0, written.length).isDictionaryFrame());
        assertArrayEquals(
                event, (byte[]) converter.toConnectData(TOPIC, written).value());
    }

    @Test
    void keepsTombstonesNull() {
        converter.configure(settings(StringConverter.class), false);

        assertNull(converter.fromConnectData(TOPIC, Schema.OPTIONAL_STRING_SCHEMA, null));
        assertNull(converter.toConnectData(TOPIC, new RecordHeaders(), null).value());
    }

    @Test
    void failsAnUndecodableRecordWithADataExceptionNamingTheTopic() {
        converter.configure(settings(StringConverter.class), false);
        byte[] notZdict = "plain text, never compressed".getBytes(StandardCharsets.UTF_8);

        DataException e = assertThrows(DataException.class, () -> converter.toConnectData(TOPIC, notZdict));

        assertTrue(e.getMessage().contains("topic " + TOPIC), e.getMessage());
        assertTrue(e.getMessage().contains("zdict.accept.unframed"), e.getMessage());
    }

    @Test
    void describesItsSettingsAndNotTheSerdesInnerClasses() {
        var keys = converter.config().configKeys();

        assertTrue(keys.containsKey("zdict.inner.converter"));
        assertTrue(keys.containsKey("zdict.registry"));
        assertTrue(keys.containsKey("zdict.level"));
        assertTrue(!keys.containsKey("zdict.inner.serializer") && !keys.containsKey("zdict.inner.deserializer"));
    }

    @Test
    void refusesUseBeforeConfigureAndAfterClose() throws Exception {
        IllegalStateException before = assertThrows(
                IllegalStateException.class, () -> converter.fromConnectData(TOPIC, Schema.STRING_SCHEMA, "x"));
        assertTrue(before.getMessage().contains("not configured"), before.getMessage());

        converter.configure(settings(StringConverter.class), false);
        converter.close();
        converter.close();
        IllegalStateException after =
                assertThrows(IllegalStateException.class, () -> converter.toConnectData(TOPIC, new byte[] {1}));
        assertTrue(after.getMessage().contains("closed"), after.getMessage());
    }

    @Test
    void theTopicSubjectStrategyIsTheSerdesTopicValueAndTopicKey() throws Exception {
        Map<String, Object> byTopic = settings(StringConverter.class);
        byTopic.put("zdict.subject.strategy", "topic");
        converter.configure(byTopic, false);
        String event = event();
        byte[] before = converter.fromConnectData("orders", new RecordHeaders(), Schema.STRING_SCHEMA, event);
        assertTrue(PayloadPrefix.read(before, 0, before.length).isPlainFrame());
        int version;
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(registryDir.toString(), Map.of())) {
            byte[] dictionary = TestTrainer.train(SampleEvents.synthetic(1500, 2), 4096, 3);
            version = registry.publish("orders-value", dictionary, 3, Map.of()).version();
            registry.activate(version);
        }
        ZdictConverter fresh = new ZdictConverter();
        ZdictConverter keys = new ZdictConverter();
        try {
            fresh.configure(byTopic, false);
            keys.configure(byTopic, true);
            // a directory registry is re-read at most once a second
            long deadline = System.nanoTime() + 10_000_000_000L;
            byte[] value;
            do {
                value = fresh.fromConnectData("orders", new RecordHeaders(), Schema.STRING_SCHEMA, event);
                Thread.sleep(50);
            } while (PayloadPrefix.read(value, 0, value.length).isPlainFrame() && System.nanoTime() < deadline);
            assertEquals(version, PayloadPrefix.read(value, 0, value.length).version());
            byte[] key = keys.fromConnectData("orders", new RecordHeaders(), Schema.STRING_SCHEMA, event);
            assertTrue(PayloadPrefix.read(key, 0, key.length).isPlainFrame(), "orders-key has none");
            assertEquals(
                    event,
                    fresh.toConnectData("orders", new RecordHeaders(), value).value());
        } finally {
            fresh.close();
            keys.close();
        }
    }
}
