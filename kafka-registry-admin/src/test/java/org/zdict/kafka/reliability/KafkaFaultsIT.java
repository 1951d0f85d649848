package org.zdict.kafka.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.KafkaDictionaryRegistry;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Kafka faults: the broker restarted in the middle of a dictionary roll-out, and a consumer started
 * while its registry topic cannot be reached but its local copy holds the versions it needs. No record
 * may be lost, and none may decode to other bytes.
 */
class KafkaFaultsIT {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(5000, 77);
    private static BrokerProcess broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = BrokerProcess.start(temp.resolve("broker"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    /** {@code crash}: SIGKILL instead of a controlled shutdown. */
    @ParameterizedTest(name = "crash = {0}")
    @ValueSource(booleans = {false, true})
    void brokerRestartedDuringRollOutLosesAndMisdecodesNothing(boolean crash) throws Exception {
        String topic = crash ? "crash-events" : "restart-events";
        String registryTopic = crash ? "_zdict_crash" : "_zdict_restart";
        String servers = broker.bootstrapServers();
        try (KafkaDictionaryRegistry operator =
                KafkaDictionaryRegistry.open(servers, registryTopic, cache("operator"))) {
            operator.activate(operator.publish(dictionary(0), 3, Map.of()).version());

            AtomicInteger sent = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            List<Exception> sendFailures = new CopyOnWriteArrayList<>();
            Thread producing = new Thread(() -> produce(topic, registryTopic, sent, stop, sendFailures));
            producing.setDaemon(true);
            producing.start();

            awaitSent(sent, 1000);
            operator.activate(operator.publish(dictionary(1), 3, Map.of()).version());
            awaitSent(sent, 2000);
            // the producer follows the registry in the background: on a loaded machine it may take more than
            // the 1,000 records above to switch to v2, which must be in use before the broker goes
            long switchDeadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            while (!versionsIn(topic).contains(2)) {
                assertTrue(System.nanoTime() < switchDeadline, "the producer never wrote version 2");
                Thread.sleep(200);
            }
            if (crash) {
                broker.crash();
            } else {
                broker.stop();
            }
            int sentBeforeRestart = sent.get();
            Thread.sleep(1000);
            broker.startAgain();
            operator.activate(operator.publish(dictionary(2), 3, Map.of()).version());
            int afterRollOut = sent.get();
            Set<Integer> versions = new TreeSet<>();
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (!versions.contains(3) && System.nanoTime() < deadline) {
                Thread.sleep(500);
                versions = versionsIn(topic);
            }
            awaitSent(sent, afterRollOut + 500);
            stop.set(true);
            producing.join();

            assertEquals(List.of(), sendFailures, "sends that failed");
            int total = sent.get();
            Map<Integer, byte[]> received = consume(topic, registryTopic);
            assertEquals(total, received.size(), "records sent vs distinct records received");
            for (Map.Entry<Integer, byte[]> e : received.entrySet()) {
                assertArrayEquals(EVENTS.get(e.getKey() % EVENTS.size()), e.getValue(), "record " + e.getKey());
            }
            versions = versionsIn(topic);
            assertEquals(Set.of(1, 2, 3), versions, "every version of the roll-out reached the topic");
            System.out.printf(
                    (crash ? "broker crash (SIGKILL)" : "broker restart")
                            + " during roll-out: %d records sent (%d before the restart), %d received intact,"
                            + " versions %s%n",
                    total,
                    sentBeforeRestart,
                    received.size(),
                    versions);
        }
    }

    @Test
    void consumerWithUnreachableRegistryTopicDecodesFromItsLocalCopy() throws Exception {
        String topic = "cached-events";
        String registryTopic = "_zdict_cached";
        String servers = broker.bootstrapServers();
        Path consumerCache = temp.resolve("consumer-cache");
        List<byte[]> payloads = new ArrayList<>();
        List<Integer> versionOf = new ArrayList<>();
        try (KafkaDictionaryRegistry operator = KafkaDictionaryRegistry.open(servers, registryTopic, cache("op2"));
                ZdictCodec codec = ZdictCodec.of(operator)) {
            int v1 = operator.publish(dictionary(3), 3, Map.of()).version();
            int v2 = operator.publish(dictionary(4), 3, Map.of()).version();
            // The consumer host ran once while v1 and v2 existed: that left its local copy.
            Map<String, Object> consumerRegistry = new HashMap<>();
            consumerRegistry.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, consumerCache.toString());
            KafkaDictionaryRegistry.open(servers, registryTopic, consumerRegistry)
                    .close();
            int v3 = operator.publish(dictionary(5), 3, Map.of()).version();
            int[] versions = {v1, v2, v3};
            for (int i = 0; i < 630; i++) {
                int version = versions[Math.min(i / 300, 2)];
                payloads.add(codec.compress(version, EVENTS.get(i)));
                versionOf.add(version);
            }
            sendRaw(topic, payloads);
        }

        Map<String, Object> props = consumerProps("cached-consumer");
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://127.0.0.1:" + deadPort() + "/" + registryTopic);
        props.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, consumerCache.toString());
        props.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "3000");
        props.put(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG, "100");
        int decoded = 0;
        int refused = 0;
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (decoded + refused < payloads.size() && System.nanoTime() < deadline) {
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                        int i = Integer.parseInt(record.key());
                        assertTrue(versionOf.get(i) != 3, "record " + i + " of version 3 decoded without it");
                        assertArrayEquals(EVENTS.get(i), record.value(), "record " + i);
                        decoded++;
                    }
                } catch (RecordDeserializationException e) {
                    int i = (int) e.offset();
                    assertEquals(3, versionOf.get(i), "record " + i + " failed: " + e.getCause());
                    assertTrue(String.valueOf(e.getCause()).contains("3"), String.valueOf(e.getCause()));
                    refused++;
                    consumer.seek(partition, e.offset() + 1);
                }
            }
        }
        assertEquals(600, decoded, "records of the cached versions 1 and 2 decoded");
        assertEquals(30, refused, "records of version 3, missing from the local copy, refused");
        System.out.printf(
                "unreachable registry topic: %d records decoded from the local copy, %d of an unknown version"
                        + " refused, 0 misdecoded%n",
                decoded, refused);
    }

    private void produce(
            String topic, String registryTopic, AtomicInteger sent, AtomicBoolean stop, List<Exception> failures) {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 300_000);
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 300_000);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://" + broker.bootstrapServers() + "/" + registryTopic);
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("producer-cache").toString());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props)) {
            for (int i = 0; !stop.get(); i++) {
                producer.send(
                        new ProducerRecord<>(topic, Integer.toString(i), EVENTS.get(i % EVENTS.size())),
                        (metadata, e) -> {
                            if (e != null) {
                                failures.add(e);
                            }
                        });
                sent.incrementAndGet();
                if (i % 20 == 0) {
                    Thread.sleep(5);
                }
            }
            producer.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    private static void sendRaw(String topic, List<byte[]> payloads) {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props)) {
            for (int i = 0; i < payloads.size(); i++) {
                producer.send(new ProducerRecord<>(topic, Integer.toString(i), payloads.get(i)));
            }
            producer.flush();
        }
    }

    /** Every record of {@code topic} decoded by a fresh ZdictDeserializer, by the sequence number in its key. */
    private Map<Integer, byte[]> consume(String topic, String registryTopic) {
        Map<String, Object> props = consumerProps(topic + "-check");
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://" + broker.bootstrapServers() + "/" + registryTopic);
        Map<Integer, byte[]> received = new ConcurrentHashMap<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    byte[] previous = received.put(Integer.parseInt(record.key()), record.value());
                    assertEquals(null, previous, "record " + record.key() + " arrived twice");
                }
            }
        }
        return received;
    }

    /** The dictionary versions named by the payloads in {@code topic}, read raw. */
    private static Set<Integer> versionsIn(String topic) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        Set<Integer> versions = new TreeSet<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(30))
                    .get(partition);
            while (consumer.position(partition, Duration.ofSeconds(30)) < end) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    byte[] value = record.value();
                    PayloadPrefix prefix = PayloadPrefix.read(value, 0, value.length);
                    if (prefix.version() > 0) {
                        versions.add(prefix.version());
                    }
                }
            }
        } catch (RuntimeException e) {
            // The broker may still be coming back: the caller asks again.
        }
        return versions;
    }

    private static Map<String, Object> consumerProps(String name) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, name);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve(name + "-cache").toString());
        return props;
    }

    private static Map<String, Object> cache(String name) {
        return Map.of(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve(name + "-cache").toString());
    }

    private static byte[] dictionary(int seed) {
        return TestTrainer.train(SampleEvents.synthetic(1000, 1000 + seed), 8192, 3);
    }

    private static void awaitSent(AtomicInteger sent, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (sent.get() < count) {
            assertTrue(System.nanoTime() < deadline, "the producer stalled at " + sent.get() + " records");
            Thread.sleep(10);
        }
    }

    /** A loopback port with nothing listening. */
    private static int deadPort() throws java.io.IOException {
        try (java.net.ServerSocket socket =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
