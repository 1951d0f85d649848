package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.tools.consumer.ConsoleConsumer;
import org.apache.kafka.tools.consumer.ConsoleConsumerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** The serde through a real producer, consumer, Streams app and console consumer on one real broker. */
class SerdeBrokerIT {
    private static final String REGISTRY_TOPIC = "_zdict_registry";
    private static Broker broker;
    private static KafkaDictionaryRegistry registry;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBrokerAndActivateVersionOne() throws Exception {
        broker = Broker.start();
        registry = KafkaDictionaryRegistry.open(
                broker.bootstrapServers(),
                REGISTRY_TOPIC,
                Map.of(
                        KafkaRegistryConfig.CACHE_DIR_CONFIG,
                        temp.resolve("admin-cache").toString()));
        registry.publish(TestDictionaries.trained(1), 3, Map.of("purpose", "it"));
        registry.activate(1);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        registry.close();
        broker.close();
    }

    private static String location() {
        return "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC;
    }

    private static Map<String, Object> zdict(Object... keyValues) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location());
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("serde-cache").toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put((String) keyValues[i], keyValues[i + 1]);
        }
        return props;
    }

    private static <T> KafkaProducer<String, T> producer(Map<String, Object> zdict) {
        Map<String, Object> props = new HashMap<>(zdict);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        return new KafkaProducer<>(props);
    }

    private static KafkaProducer<String, byte[]> rawProducer() {
        return new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    private static <T> KafkaConsumer<String, T> consumer(String topic, Map<String, Object> zdict) {
        Map<String, Object> props = new HashMap<>(zdict);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "g-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        KafkaConsumer<String, T> consumer = new KafkaConsumer<>(props);
        consumer.subscribe(List.of(topic));
        return consumer;
    }

    private static <T> List<T> consume(KafkaConsumer<String, T> consumer, int count) {
        List<T> values = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (values.size() < count && System.nanoTime() < deadline) {
            for (ConsumerRecord<String, T> record : consumer.poll(Duration.ofMillis(200))) {
                values.add(record.value());
            }
        }
        return values;
    }

    private static <T> void roundTrip(String topic, Map<String, Object> zdict, List<T> values) throws Exception {
        try (KafkaProducer<String, T> producer = producer(zdict)) {
            for (T value : values) {
                producer.send(new ProducerRecord<>(topic, value)).get();
            }
        }
        try (KafkaConsumer<String, T> consumer = consumer(topic, zdict)) {
            List<T> received = consume(consumer, values.size());
            assertEquals(values.size(), received.size());
            for (int i = 0; i < values.size(); i++) {
                if (values.get(i) instanceof byte[] bytes) {
                    assertArrayEquals(bytes, (byte[]) received.get(i));
                } else {
                    assertEquals(values.get(i), received.get(i));
                }
            }
        }
    }

    @Test
    void roundTripsBytesStringsAndAUserClass() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(20, 31);
        roundTrip("rt-bytes", zdict(), events);
        roundTrip(
                "rt-strings",
                zdict(
                        "zdict.inner.serializer", StringSerializer.class.getName(),
                        "zdict.inner.deserializer", StringDeserializer.class.getName()),
                events.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList());
        List<Event> users = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            users.add(Event.of(i));
        }
        roundTrip(
                "rt-events",
                zdict(
                        "zdict.inner.serializer", Event.EventSerializer.class.getName(),
                        "zdict.inner.deserializer", Event.EventDeserializer.class.getName()),
                users);
    }

    @Test
    void aConsumerWaitsForAVersionPublishedAfterItStarted() throws Exception {
        // the producer side has version 2 before the shared registry does
        byte[] dictionary = TestDictionaries.trained(4);
        Path producerSide = temp.resolve("producer-side");
        try (DictionaryRegistry local = DictionaryRegistries.openFolder(producerSide)) {
            local.publish(TestDictionaries.trained(1), 3, Map.of());
            local.publish(dictionary, 3, Map.of());
        }
        byte[] event = SampleEvents.synthetic(1, 41).get(0);
        byte[] payload;
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(
                    Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, producerSide.toString(), "zdict.pinned.version", "2"),
                    false);
            payload = serializer.serialize("late", event);
        }
        try (KafkaProducer<String, byte[]> raw = rawProducer()) {
            raw.send(new ProducerRecord<>("late", payload)).get();
        }
        ExecutorService publisher = Executors.newSingleThreadExecutor();
        try (KafkaConsumer<String, byte[]> consumer =
                consumer("late", zdict("client.id", "late-reader", "zdict.unknown.version.wait.ms", "30000"))) {
            Future<Integer> published = publisher.submit(() -> {
                while (ZdictMetrics.value(
                                ZdictMetrics.fallback(),
                                ZdictMetrics.WAITS,
                                Map.of(ZdictMetrics.VERSION_TAG, "2", ZdictMetrics.CLIENT_ID_TAG, "late-reader"))
                        == null) {
                    Thread.sleep(50);
                }
                return registry.publish(dictionary, 3, Map.of()).version();
            });
            List<byte[]> received = consume(consumer, 1);
            assertEquals(2, published.get());
            assertEquals(1, received.size());
            assertArrayEquals(event, received.get(0));
        } finally {
            publisher.shutdownNow();
        }
    }

    @Test
    void anUnknownVersionFailsClearlyAndAStreamsAppWithASkipHandlerGoesOn() throws Exception {
        List<String> events = SampleEvents.synthetic(3, 51).stream()
                .map(b -> new String(b, StandardCharsets.UTF_8))
                .toList();
        Map<String, Object> strings = zdict(
                "zdict.inner.serializer", StringSerializer.class.getName(),
                "zdict.inner.deserializer", StringDeserializer.class.getName(),
                "zdict.unknown.version.wait.ms", "1000");
        byte[] bad;
        try (ZdictSerializer<String> serializer = new ZdictSerializer<>()) {
            serializer.configure(strings, false);
            bad = serializer.serialize("unknown-in", events.get(1));
        }
        bad[1] = 99; // a version never published
        try (KafkaProducer<String, String> producer = producer(strings);
                KafkaProducer<String, byte[]> raw = rawProducer()) {
            producer.send(new ProducerRecord<>("unknown-in", "k0", events.get(0)))
                    .get();
            raw.send(new ProducerRecord<>("unknown-in", "k1", bad)).get();
            producer.send(new ProducerRecord<>("unknown-in", "k2", events.get(2)))
                    .get();
        }

        try (KafkaConsumer<String, String> plain = consumer("unknown-in", strings)) {
            List<String> first = consume(plain, 1);
            assertEquals(events.get(0), first.get(0));
            RecordDeserializationException e =
                    assertThrows(RecordDeserializationException.class, () -> consume(plain, 1));
            assertEquals(1, e.offset());
            assertEquals(0, e.topicPartition().partition());
            SerializationException cause = assertInstanceOf(SerializationException.class, e.getCause());
            assertTrue(cause.getMessage().contains("Unknown dictionary version 99"), cause.getMessage());
            assertTrue(cause.getMessage().contains("topic unknown-in"), cause.getMessage());
            assertTrue(cause.getMessage().contains("1000 ms"), cause.getMessage());
        }

        Map<String, Object> props = new HashMap<>(strings);
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "zdict-skip-" + UUID.randomUUID());
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, ZdictSerde.class);
        props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class);
        props.put(StreamsConfig.STATE_DIR_CONFIG, temp.resolve("streams").toString());
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, String>stream("unknown-in")
                .mapValues(v -> v.toUpperCase())
                .to("unknown-out");
        try (KafkaStreams streams =
                        new KafkaStreams(builder.build(), new org.apache.kafka.streams.StreamsConfig(props));
                KafkaConsumer<String, String> out = consumer("unknown-out", strings)) {
            streams.start();
            List<String> transformed = consume(out, 2);
            assertEquals(List.of(events.get(0).toUpperCase(), events.get(2).toUpperCase()), transformed);
            assertEquals(KafkaStreams.State.RUNNING, streams.state());
        }
    }

    @Test
    void aRestartedConsumerDecodesFromItsLocalCopyWhileTheRegistryIsUnreachable() {
        byte[] event = SampleEvents.synthetic(1, 81).get(0);
        byte[] payload;
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(zdict(), false); // follows the registry and keeps its local copy
            payload = serializer.serialize("offline", event);
        }
        assertEquals(0xD1, payload[0] & 0xFF);
        Map<String, Object> unreachable = zdict(
                ZdictSerdeConfig.REGISTRY_CONFIG,
                "kafka://127.0.0.1:1/" + REGISTRY_TOPIC,
                KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG,
                "1000");
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(unreachable, false);
            assertArrayEquals(event, deserializer.deserialize("offline", payload));
        }
    }

    @Test
    void readsATopicWrittenBeforeZdictDuringMigration() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(6, 61);
        try (KafkaProducer<String, byte[]> raw = rawProducer();
                KafkaProducer<String, byte[]> zdict = producer(zdict())) {
            raw.send(new ProducerRecord<>("migrating", events.get(0))).get();
            raw.send(new ProducerRecord<>("migrating", events.get(1))).get();
            zdict.send(new ProducerRecord<>("migrating", events.get(2))).get();
            raw.send(new ProducerRecord<>("migrating", events.get(3))).get();
            zdict.send(new ProducerRecord<>("migrating", events.get(4))).get();
            zdict.send(new ProducerRecord<>("migrating", events.get(5))).get();
        }
        try (KafkaConsumer<String, byte[]> migrating = consumer("migrating", zdict("zdict.accept.unframed", "true"))) {
            List<byte[]> received = consume(migrating, 6);
            assertEquals(6, received.size());
            for (int i = 0; i < 6; i++) {
                assertArrayEquals(events.get(i), received.get(i));
            }
        }
        try (KafkaConsumer<String, byte[]> strict = consumer("migrating", zdict())) {
            RecordDeserializationException e =
                    assertThrows(RecordDeserializationException.class, () -> consume(strict, 1));
            assertTrue(
                    e.getCause().getMessage().contains("zdict.accept.unframed=true"),
                    e.getCause().getMessage());
        }
    }

    @Test
    void theStockConsoleConsumerPrintsTheOriginalValues() throws Exception {
        List<String> events = SampleEvents.synthetic(5, 71).stream()
                .map(b -> new String(b, StandardCharsets.UTF_8))
                .toList();
        try (KafkaProducer<String, byte[]> producer = producer(zdict())) {
            for (String event : events) {
                producer.send(new ProducerRecord<>("console", event.getBytes(StandardCharsets.UTF_8)))
                        .get();
            }
        }
        String[] args = {
            "--bootstrap-server",
            broker.bootstrapServers(),
            "--topic",
            "console",
            "--from-beginning",
            "--max-messages",
            "5",
            "--timeout-ms",
            "30000",
            "--value-deserializer",
            "org.zdict.kafka.ZdictDeserializer",
            "--formatter-property",
            "value.deserializer.zdict.registry=" + location(),
            "--formatter-property",
            "value.deserializer.zdict.inner.deserializer=org.apache.kafka.common.serialization.StringDeserializer",
        };
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        Exit.setExitProcedure((code, message) -> {
            throw new IllegalStateException("console consumer exited with " + code + ": " + message);
        });
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            ConsoleConsumer.run(new ConsoleConsumerOptions(args));
        } finally {
            System.setOut(original);
            Exit.resetExitProcedure();
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(events, lines);
    }
}
