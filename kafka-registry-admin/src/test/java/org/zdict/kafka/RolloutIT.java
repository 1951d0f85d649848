package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;
import org.zdict.testing.SampleEvents;

/**
 * A dictionary roll-out under load: producer threads share one producer and send without pause while two
 * consumer groups read and the registry goes v1 → publish and activate v2 → roll back to v1 → publish and
 * activate v3, a version published for LZ4, so the producer switches from zstd frames to LZ4 blocks in
 * flight. Nothing may be lost, altered, reordered or fail.
 */
class RolloutIT {
    private static final String TOPIC = "rollout-events";
    private static final String REGISTRY_TOPIC = "_zdict_rollout";
    private static final int THREADS = 3;
    private static Broker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
        broker.createTopic(TOPIC, THREADS);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    /** The same registry topic spelled two ways, so the two groups follow it with separate instances. */
    private static String location(boolean alternateSpelling) {
        String servers = broker.bootstrapServers();
        if (alternateSpelling) {
            servers = servers.replace("localhost", "127.0.0.1");
        }
        return "kafka://" + servers + "/" + REGISTRY_TOPIC;
    }

    private static final class Group implements Runnable {
        final String clientId;
        final KafkaConsumer<String, byte[]> consumer;
        final Map<Integer, List<byte[]>> sent;
        final Map<Integer, Integer> nextSeq = new ConcurrentHashMap<>();
        final List<Throwable> problems = new CopyOnWriteArrayList<>();
        final AtomicLong received = new AtomicLong();
        final AtomicBoolean stop = new AtomicBoolean();
        /** The consumer's zdict metrics as it closed (it removes them when it closes): label → records, errors. */
        final Map<String, Double> recordsAtClose = new ConcurrentHashMap<>();

        final Map<String, Double> errorsAtClose = new ConcurrentHashMap<>();

        Group(String name, String location, Map<Integer, List<byte[]>> sent) {
            this.clientId = "rollout-" + name;
            this.sent = sent;
            Map<String, Object> props = new HashMap<>();
            props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            props.put(ConsumerConfig.GROUP_ID_CONFIG, name);
            props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
            props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
            props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location);
            props.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve(name).toString());
            props.put(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG, "20000");
            consumer = new KafkaConsumer<>(props);
            consumer.subscribe(List.of(TOPIC));
        }

        @Override
        public void run() {
            try {
                while (!stop.get()) {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                        check(record);
                    }
                }
            } catch (Throwable t) {
                problems.add(t);
            } finally {
                for (String version : List.of("1", "2", "3")) {
                    Map<String, String> tags =
                            Map.of(ZdictMetrics.VERSION_TAG, version, ZdictMetrics.CLIENT_ID_TAG, clientId);
                    recordsAtClose.put(
                            version, orZero(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, tags)));
                    errorsAtClose.put(
                            version, orZero(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.ERRORS, tags)));
                }
                consumer.close();
            }
        }

        private void check(ConsumerRecord<String, byte[]> record) {
            int thread = Integer.parseInt(record.key().substring(1, record.key().indexOf('-')));
            int seq = Integer.parseInt(record.key().substring(record.key().indexOf('-') + 1));
            int expected = nextSeq.getOrDefault(thread, 0);
            if (seq != expected) {
                throw new AssertionError(
                        clientId + ": thread " + thread + " record " + seq + " arrived where " + expected + " was due");
            }
            assertArrayEquals(sent.get(thread).get(seq), record.value(), clientId + " record " + record.key());
            nextSeq.put(thread, expected + 1);
            received.incrementAndGet();
        }

        double records(String version) {
            return recordsAtClose.getOrDefault(version, 0.0);
        }
    }

    @Test
    void everyRecordArrivesIntactWhileVersionsChange() throws Exception {
        Map<String, Object> admin = Map.of(
                KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("admin").toString());
        try (KafkaDictionaryRegistry registry =
                KafkaDictionaryRegistry.open(broker.bootstrapServers(), REGISTRY_TOPIC, admin)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of("step", "initial"));
            registry.activate(1);

            Map<Integer, List<byte[]>> sent = new ConcurrentHashMap<>();
            for (int t = 0; t < THREADS; t++) {
                sent.put(t, new CopyOnWriteArrayList<>());
            }
            Map<String, Object> props = new HashMap<>();
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            props.put(ProducerConfig.CLIENT_ID_CONFIG, "rollout-producer");
            props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
            props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
            props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location(false));
            props.put(
                    KafkaRegistryConfig.CACHE_DIR_CONFIG,
                    temp.resolve("producer").toString());

            List<Throwable> sendErrors = new CopyOnWriteArrayList<>();
            AtomicBoolean stopSending = new AtomicBoolean();
            Group g1 = new Group("g1", location(false), sent);
            Group g2 = new Group("g2", location(true), sent);
            List<Thread> threads = new ArrayList<>();
            Map<String, Double> producedPerVersion = new HashMap<>();
            threads.add(new Thread(g1, "g1"));
            threads.add(new Thread(g2, "g2"));
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props)) {
                List<byte[]> events = SampleEvents.synthetic(1000, 99);
                List<Thread> senders = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    senders.add(new Thread(
                            () -> {
                                for (int seq = 0; !stopSending.get(); seq++) {
                                    byte[] value = (new String(events.get(seq % events.size()), StandardCharsets.UTF_8)
                                                    .replaceFirst("\\{", "{\"seq\":" + seq + ","))
                                            .getBytes(StandardCharsets.UTF_8);
                                    sent.get(thread).add(value);
                                    producer.send(
                                            new ProducerRecord<>(TOPIC, thread, "t" + thread + "-" + seq, value),
                                            (metadata, e) -> {
                                                if (e != null) {
                                                    sendErrors.add(e);
                                                }
                                            });
                                    pause(2);
                                }
                            },
                            "sender-" + t));
                }
                senders.forEach(Thread::start);
                threads.forEach(Thread::start);

                awaitProduced(producer, "1", 300);
                registry.publish(TestDictionaries.trained(2), 3, Map.of("step", "v2"));
                registry.activate(2);
                awaitProduced(producer, "2", 300);
                registry.activate(1); // roll back
                double v1Before = produced(producer, "1");
                await(() -> produced(producer, "1") >= v1Before + 300, "producers back on version 1");
                registry.publish(
                        TestDictionaries.trained(3), 3, Map.of("step", "v3", DictionaryInfo.Codec.METADATA_KEY, "lz4"));
                registry.activate(3);
                awaitProduced(producer, "3", 300);

                stopSending.set(true);
                for (Thread sender : senders) {
                    sender.join();
                }
                producer.flush();
                for (String version : List.of("1", "2", "3")) {
                    producedPerVersion.put(version, produced(producer, version));
                }
            }
            long total = sent.values().stream().mapToLong(List::size).sum();
            await(
                    () -> g1.received.get() >= total && g2.received.get() >= total
                            || !g1.problems.isEmpty()
                            || !g2.problems.isEmpty(),
                    "both groups to read all records");
            g1.stop.set(true);
            g2.stop.set(true);
            for (Thread thread : threads) {
                thread.join();
            }

            assertEquals(List.of(), sendErrors);
            assertEquals(List.of(), g1.problems);
            assertEquals(List.of(), g2.problems);
            assertEquals(total, g1.received.get());
            assertEquals(total, g2.received.get());
            for (Group group : List.of(g1, g2)) {
                for (String version : List.of("1", "2", "3")) {
                    assertTrue(group.records(version) > 0, group.clientId + " read no record of version " + version);
                    assertEquals(0.0, group.errorsAtClose.get(version), group.clientId + " had errors");
                }
            }
            Map<Integer, Integer> markers = markersOnTheWire(total);
            assertEquals(Set.of(0xD1, 0xD0), markers.keySet(), "markers on the wire: " + markers);
            assertEquals(producedPerVersion.get("3").intValue(), markers.get(0xD0), "LZ4 records are version 3's");
            System.out.printf(
                    "roll-out: %d records sent by %d threads; per version sent v1=%.0f v2=%.0f v3 (LZ4)=%.0f%n",
                    total,
                    THREADS,
                    producedPerVersion.get("1"),
                    producedPerVersion.get("2"),
                    producedPerVersion.get("3"));
        }
    }

    /** How many of the topic's record values start with each marker, read as raw bytes. */
    private static Map<Integer, Integer> markersOnTheWire(long total) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "raw");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        Map<Integer, Integer> markers = new TreeMap<>();
        try (KafkaConsumer<byte[], byte[]> raw =
                new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            raw.subscribe(List.of(TOPIC));
            long read = 0;
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (read < total && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : raw.poll(Duration.ofMillis(200))) {
                    markers.merge(record.value()[0] & 0xFF, 1, Integer::sum);
                    read++;
                }
            }
        }
        return markers;
    }

    private static double produced(KafkaProducer<?, ?> producer, String version) {
        return orZero(ZdictMetrics.value(
                ZdictMetrics.fallback(),
                ZdictMetrics.RECORDS,
                Map.of(ZdictMetrics.VERSION_TAG, version, ZdictMetrics.CLIENT_ID_TAG, "rollout-producer")));
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }

    private static void awaitProduced(KafkaProducer<?, ?> producer, String version, int records) {
        await(
                () -> produced(producer, version) >= records,
                "producers to send " + records + " records with version " + version);
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Timed out waiting for " + what);
            }
            pause(20);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
