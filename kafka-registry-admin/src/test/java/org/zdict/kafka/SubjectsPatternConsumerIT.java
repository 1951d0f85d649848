package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
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
import org.zdict.testing.SampleEvents;

/**
 * Many topics, one registry: three topics, each with its own subject ({@code TOPIC-value}, the {@code
 * topic} strategy) and dictionary, read by one consumer subscribed by pattern with one {@code
 * ZdictDeserializer}. A roll-out v→v' on one subject leaves the other two subjects' active versions, and
 * what their producers write, untouched; every record decodes exactly.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SubjectsPatternConsumerIT {
    private static final List<String> TOPICS = List.of("subjects-a", "subjects-b", "subjects-c");
    private static final String REGISTRY_TOPIC = "_zdict_subjects";
    private static final int RECORDS = 60;
    private static Broker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
        for (String topic : TOPICS) {
            broker.createTopic(topic, 1);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private static String location() {
        return "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC;
    }

    private static KafkaProducer<String, byte[]> producer(String topic) {
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "producer-" + topic);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location());
        props.put(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, ZdictSerdeConfig.SUBJECT_STRATEGY_TOPIC);
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("producer-" + topic).toString());
        return new KafkaProducer<>(props);
    }

    private static double produced(String topic, String version) {
        Double value = ZdictMetrics.value(
                ZdictMetrics.fallback(),
                ZdictMetrics.RECORDS,
                Map.of(ZdictMetrics.VERSION_TAG, version, ZdictMetrics.CLIENT_ID_TAG, "producer-" + topic));
        return value == null ? 0 : value;
    }

    private static byte[] event(String topic, int seq) {
        List<byte[]> events = SampleEvents.synthetic(1, 1000L * TOPICS.indexOf(topic) + seq);
        return new String(events.get(0), StandardCharsets.UTF_8)
                .replaceFirst("\\{", "{\"topic\":\"" + topic + "\",\"seq\":" + seq + ",")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void onePatternConsumerDecodesThreeSubjectsAndARolloutOnOneLeavesTheOthersAlone() throws Exception {
        Map<String, Object> admin = Map.of(
                KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("admin").toString());
        Map<String, List<byte[]>> sent = new LinkedHashMap<>();
        Map<String, KafkaProducer<String, byte[]>> producers = new LinkedHashMap<>();
        try (KafkaDictionaryRegistry registry =
                KafkaDictionaryRegistry.open(broker.bootstrapServers(), REGISTRY_TOPIC, admin)) {
            for (int i = 0; i < TOPICS.size(); i++) {
                String topic = TOPICS.get(i);
                int version = registry.publish(topic + "-value", TestDictionaries.trained(i + 1), 3, Map.of())
                        .version();
                registry.activate(version);
                sent.put(topic, new ArrayList<>());
            }
            assertEquals(
                    List.of(1, 2, 3),
                    TOPICS.stream()
                            .map(t -> registry.activeVersion(t + "-value").getAsInt())
                            .toList());
            try {
                for (String topic : TOPICS) {
                    producers.put(topic, producer(topic));
                }
                sendBatch(producers, sent);

                int rolledOut = registry.publish("subjects-b-value", TestDictionaries.trained(4), 3, Map.of())
                        .version();
                registry.activate(rolledOut);
                assertEquals(OptionalInt.of(1), registry.activeVersion("subjects-a-value"));
                assertEquals(OptionalInt.of(rolledOut), registry.activeVersion("subjects-b-value"));
                assertEquals(OptionalInt.of(3), registry.activeVersion("subjects-c-value"));

                KafkaProducer<String, byte[]> b = producers.get("subjects-b");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (produced("subjects-b", Integer.toString(rolledOut)) == 0) {
                    assertTrue(System.nanoTime() < deadline, "producer b never switched to v" + rolledOut);
                    send(b, "subjects-b", sent);
                    b.flush();
                    Thread.sleep(50);
                }
                sendBatch(producers, sent);

                assertEquals(sent.get("subjects-a").size(), produced("subjects-a", "1"));
                assertEquals(sent.get("subjects-c").size(), produced("subjects-c", "3"));
                for (String other : List.of("2", "4", "plain")) {
                    assertEquals(0, produced("subjects-a", other), "producer a wrote " + other);
                    assertEquals(0, produced("subjects-c", other), "producer c wrote " + other);
                }
                assertEquals(
                        sent.get("subjects-b").size(),
                        produced("subjects-b", "2") + produced("subjects-b", Integer.toString(rolledOut)));
                assertTrue(produced("subjects-b", Integer.toString(rolledOut)) >= RECORDS);
            } finally {
                for (KafkaProducer<String, byte[]> producer : producers.values()) {
                    producer.close(Duration.ofSeconds(10));
                }
            }
        }
        assertEveryRecordDecodes(sent);
    }

    private static void send(KafkaProducer<String, byte[]> producer, String topic, Map<String, List<byte[]>> sent) {
        List<byte[]> records = sent.get(topic);
        byte[] value = event(topic, records.size());
        records.add(value);
        producer.send(new ProducerRecord<>(topic, topic + "-" + (records.size() - 1), value));
    }

    private static void sendBatch(
            Map<String, KafkaProducer<String, byte[]>> producers, Map<String, List<byte[]>> sent) {
        for (int i = 0; i < RECORDS; i++) {
            for (Map.Entry<String, KafkaProducer<String, byte[]>> e : producers.entrySet()) {
                send(e.getValue(), e.getKey(), sent);
            }
        }
        producers.values().forEach(KafkaProducer::flush);
    }

    private static void assertEveryRecordDecodes(Map<String, List<byte[]>> sent) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "pattern-reader");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "pattern-reader");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location());
        props.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("consumer").toString());
        Map<String, List<byte[]>> received = new HashMap<>();
        long total = sent.values().stream().mapToLong(List::size).sum();
        long count = 0;
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(Pattern.compile("subjects-[a-z]"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (count < total && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    received.computeIfAbsent(record.topic(), t -> new ArrayList<>())
                            .add(record.value());
                    count++;
                }
            }
            for (String version : List.of("1", "2", "3", "4")) {
                assertTrue(
                        ZdictMetrics.value(
                                        ZdictMetrics.fallback(),
                                        ZdictMetrics.RECORDS,
                                        Map.of(
                                                ZdictMetrics.VERSION_TAG,
                                                version,
                                                ZdictMetrics.CLIENT_ID_TAG,
                                                "pattern-reader"))
                                > 0,
                        "the consumer decoded version " + version);
            }
            assertNull(ZdictMetrics.value(
                    ZdictMetrics.fallback(),
                    ZdictMetrics.ERRORS,
                    Map.of(ZdictMetrics.VERSION_TAG, "unknown", ZdictMetrics.CLIENT_ID_TAG, "pattern-reader")));
        }
        assertEquals(total, count, "records received");
        for (Map.Entry<String, List<byte[]>> e : sent.entrySet()) {
            List<byte[]> got = received.get(e.getKey());
            assertEquals(e.getValue().size(), got.size(), e.getKey());
            for (int i = 0; i < got.size(); i++) {
                assertArrayEquals(e.getValue().get(i), got.get(i), e.getKey() + " record " + i);
            }
        }
    }
}
