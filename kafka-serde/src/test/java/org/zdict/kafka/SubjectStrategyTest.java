package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** How a serializer picks its subject: {@code zdict.subject}, or {@code zdict.subject.strategy=topic}. */
class SubjectStrategyTest {
    @TempDir
    Path temp;

    private final byte[] event = SampleEvents.synthetic(1, 5).get(0);

    @BeforeEach
    void publishIntoThreeSubjects() {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp.resolve("reg"))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.publish("orders", TestDictionaries.trained(2), 3, Map.of());
            registry.publish("clicks-value", TestDictionaries.trained(3), 3, Map.of());
            registry.publish("clicks-key", TestDictionaries.trained(4), 3, Map.of());
            registry.activate(1);
            registry.activate(2);
            registry.activate(3);
        }
    }

    @AfterEach
    void noFallbackMetricsLeft() {}

    private Map<String, Object> props(Object... keyValues) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.resolve("reg").toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put((String) keyValues[i], keyValues[i + 1]);
        }
        return props;
    }

    private static PayloadPrefix prefix(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length);
    }

    private byte[] roundTrip(ZdictSerializer<byte[]> serializer, String topic) {
        byte[] payload = serializer.serialize(topic, event);
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(props(), false);
            assertArrayEquals(event, deserializer.deserialize(topic, payload));
        }
        return payload;
    }

    @Test
    void aFixedSubjectCompressesWithThatSubjectsActiveVersion() {
        try (ZdictSerializer<byte[]> byDefault = new ZdictSerializer<>();
                ZdictSerializer<byte[]> orders = new ZdictSerializer<>()) {
            byDefault.configure(props(), false);
            orders.configure(props(ZdictSerdeConfig.SUBJECT_CONFIG, "orders"), false);
            assertEquals(1, prefix(roundTrip(byDefault, "anything")).version());
            assertEquals(2, prefix(roundTrip(orders, "anything")).version());
        }
    }

    @Test
    void theTopicStrategyUsesTopicValueAndTopicKey() {
        try (ZdictSerializer<byte[]> values = new ZdictSerializer<>();
                ZdictSerializer<byte[]> keys = new ZdictSerializer<>()) {
            values.configure(props(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "topic"), false);
            keys.configure(props(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "topic"), true);
            assertEquals(3, prefix(roundTrip(values, "clicks")).version());
            PayloadPrefix key = prefix(roundTrip(keys, "clicks"));
            assertTrue(key.isPlainFrame(), "clicks-key has versions but none active");
        }
    }

    @Test
    void aTopicWhoseSubjectHasNoActiveVersionIsWrittenAsPlainZstdAndCounted() throws Exception {
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(
                    props(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "topic", ProducerConfig.CLIENT_ID_CONFIG, "p"),
                    false);
            byte[] payload = roundTrip(serializer, "payments");
            assertTrue(prefix(payload).isPlainFrame());
            roundTrip(serializer, "clicks");
            Map<String, String> tags =
                    Map.of("client-id", "p", "config", "value.serializer", "class", "ZdictSerializer");
            Map<String, String> plain = new HashMap<>(tags);
            plain.put(ZdictMetrics.VERSION_TAG, "plain");
            Map<String, String> three = new HashMap<>(tags);
            three.put(ZdictMetrics.VERSION_TAG, "3");
            assertEquals(1.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, plain));
            assertEquals(1.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, three));
        }
    }

    @Test
    void badSubjectSettingsFailAtConfigureNamingTheSetting() {
        ConfigException invalid = assertThrows(
                ConfigException.class,
                () -> new ZdictSerdeConfig(props(ZdictSerdeConfig.SUBJECT_CONFIG, "orders/value")));
        assertTrue(invalid.getMessage().contains("zdict.subject"), invalid.getMessage());
        assertTrue(invalid.getMessage().contains("orders/value"), invalid.getMessage());
        ConfigException strategy = assertThrows(
                ConfigException.class,
                () -> new ZdictSerdeConfig(props(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "record")));
        assertTrue(strategy.getMessage().contains("zdict.subject.strategy"), strategy.getMessage());
        ConfigException both = assertThrows(
                ConfigException.class,
                () -> new ZdictSerdeConfig(props(
                        ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "topic", ZdictSerdeConfig.SUBJECT_CONFIG, "orders")));
        assertTrue(both.getMessage().contains("zdict.subject"), both.getMessage());
        ZdictSerdeConfig keyOverride = new ZdictSerdeConfig(
                props(ZdictSerdeConfig.SUBJECT_CONFIG, "orders-value", "zdict.key.subject", "orders-key"), true);
        assertEquals("orders-key", keyOverride.subject());
    }
}
