package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.testing.SampleEvents;

/**
 * Each role of docs/SECURITY.md, with exactly the ACLs it documents, on a broker that authenticates
 * every client (SASL/SCRAM) and denies whatever no ACL allows: a publisher creates and fills the
 * registry, a producer and a consumer round-trip events through the serde, and a principal without
 * ACLs is refused at {@code configure}, even with another identity's local copy at hand. Runs in a fork
 * of its own (the test kit's JAAS file is JVM-wide).
 */
class SecuredRegistryIT {
    private static final Path SECURITY_DOC = Path.of("..", "docs", "SECURITY.md");
    private static final String EVENTS = "events";
    private static final String REGISTRY_TOPIC = "_zdict_registry";
    private static final String GROUP = "events-readers";
    private static final long INIT_TIMEOUT_MS = 20_000;

    private static SecuredBroker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startSecuredBroker() throws Exception {
        broker = SecuredBroker.start();
        for (String user : List.of("producer", "consumer", "publisher", "stranger")) {
            broker.addUser(user, password(user));
        }
        for (String user : List.of("producer", "consumer", "publisher")) {
            broker.grantAsDocumented(SECURITY_DOC, "User:" + user);
        }
        broker.createTopic(EVENTS, 1);
        try (KafkaDictionaryRegistry registry = KafkaDictionaryRegistry.open(
                broker.bootstrapServers(), REGISTRY_TOPIC, registrySettings("publisher"))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aProducerAndAConsumerRoundTripEventsWithTheirDocumentedAcls() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(20, 7);
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(serdeClient("producer"), new StringSerializer(), serializer("producer"))) {
            for (byte[] event : events) {
                producer.send(new ProducerRecord<>(EVENTS, event)).get(30, TimeUnit.SECONDS);
            }
        }
        Set<String> topicsBefore = topics();
        long registryEnd = registryEndOffset();
        Map<String, Object> consumerSettings = serdeClient("consumer");
        consumerSettings.put("group.id", GROUP);
        consumerSettings.put("auto.offset.reset", "earliest");
        List<byte[]> read = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(consumerSettings, new StringDeserializer(), deserializer("consumer"))) {
            consumer.subscribe(List.of(EVENTS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (read.size() < events.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    read.add(record.value());
                }
            }
            consumer.commitSync();
        }
        assertEquals(events.size(), read.size());
        for (int i = 0; i < events.size(); i++) {
            assertArrayEquals(events.get(i), read.get(i));
        }
        assertEquals(topicsBefore, topics(), "the consumer created no topic");
        assertEquals(registryEnd, registryEndOffset(), "the consumer wrote nothing to the registry topic");
    }

    @Test
    void aPrincipalWithoutAclsIsRefusedAtConfigureEvenWithAnotherIdentitysLocalCopy() throws Exception {
        Path consumersCopy;
        try (KafkaDictionaryRegistry asConsumer = KafkaDictionaryRegistry.openExisting(
                broker.bootstrapServers(), REGISTRY_TOPIC, registrySettings("consumer"))) {
            consumersCopy = asConsumer.cacheDir();
        }
        assertTrue(Files.isRegularFile(consumersCopy.resolve("manifest.json")), "the consumer's copy is on disk");
        Map<String, Object> stranger = serdeClient("stranger");
        stranger.put("zdict.registry.cache.dir", consumersCopy.toString());

        long started = System.nanoTime();
        RegistryException refused =
                assertThrows(RegistryException.class, () -> new ZdictDeserializer<byte[]>().configure(stranger, false));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        String message = refused.getMessage();
        assertTrue(
                message.startsWith("Not authorized to read the registry topic '" + REGISTRY_TOPIC
                        + "' on the Kafka cluster at " + broker.bootstrapServers()),
                message);
        assertTrue(message.contains("needs DESCRIBE and READ on topic '" + REGISTRY_TOPIC + "'"), message);
        assertTrue(message.contains("the registry's local copy is not used"), message);
        assertFalse(message.contains(password("stranger")), message);
        assertTrue(tookMs < INIT_TIMEOUT_MS, "refused as soon as the broker said so, not at the timeout: " + tookMs);
        System.out.printf(
                "SecuredRegistryIT: the stranger was refused in %d ms (timeout %d ms)%n", tookMs, INIT_TIMEOUT_MS);
    }

    @Test
    void twoIdentitiesInOneJvmEachReadTheRegistryAsThemselves() {
        String location = "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC;
        try (ZdictDeserializer<byte[]> consumer = new ZdictDeserializer<>()) {
            consumer.configure(serdeClient("consumer"), false);
            assertThrows(
                    RegistryException.class,
                    () -> new ZdictDeserializer<byte[]>().configure(serdeClient("stranger"), false),
                    "the stranger must not borrow the consumer's registry client");
            assertEquals(1, SharedRegistries.clients(location), "the refused identity left nothing open");

            byte[] event = SampleEvents.synthetic(1, 11).get(0);
            try (ZdictSerializer<byte[]> producer = new ZdictSerializer<>()) {
                producer.configure(serdeClient("producer"), false);
                assertEquals(2, SharedRegistries.clients(location), "the producer reads as itself");
                assertArrayEquals(event, consumer.deserialize(EVENTS, producer.serialize(EVENTS, event)));
            }
        }
    }

    @Test
    void wrongCredentialsAreAnAuthenticationFailureNotTheLocalCopy() throws Exception {
        Path consumersCopy;
        try (KafkaDictionaryRegistry asConsumer = KafkaDictionaryRegistry.openExisting(
                broker.bootstrapServers(), REGISTRY_TOPIC, registrySettings("consumer"))) {
            consumersCopy = asConsumer.cacheDir();
        }
        Map<String, Object> settings = registrySettings("consumer");
        settings.putAll(SecuredBroker.securitySettings("consumer", "not-the-password"));
        settings.put("zdict.registry.cache.dir", consumersCopy.toString());
        RegistryException refused = assertThrows(
                RegistryException.class,
                () -> KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), REGISTRY_TOPIC, settings));
        assertTrue(
                refused.getMessage()
                        .startsWith("Authentication to the Kafka cluster at " + broker.bootstrapServers()
                                + " failed (SaslAuthenticationException: "),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("not-the-password"), refused.getMessage());
    }

    private static String password(String user) {
        return user + "-secret-" + user.length();
    }

    /** Settings for a registry client of {@code user} (its security settings, a short start-up timeout). */
    private static Map<String, Object> registrySettings(String user) {
        Map<String, Object> settings = new HashMap<>(SecuredBroker.securitySettings(user, password(user)));
        settings.put("zdict.registry.init.timeout.ms", INIT_TIMEOUT_MS);
        return settings;
    }

    /** A client of {@code user} with a zdict serde: the client's own security settings, nothing repeated. */
    private static Map<String, Object> serdeClient(String user) {
        Map<String, Object> settings = broker.clientSettings(user, password(user));
        settings.put("zdict.registry", "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC);
        settings.put("zdict.registry.init.timeout.ms", INIT_TIMEOUT_MS);
        settings.put("client.id", user);
        return settings;
    }

    private static ZdictSerializer<byte[]> serializer(String user) {
        ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
        serializer.configure(serdeClient(user), false);
        return serializer;
    }

    private static ZdictDeserializer<byte[]> deserializer(String user) {
        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>();
        deserializer.configure(serdeClient(user), false);
        return deserializer;
    }

    private static Set<String> topics() throws Exception {
        try (Admin admin = broker.admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }

    private static long registryEndOffset() throws Exception {
        TopicPartition partition = new TopicPartition(REGISTRY_TOPIC, 0);
        try (Admin admin = broker.admin()) {
            return admin.listOffsets(Map.of(partition, OffsetSpec.latest()))
                    .partitionResult(partition)
                    .get(30, TimeUnit.SECONDS)
                    .offset();
        }
    }
}
