package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A serde never creates its registry topic: one whose {@code zdict.registry} names a missing topic fails
 * in {@code configure} (so the client's constructor fails) at once, well within the registry's 30 s init
 * timeout, and leaves no topic behind. Only publishers ({@code zdict train}, {@code registry import})
 * create a registry topic.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MissingRegistryTopicIT {
    private static Broker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static Map<String, Object> zdict(String registryTopic) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://" + broker.bootstrapServers() + "/" + registryTopic);
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve(registryTopic).toString());
        return props;
    }

    private static Set<String> topics() throws Exception {
        try (Admin admin = broker.admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }

    /** Runs {@code construct}, which must fail at once with a ConfigException naming zdict.registry and the topic. */
    private static void assertRefusedAtOnce(String registryTopic, Executable construct) throws Exception {
        long start = System.nanoTime();
        KafkaException e = assertThrows(KafkaException.class, construct);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 10_000, "refused after " + millis + " ms, not at once");
        ConfigException cause = configException(e);
        assertNotNull(cause, "no ConfigException in " + e);
        assertTrue(cause.getMessage().contains(ZdictSerdeConfig.REGISTRY_CONFIG), cause.getMessage());
        assertTrue(cause.getMessage().contains("'" + registryTopic + "'"), cause.getMessage());
        assertFalse(topics().contains(registryTopic), "the serde created the registry topic " + registryTopic);
    }

    private static ConfigException configException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConfigException config) {
                return config;
            }
        }
        return null;
    }

    @Test
    void aConsumerWithAMissingRegistryTopicFailsAtConstructionAndCreatesNothing() throws Exception {
        Map<String, Object> props = zdict("_zdict_typo");
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "missing-registry");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        assertRefusedAtOnce("_zdict_typo", () -> new KafkaConsumer<String, byte[]>(props).close());
    }

    @Test
    void aProducerWithAMissingRegistryTopicFailsAtConstructionAndCreatesNothing() throws Exception {
        Map<String, Object> props = zdict("_zdict_typo_producer");
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
        assertRefusedAtOnce("_zdict_typo_producer", () -> new KafkaProducer<String, byte[]>(props).close());
    }
}
