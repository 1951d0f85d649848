package org.zdict.connect.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.runtime.isolation.PluginClassLoader;
import org.apache.kafka.connect.runtime.isolation.PluginDesc;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.test.TestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The zdict converter in a real Connect worker on a real broker, loaded from {@code plugin.path}: events
 * from a file go through Kafka's FileStreamSource into a zdict topic, are read back by a plain consumer
 * with ZdictDeserializer, and FileStreamSink writes them to a file identical to the input, with a
 * dictionary roll-out in the middle (to a version published for LZ4); a record the sink cannot decode goes
 * to the dead-letter topic.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ZdictConverterConnectIT {
    private static final long WAIT_MS = 60_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static ConnectWorker worker;
    private static DictionaryRegistry registry;

    @BeforeAll
    static void start() throws Exception {
        worker = ConnectWorker.startBroker(temp.resolve("worker-cache"));
        // Publishing the first dictionary creates the registry topic; the worker's converters then read it.
        registry = worker.openRegistry(temp.resolve("admin-cache"));
        registry.publish(dictionary(1), 3, Map.of("step", "initial"));
        registry.activate(1);
        worker.startWorker();
    }

    @AfterAll
    static void stop() throws Exception {
        if (registry != null) {
            registry.close();
        }
        if (worker != null) {
            worker.close();
        }
    }

    private static byte[] dictionary(long seed) {
        return TestTrainer.train(SampleEvents.synthetic(1500, seed), 4096, 3);
    }

    @Test
    void roundTripsAFileThroughAZdictTopicAcrossARollout() throws Exception {
        String topic = "file-events";
        worker.cluster.kafka().createTopic(topic, 1);
        Path input = temp.resolve("input.jsonl");
        Path output = temp.resolve("output.jsonl");
        List<String> events = new ArrayList<>();
        for (byte[] event : SampleEvents.synthetic(3000, 11)) {
            events.add(new String(event, StandardCharsets.UTF_8) + " é ✓"); // non-ASCII survives too
        }
        List<String> before = events.subList(0, 200);
        append(input, before);

        // Each connector's converter has its own client.id, which tags its metrics.
        Map<String, String> source = new HashMap<>(worker.valueConverterWithClientId("file-source"));
        source.put("connector.class", "org.apache.kafka.connect.file.FileStreamSourceConnector");
        source.put("tasks.max", "1");
        source.put("file", input.toString());
        source.put("topic", topic);
        worker.cluster.configureConnector("file-source", source);
        Map<String, String> sink = new HashMap<>(worker.valueConverterWithClientId("file-sink"));
        sink.put("connector.class", "org.apache.kafka.connect.file.FileStreamSinkConnector");
        sink.put("tasks.max", "1");
        sink.put("file", output.toString());
        sink.put("topics", topic);
        worker.cluster.configureConnector("file-sink", sink);
        worker.cluster.assertions().assertConnectorAndExactlyNumTasksAreRunning("file-source", 1, "source");
        worker.cluster.assertions().assertConnectorAndExactlyNumTasksAreRunning("file-sink", 1, "sink");
        awaitLines(output, before.size());

        // Roll-out while the source runs: publish and activate version 2, keep appending to the file until
        // the source's converter writes with it (it follows the registry topic), then a little more.
        // Version 2 is published for LZ4: the source's converter switches from zstd frames to LZ4 blocks.
        registry.publish(dictionary(2), 3, Map.of("step", "rollout", DictionaryInfo.Codec.METADATA_KEY, "lz4"));
        registry.activate(2);
        int written = before.size();
        List<Integer> versions = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer(topic)) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
            while (!versions.contains(2)) {
                assertTrue(System.nanoTime() < deadline, "no record with version 2 within " + WAIT_MS + " ms");
                assertTrue(written + 10 <= events.size(), "ran out of events before version 2 was used");
                append(input, events.subList(written, written + 10));
                written += 10;
                for (ConsumerRecord<byte[], byte[]> record : raw.poll(Duration.ofMillis(200))) {
                    versions.add(version(record.value()));
                }
            }
            append(input, events.subList(written, written + 50));
            written += 50;
            while (versions.size() < written) {
                assertTrue(System.nanoTime() < deadline, versions.size() + " of " + written + " records arrived");
                for (ConsumerRecord<byte[], byte[]> record : raw.poll(Duration.ofMillis(200))) {
                    versions.add(version(record.value()));
                }
            }
        }

        // Before the roll-out: version 1; once version 2 is used, only version 2.
        int firstV2 = versions.indexOf(2);
        assertTrue(firstV2 >= before.size(), "version 2 used before it was activated: " + versions);
        assertTrue(versions.subList(0, firstV2).stream().allMatch(v -> v == 1), versions.toString());
        assertTrue(versions.subList(firstV2, written).stream().allMatch(v -> v == 2), versions.toString());

        // A plain consumer with ZdictDeserializer reads what the inner JsonConverter wrote
        // (schemas.enable=false was passed through to it: a bare JSON string, no schema envelope).
        List<String> consumed = consumeDecoded(topic, written);
        for (int i = 0; i < written; i++) {
            assertEquals(events.get(i), JSON.readValue(consumed.get(i), String.class), "record " + i);
        }

        // The sink wrote a file identical to the input.
        awaitLines(output, written);
        assertArrayEquals(Files.readAllBytes(input), Files.readAllBytes(output));

        // The converters' metrics are the serdes', in JMX under zdict:, tagged with the converter's client.id.
        long v1 = versions.stream().filter(v -> v == 1).count();
        assertEquals((double) v1, converterMetric("file-source", "value.serializer", "1", "records-total"));
        assertEquals((double) (written - v1), converterMetric("file-source", "value.serializer", "2", "records-total"));
        assertEquals((double) v1, converterMetric("file-sink", "value.deserializer", "1", "records-total"));
    }

    @Test
    void loadsTheConverterFromPluginPathInItsOwnClassLoaderNextToKafkasZstd() throws Exception {
        // Not on this JVM's class path: the worker can only have it from plugin.path.
        assertThrows(ClassNotFoundException.class, () -> Class.forName(ConnectWorker.CONVERTER));

        PluginDesc<Converter> desc = worker.zdictConverter();
        String pluginFolder = ConnectWorker.pluginPath()
                .resolve("zdict-connect")
                .toUri()
                .toURL()
                .toString();
        assertTrue(desc.loader() instanceof PluginClassLoader, "loaded by " + desc.loader());
        assertEquals(pluginFolder, desc.location());
        assertEquals(pluginFolder, ((PluginClassLoader) desc.loader()).location());
        assertTrue(desc.version().matches("\\d+\\.\\d+\\.\\d+.*"), "version " + desc.version());

        // A sink of its own, so that this test does not depend on the others: the converter instance the
        // worker makes for its task says where it came from (its configure log line) and decodes a record.
        String topic = "loader-probe";
        worker.cluster.kafka().createTopic(topic, 1);
        String event = new String(SampleEvents.synthetic(1, 9).get(0), StandardCharsets.UTF_8);
        try (var producer = worker.cluster.kafka().createProducer(Map.of())) {
            producer.send(new ProducerRecord<>(topic, compress(topic, event))).get();
        }
        Path output = temp.resolve("probe-output.jsonl");
        worker.cluster.configureConnector(
                "probe-sink",
                Map.of(
                        "connector.class",
                        "org.apache.kafka.connect.file.FileStreamSinkConnector",
                        "tasks.max",
                        "1",
                        "file",
                        output.toString(),
                        "topics",
                        topic));
        awaitLines(output, 1);
        assertEquals(List.of(event), Files.readAllLines(output, StandardCharsets.UTF_8));
        awaitConverterConfigured();
        String log = Files.readString(logFile());
        assertTrue(
                log.contains("by PluginClassLoader{pluginLocation=" + pluginFolder + "}"),
                "the converter's configure line names another loader:\n" + converterLines(log));

        // Two zstd-jni copies in one worker: Kafka's (this class path) and the plugin's, each with its
        // native library loaded and working (the worker's producers compress with zstd, the test's consumer
        // decodes zdict records, the converter compresses them).
        Class<?> workerZstd = Class.forName("com.github.luben.zstd.util.Native");
        Class<?> pluginZstd = desc.loader().loadClass("com.github.luben.zstd.util.Native");
        assertNotSame(workerZstd, pluginZstd);
        assertSame(desc.loader(), pluginZstd.getClassLoader());
        assertTrue(
                pluginZstd
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toString()
                        .startsWith(pluginFolder),
                "plugin's zstd-jni from " + pluginZstd.getProtectionDomain().getCodeSource());
        assertEquals(true, workerZstd.getMethod("isLoaded").invoke(null), "the worker's zstd-jni is not loaded");
        assertEquals(true, pluginZstd.getMethod("isLoaded").invoke(null), "the plugin's zstd-jni is not loaded");
    }

    @Test
    void sendsARecordTheSinkCannotDecodeToTheDeadLetterTopic() throws Exception {
        String topic = "mixed-events";
        String deadLetters = "mixed-events-dlq";
        worker.cluster.kafka().createTopic(topic, 1);
        Path output = temp.resolve("dlq-output.jsonl");

        List<String> events = new ArrayList<>();
        for (byte[] event : SampleEvents.synthetic(2, 5)) {
            events.add(new String(event, StandardCharsets.UTF_8));
        }
        byte[] good1 = compress(topic, events.get(0));
        byte[] good2 = compress(topic, events.get(1));
        assertTrue(PayloadPrefix.read(good1, 0, good1.length).isDictionaryFrame());
        byte[] notZdict = "{\"written\":\"without zdict\"}".getBytes(StandardCharsets.UTF_8);
        byte[] truncated = Arrays.copyOf(good1, good1.length / 2);
        try (var producer = worker.cluster.kafka().createProducer(Map.of())) {
            for (byte[] value : List.of(good1, notZdict, truncated, good2)) {
                producer.send(new ProducerRecord<>(topic, value)).get();
            }
        }

        Map<String, String> sink = new HashMap<>();
        sink.put("connector.class", "org.apache.kafka.connect.file.FileStreamSinkConnector");
        sink.put("tasks.max", "1");
        sink.put("file", output.toString());
        sink.put("topics", topic);
        sink.put("errors.tolerance", "all");
        sink.put("errors.deadletterqueue.topic.name", deadLetters);
        sink.put("errors.deadletterqueue.topic.replication.factor", "1");
        sink.put("errors.deadletterqueue.context.headers.enable", "true");
        worker.cluster.configureConnector("dlq-sink", sink);
        worker.cluster.assertions().assertConnectorAndExactlyNumTasksAreRunning("dlq-sink", 1, "dlq sink");

        ConsumerRecords<byte[], byte[]> dead = worker.cluster.kafka().consume(2, WAIT_MS, deadLetters);
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        dead.forEach(records::add);
        assertEquals(2, records.size());
        assertArrayEquals(notZdict, records.get(0).value());
        assertArrayEquals(truncated, records.get(1).value());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            assertEquals("VALUE_CONVERTER", header(record, "__connect.errors.stage"));
            assertEquals(ConnectWorker.CONVERTER, header(record, "__connect.errors.class.name"));
            assertEquals(
                    "org.apache.kafka.connect.errors.DataException",
                    header(record, "__connect.errors.exception.class.name"));
            String message = header(record, "__connect.errors.exception.message");
            assertTrue(message.startsWith("zdict cannot decode a record of topic " + topic), message);
        }
        assertTrue(header(records.get(0), "__connect.errors.exception.message").contains("zdict.accept.unframed"));
        assertTrue(header(records.get(1), "__connect.errors.exception.message").contains("(dictionary version 1)"));

        // The good records around them reach the sink.
        awaitLines(output, 2);
        assertEquals(events, Files.readAllLines(output, StandardCharsets.UTF_8));
    }

    /** What a zdict producer writes for {@code text} with the worker's inner JsonConverter (a JSON string). */
    private static byte[] compress(String topic, String text) throws IOException {
        try (ZdictSerializer<String> serializer = new ZdictSerializer<>(new StringSerializer())) {
            serializer.configure(consumerSideSettings(), false);
            return serializer.serialize(topic, JSON.writeValueAsString(text));
        }
    }

    private static Map<String, Object> consumerSideSettings() {
        Map<String, Object> settings = new HashMap<>();
        settings.put("zdict.registry", worker.registry());
        settings.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("client-cache").toString());
        return settings;
    }

    private static KafkaConsumer<byte[], byte[]> rawConsumer(String topic) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, worker.bootstrapServers());
        KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        TopicPartition partition = new TopicPartition(topic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToBeginning(List.of(partition));
        return consumer;
    }

    private static List<String> consumeDecoded(String topic, int count) {
        Map<String, Object> props = new HashMap<>(consumerSideSettings());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, worker.bootstrapServers());
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class.getName());
        props.put("zdict.inner.deserializer", StringDeserializer.class.getName());
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
            while (values.size() < count) {
                assertTrue(System.nanoTime() < deadline, values.size() + " of " + count + " records decoded");
                consumer.poll(Duration.ofMillis(200)).forEach(record -> values.add(record.value()));
            }
        }
        return values;
    }

    /** A zdict metric of the value converter whose settings have {@code client.id=clientId}, from JMX. */
    private static Object converterMetric(String clientId, String config, String version, String name)
            throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = server.queryNames(
                new ObjectName("zdict:type=plugins,client-id=" + clientId + ",config=" + config + ",version=" + version
                        + ",*"),
                null);
        assertEquals(1, names.size(), "metrics of " + clientId + " version " + version + ": " + names);
        return server.getAttribute(names.iterator().next(), name);
    }

    /** The version a record names: version 1's records are zstd frames, version 2's (LZ4) LZ4 blocks. */
    private static int version(byte[] value) {
        PayloadPrefix prefix = PayloadPrefix.read(value, 0, value.length);
        assertTrue(prefix.version() == 2 ? prefix.isLz4Block() : prefix.isDictionaryFrame(), prefix.toString());
        return prefix.version();
    }

    private static void append(Path file, List<String> lines) throws IOException {
        Files.write(
                file,
                lines,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND,
                StandardOpenOption.WRITE);
    }

    private static void awaitLines(Path file, int lines) throws InterruptedException {
        TestUtils.waitForCondition(
                () -> Files.exists(file)
                        && Files.readAllLines(file, StandardCharsets.UTF_8).size() >= lines,
                WAIT_MS,
                () -> file + " did not reach " + lines + " lines");
    }

    private static Path logFile() {
        return Path.of(System.getProperty("org.slf4j.simpleLogger.logFile"));
    }

    private static void awaitConverterConfigured() throws InterruptedException {
        TestUtils.waitForCondition(
                () -> Files.readString(logFile()).contains("zdict converter for value records configured"),
                WAIT_MS,
                "no configure line from the converter in " + logFile());
    }

    private static String converterLines(String log) {
        return log.lines().filter(line -> line.contains("zdict converter")).reduce("", (a, b) -> a + b + "\n");
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String key) {
        Header header = record.headers().lastHeader(key);
        assertTrue(header != null, "no header " + key);
        return new String(header.value(), StandardCharsets.UTF_8);
    }
}
