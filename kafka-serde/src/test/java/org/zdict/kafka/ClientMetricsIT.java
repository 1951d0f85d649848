package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * A real producer and consumer with zdict's serdes: zdict's counts appear in JMX under {@code zdict:} with
 * the client's id, on every kafka-clients version, and go when the client closes the serde.
 */
class ClientMetricsIT {
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(5, 91);
    private static Broker broker;

    @TempDir
    static Path registry;

    @BeforeAll
    static void startBrokerAndPublishVersionOne() throws Exception {
        broker = Broker.start();
        try (DictionaryRegistry dictionaries = DictionaryRegistries.openFolder(registry)) {
            dictionaries.publish(TestDictionaries.trained(1), 3, Map.of());
            dictionaries.activate(1);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private static Map<String, String> tags(String clientId, String config, String className) {
        return Map.of(
                ZdictMetrics.CLIENT_ID_TAG, clientId,
                ZdictMetrics.CONFIG_TAG, config,
                ZdictMetrics.CLASS_TAG, className,
                ZdictMetrics.VERSION_TAG, "1");
    }

    private static ObjectName mbean(String domain, Map<String, String> tags) throws Exception {
        return new ObjectName(domain + ":type=plugins,client-id=" + tags.get("client-id") + ",config="
                + tags.get("config") + ",class=" + tags.get("class") + ",version=1");
    }

    private static Set<ObjectName> fallbackMBeans(String clientId) throws Exception {
        return JMX.queryNames(new ObjectName("zdict:type=plugins,client-id=" + clientId + ",*"), null);
    }

    private static Map<String, Object> consumerProps(String clientId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "g-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString());
        return props;
    }

    private static void sendAll(KafkaProducer<String, byte[]> producer, String topic) throws Exception {
        for (byte[] event : EVENTS) {
            producer.send(new ProducerRecord<>(topic, event)).get();
        }
    }

    private static int consumeAll(KafkaConsumer<String, byte[]> consumer, String topic) {
        consumer.subscribe(List.of(topic));
        int received = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (received < EVENTS.size() && System.nanoTime() < deadline) {
            received += consumer.poll(Duration.ofMillis(200)).count();
        }
        return received;
    }

    @Test
    @Timeout(120)
    void aProducersAndAConsumersSerdesPublishUnderTheirClientIdUntilTheyClose() throws Exception {
        Map<String, String> produced = tags("metered-producer", "value.serializer", "ZdictSerializer");
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "metered-producer");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString());
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props);
        try {
            sendAll(producer, "metered");
            assertEquals(5.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, produced));
            assertTrue(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RATIO, produced) > 1.0);
            assertEquals(5.0, JMX.getAttribute(mbean("zdict", produced), ZdictMetrics.RECORDS));
            // Not in the client's own metrics: ZdictSerializer is not Monitorable, so it loads on kafka-clients 3.x.
            assertNull(ZdictMetrics.value(producer.metrics(), ZdictMetrics.RECORDS, produced));
        } finally {
            producer.close();
        }
        assertFalse(JMX.isRegistered(mbean("zdict", produced)));
        assertEquals(Set.of(), fallbackMBeans("metered-producer"));

        Map<String, String> consumed = tags("metered-consumer", "value.deserializer", "ZdictDeserializer");
        Map<String, Object> consumerProps = consumerProps("metered-consumer");
        consumerProps.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumerProps.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(consumerProps);
        try {
            assertEquals(5, consumeAll(consumer, "metered"));
            assertEquals(5.0, JMX.getAttribute(mbean("zdict", consumed), ZdictMetrics.RECORDS));
        } finally {
            consumer.close();
        }
        assertEquals(Set.of(), fallbackMBeans("metered-consumer"));
    }

    @Test
    @Timeout(120)
    void serdeInstancesGivenToAClientPublishUnderTheClientIdOfTheirOwnSettings() throws Exception {
        Map<String, Object> zdict = Map.of(
                ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString(), ProducerConfig.CLIENT_ID_CONFIG, "by-hand");
        ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
        serializer.configure(zdict, false);
        Map<String, String> produced = tags("by-hand", "value.serializer", "ZdictSerializer");
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.CLIENT_ID_CONFIG,
                        "instance-producer"),
                new StringSerializer(),
                serializer);
        try {
            sendAll(producer, "metered-instances");
            assertEquals(5.0, JMX.getAttribute(mbean("zdict", produced), ZdictMetrics.RECORDS));
        } finally {
            producer.close();
        }
        // the client closes the instances it was given, and with them their MBeans
        assertEquals(Set.of(), fallbackMBeans("by-hand"));
        assertThrows(IllegalStateException.class, () -> serializer.serialize("t", EVENTS.get(0)));

        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>();
        deserializer.configure(zdict, false);
        Map<String, String> consumed = tags("by-hand", "value.deserializer", "ZdictDeserializer");
        KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(consumerProps("instance-consumer"), new StringDeserializer(), deserializer);
        try {
            assertEquals(5, consumeAll(consumer, "metered-instances"));
            assertEquals(5.0, JMX.getAttribute(mbean("zdict", consumed), ZdictMetrics.RECORDS));
        } finally {
            consumer.close();
        }
        assertEquals(Set.of(), fallbackMBeans("by-hand"));
        assertThrows(IllegalStateException.class, () -> deserializer.deserialize("t", EVENTS.get(0)));
    }
}
