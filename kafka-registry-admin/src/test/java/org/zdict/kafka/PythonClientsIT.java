package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.registry.DictionaryInfo;
import org.zdict.testing.SampleEvents;

/**
 * The Python package (python/zdict) against Java on a real broker, across a roll-out from version 1 (zstd)
 * to version 2 (published for LZ4) made while the Python client runs: a Java producer to a Python
 * consumer, and a Python producer to a Java consumer. The Python side follows the registry topic live.
 * Runs /usr/bin/python3 with Debian's python3-zstandard, python3-lz4 and python3-confluent-kafka; skips
 * without them, unless ZDICT_REQUIRE_PYTHON=1 (.ci/run), where their absence fails.
 */
class PythonClientsIT {
    private static final Path CLIENT =
            Path.of("..", "python", "tests", "kafka_client.py").toAbsolutePath();
    private static final String PYTHON = System.getenv().getOrDefault("ZDICT_PYTHON", "/usr/bin/python3");
    private static final int HALF = 100;
    private static Broker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void start() throws Exception {
        boolean usable = new ProcessBuilder(PYTHON, "-c", "import zstandard, lz4, confluent_kafka")
                        .redirectErrorStream(true)
                        .start()
                        .waitFor()
                == 0;
        if (!"1".equals(System.getenv("ZDICT_REQUIRE_PYTHON"))) {
            Assumptions.assumeTrue(usable, PYTHON + " lacks zstandard, lz4 or confluent_kafka");
        }
        assertTrue(usable, PYTHON + " lacks zstandard, lz4 or confluent_kafka, which .ci/run installs");
        broker = Broker.start();
        broker.createTopic("to-python", 1);
        broker.createTopic("from-python", 1);
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static List<String> events(long seed) {
        List<String> events = new ArrayList<>();
        for (byte[] event : SampleEvents.synthetic(2 * HALF, seed)) {
            events.add(new String(event, StandardCharsets.UTF_8));
        }
        return events;
    }

    private static KafkaDictionaryRegistry registry(String topic) {
        return KafkaDictionaryRegistry.open(
                broker.bootstrapServers(),
                topic,
                Map.of(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve(topic).toString()));
    }

    private static Process python(String mode, String registryTopic, String topic, String number) throws IOException {
        return new ProcessBuilder(
                        PYTHON, CLIENT.toString(), mode, broker.bootstrapServers(), registryTopic, topic, number)
                .redirectError(temp.resolve(mode + ".err").toFile())
                .start();
    }

    private static String line(BufferedReader out, Process process, String mode) throws IOException {
        String line = out.readLine();
        if (line == null) {
            throw new AssertionError("the Python " + mode + " ended: " + Files.readString(temp.resolve(mode + ".err")));
        }
        return line;
    }

    @Test
    void aPythonConsumerDecodesWhatJavaWritesAcrossTheRollOutToLz4() throws Exception {
        String registryTopic = "_zdict_to_python";
        List<String> events = events(34);
        try (KafkaDictionaryRegistry registry = registry(registryTopic);
                ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build();
                KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            Process consumer = python("consume", registryTopic, "to-python", Integer.toString(2 * HALF));
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(consumer.getInputStream(), StandardCharsets.UTF_8))) {
                assertEquals("READY", line(out, consumer, "consume"));
                List<String> received = new ArrayList<>();
                for (int i = 0; i < HALF; i++) {
                    producer.send(new ProducerRecord<>(
                            "to-python", codec.compress(events.get(i).getBytes(StandardCharsets.UTF_8))));
                }
                producer.flush();
                for (int i = 0; i < HALF; i++) {
                    received.add(line(out, consumer, "consume"));
                }
                // Published while the Python consumer runs: it must find version 2 in the topic without a restart.
                registry.publish(TestDictionaries.trained(2), 3, DictionaryInfo.Codec.LZ4.metadata());
                registry.activate(2);
                for (int i = HALF; i < 2 * HALF; i++) {
                    producer.send(new ProducerRecord<>(
                            "to-python", codec.compress(2, events.get(i).getBytes(StandardCharsets.UTF_8))));
                }
                producer.flush();
                for (int i = HALF; i < 2 * HALF; i++) {
                    received.add(line(out, consumer, "consume"));
                }
                assertTrue(consumer.waitFor(60, TimeUnit.SECONDS));
                assertEquals(0, consumer.exitValue(), () -> readErr("consume"));
                for (int i = 0; i < 2 * HALF; i++) {
                    assertEquals((i < HALF ? "D1 " : "D0 ") + events.get(i), received.get(i), "record " + i);
                }
            } finally {
                consumer.destroyForcibly();
            }
        }
    }

    @Test
    void aJavaConsumerDecodesWhatPythonWritesAcrossTheRollOutToLz4() throws Exception {
        String registryTopic = "_zdict_from_python";
        List<String> events = events(35);
        try (KafkaDictionaryRegistry registry = registry(registryTopic)) {
            registry.publish(TestDictionaries.trained(3), 3, Map.of());
            registry.activate(1);
            Process producer = python("produce", registryTopic, "from-python", "2");
            try (BufferedReader out = new BufferedReader(
                            new InputStreamReader(producer.getInputStream(), StandardCharsets.UTF_8));
                    Writer in = new java.io.OutputStreamWriter(producer.getOutputStream(), StandardCharsets.UTF_8)) {
                assertEquals("READY", line(out, producer, "produce"));
                for (int i = 0; i < HALF; i++) {
                    in.write(events.get(i) + "\n");
                }
                in.write("\n");
                in.flush();
                registry.publish(TestDictionaries.trained(4), 3, DictionaryInfo.Codec.LZ4.metadata());
                registry.activate(2);
                assertEquals("SWITCHED", line(out, producer, "produce"));
                for (int i = HALF; i < 2 * HALF; i++) {
                    in.write(events.get(i) + "\n");
                }
                in.close();
                assertEquals("DONE", line(out, producer, "produce"));
                assertTrue(producer.waitFor(60, TimeUnit.SECONDS));
                assertEquals(0, producer.exitValue(), () -> readErr("produce"));
            } finally {
                producer.destroyForcibly();
            }
            List<byte[]> payloads = consumeAll("from-python", ByteArrayDeserializer.class, 2 * HALF);
            List<byte[]> values = consumeAll("from-python", ZdictDeserializer.class, 2 * HALF);
            for (int i = 0; i < 2 * HALF; i++) {
                assertEquals(i < HALF ? (byte) 0xD1 : (byte) 0xD0, payloads.get(i)[0], "record " + i + "'s kind");
                assertEquals(events.get(i), new String(values.get(i), StandardCharsets.UTF_8), "record " + i);
            }
        }
    }

    /**
     * A removal written one moment after the retirement, by a writer that stamps its record 30 days ahead:
     * on a topic the broker stamps (LogAppendTime) the Python reader measures the grace on the broker's
     * time, so with the 7-day grace it refuses the removal and version 1 still decodes; with no grace it
     * applies it.
     */
    @Test
    void aPythonReaderRefusesARemovalWithinTheGraceWhateverTimeItsWriterStamps() throws Exception {
        String registryTopic = "_zdict_grace";
        try (KafkaDictionaryRegistry registry = registry(registryTopic);
                KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            registry.publish(TestDictionaries.trained(5), 3, Map.of());
            registry.activate(1);
            registry.publish(TestDictionaries.trained(6), 3, Map.of());
            registry.activate(2);
            registry.retire(1); // state records 1 (activate 1), 2 (activate 2), 3 (retire 1), at offset 4
            byte[] removal = RegistryRecords.write(new RegistryRecords.StateRecord(
                    3,
                    2,
                    Map.of(),
                    new TreeSet<>(),
                    new TreeSet<>(List.of(1)),
                    new TreeSet<>(List.of(2)),
                    Map.of(),
                    Map.of(),
                    4,
                    4));
            long aheadMs = System.currentTimeMillis() + Duration.ofDays(30).toMillis();
            producer.send(new ProducerRecord<>(registryTopic, 0, aheadMs, RegistryKeys.STATE, removal))
                    .get();
        }
        assertEquals(List.of("1 retired", "2 active", "REFUSED early-removal=1"), table(registryTopic, "604800000"));
        assertEquals(List.of("2 active", "REFUSED "), table(registryTopic, "0"));
    }

    @Test
    void aPythonReaderRefusesAMissingTopicAndOneOfTwoPartitionsNamingThem() throws Exception {
        broker.createTopic("_zdict_two_partitions", 2);
        assertEquals(
                "kafka_client: RegistryError: Registry topic _zdict_missing does not exist in the cluster at "
                        + broker.bootstrapServers(),
                failure("_zdict_missing"));
        assertEquals(
                "kafka_client: RegistryError: Registry topic _zdict_two_partitions has 2 partitions; a registry"
                        + " topic must have exactly one",
                failure("_zdict_two_partitions"));
        try (org.apache.kafka.clients.admin.Admin admin = broker.admin()) {
            assertTrue(admin.listTopics().names().get().stream().noneMatch("_zdict_missing"::equals));
        }
    }

    private static String failure(String registryTopic) throws Exception {
        Process reader = python("table", registryTopic, "-", "0");
        assertTrue(reader.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, reader.exitValue());
        List<String> err = Files.readAllLines(temp.resolve("table.err"));
        return err.get(err.size() - 1); // the client's one line, after any of librdkafka's own
    }

    private static List<String> table(String registryTopic, String graceMs) throws Exception {
        Process reader = python("table", registryTopic, "-", graceMs);
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> lines = new ArrayList<>();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
            assertTrue(reader.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, reader.exitValue(), () -> readErr("table"));
            return lines;
        } finally {
            reader.destroyForcibly();
        }
    }

    private static List<byte[]> consumeAll(String topic, Class<?> deserializer, int count) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "java-" + deserializer.getSimpleName());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, deserializer);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://" + broker.bootstrapServers() + "/_zdict_from_python");
        props.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("java-consumer").toString());
        List<byte[]> values = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
        }
        assertEquals(count, values.size(), "records read from " + topic);
        return values;
    }

    private static String readErr(String mode) {
        try {
            return Files.readString(temp.resolve(mode + ".err"));
        } catch (IOException e) {
            return e.toString();
        }
    }
}
