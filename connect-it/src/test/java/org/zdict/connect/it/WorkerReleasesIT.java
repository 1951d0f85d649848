package org.zdict.connect.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.test.TestUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The converter on Connect workers of other releases than the build's, on one broker of the build's Kafka:
 * a Connect 3.9 worker in a child JVM with that release's own class path, and the build's 4.x worker in
 * this JVM. On the 3.9 worker a file goes through a zdict topic and back unchanged. On both, restarting
 * the sink task 20 times leaves nothing behind: a 3.x worker never closes a task's value converter, so
 * there the converter's serdes let go of the registry when they are garbage. On a 3.3 worker (below the
 * kafka-clients 3.4 zdict needs) the task fails with a message that says so.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class WorkerReleasesIT {
    private static final long WAIT_MS = 60_000;
    private static final int RESTARTS = 20;
    /** Footprints are compared after this many restarts (the worker has warmed up) and after all of them. */
    private static final int WARM_RESTARTS = 5;

    @TempDir
    static Path temp;

    private static ConnectWorker broker;
    private static DictionaryRegistry registry;
    private static ChildConnectWorker worker39;

    @BeforeAll
    static void start() throws Exception {
        broker = ConnectWorker.startBroker(temp.resolve("worker4-cache"));
        registry = broker.openRegistry(temp.resolve("admin-cache"));
        registry.publish(TestTrainer.train(SampleEvents.synthetic(1500, 1), 4096, 3), 3, Map.of());
        registry.activate(1);
        broker.startWorker();

        worker39 = ChildConnectWorker.start("3.9", workerDir("3.9"), childWorkerSettings("3.9"), List.of());
    }

    /** A child worker's settings: the zdict converter for values, on this broker's registry topic. */
    private static Map<String, String> childWorkerSettings(String release) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("bootstrap.servers", broker.bootstrapServers());
        settings.put("offset.flush.interval.ms", "500");
        // The worker's own producers compress with zstd: kafka-clients' zstd-jni (1.5.6 in 3.9), next to the
        // plugin's newer one.
        settings.put("producer.compression.type", "zstd");
        settings.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
        settings.put("value.converter", ConnectWorker.CONVERTER);
        settings.put("value.converter.zdict.inner.converter", "org.apache.kafka.connect.json.JsonConverter");
        settings.put("value.converter.schemas.enable", "false");
        settings.put("value.converter.zdict.registry", broker.registry());
        settings.put(
                "value.converter.zdict.registry.cache.dir",
                temp.resolve("worker" + release + "-cache").toString());
        return settings;
    }

    /** A child worker's files (its log among them) stay in target/ for a look after a failure. */
    private static Path workerDir(String release) {
        return ConnectWorker.pluginPath().resolveSibling("connect" + release.replace(".", "") + "-worker");
    }

    @AfterAll
    static void stop() throws Exception {
        if (worker39 != null) {
            worker39.close();
        }
        if (registry != null) {
            registry.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void roundTripsAFileThroughAZdictTopicOnAConnect39Worker() throws Exception {
        String topic = "events-on-39";
        broker.cluster.kafka().createTopic(topic, 1);
        Path input = temp.resolve("input-39.jsonl");
        Path output = temp.resolve("output-39.jsonl");
        List<String> events = new ArrayList<>();
        for (byte[] event : SampleEvents.synthetic(300, 11)) {
            events.add(new String(event, StandardCharsets.UTF_8) + " é ✓");
        }
        append(input, events);

        ConnectRest rest = worker39.rest();
        rest.putConnector("file-source-39", fileSource(input, topic));
        rest.putConnector("file-sink-39", fileSink(output, topic));
        rest.awaitTaskState("file-source-39", 0, "RUNNING");
        rest.awaitTaskState("file-sink-39", 0, "RUNNING");
        awaitLines(output, events.size());
        assertArrayEquals(Files.readAllBytes(input), Files.readAllBytes(output));

        // What went through the topic is zdict payloads with the registry's dictionary.
        List<byte[]> values = rawValues(topic, events.size());
        for (byte[] value : values) {
            PayloadPrefix prefix = PayloadPrefix.read(value, 0, value.length);
            assertTrue(prefix.isDictionaryFrame());
            assertEquals(1, prefix.version());
        }

        // The 3.9 worker loaded the converter from plugin.path, in the plugin's class loader.
        String pluginFolder = ConnectWorker.pluginPath()
                .resolve("zdict-connect")
                .toUri()
                .toURL()
                .toString();
        String log = worker39.log();
        assertTrue(
                log.contains("zdict converter for value records configured")
                        && log.contains("by PluginClassLoader{pluginLocation=" + pluginFolder + "}"),
                "no configure line from the plugin's class loader in the 3.9 worker's log:\n" + log);
    }

    @Test
    void restartingTheSinkTaskLeavesNothingBehindOnAConnect39Worker() throws Exception {
        // The child's heap is resident from the start (-Xms = -Xmx, pre-touched): its RSS grows only off-heap.
        restartTheSinkTaskRepeatedly(
                worker39.rest(), "39", 32 * 1024, () -> WorkerFootprint.read(worker39.jmx(), worker39.pid()));
    }

    @Test
    void restartingTheSinkTaskLeavesNothingBehindOnTheBuildsWorker() throws Exception {
        Method users = broker.zdictConverter()
                .loader()
                .loadClass("org.zdict.kafka.SharedRegistries")
                .getDeclaredMethod("users", String.class);
        users.setAccessible(true);
        ConnectRest rest =
                new ConnectRest(broker.cluster.workers().iterator().next().url());
        // This JVM's heap (broker, worker and tests in one) grows as it likes: a loose bound on its RSS; the
        // dictionary caches' bytes are the measure of the converters' native memory here.
        restartTheSinkTaskRepeatedly(rest, "4", 128 * 1024, () -> {
            WorkerFootprint footprint = WorkerFootprint.read(
                    ManagementFactory.getPlatformMBeanServer(),
                    ProcessHandle.current().pid());
            Map<String, Long> counts = new LinkedHashMap<>(footprint.counts());
            counts.put("registry-users", ((Number) users.invoke(null, broker.registry())).longValue());
            return new WorkerFootprint(counts);
        });
    }

    @Test
    void failsTheTaskOnAConnect33WorkerNamingTheKafkaClientsItNeeds() throws Exception {
        String topic = "events-on-33";
        broker.cluster.kafka().createTopic(topic, 1);
        Map<String, String> sink = fileSink(temp.resolve("output-33.jsonl"), topic);
        sink.put("name", "file-sink-33");
        try (ChildConnectWorker worker33 =
                ChildConnectWorker.start("3.3", workerDir("3.3"), childWorkerSettings("3.3"), List.of(sink))) {
            ConnectRest rest = worker33.rest();
            rest.awaitTaskState("file-sink-33", 0, "FAILED");

            String reason = "zdict needs kafka-clients 3.4 or newer, but this class path has kafka-clients 3.3.2";
            String trace = rest.taskStatus("file-sink-33", 0).path("trace").asText();
            assertTrue(trace.contains("ConfigException: " + reason), trace);
            String log = worker33.log();
            assertTrue(log.contains(reason), "the 3.3 worker's log does not say why:\n" + log);
        }
    }

    interface FootprintReader {
        WorkerFootprint read() throws Exception;
    }

    /**
     * A file source and sink through a zdict topic; the sink task is restarted {@link #RESTARTS} times, a
     * new line goes through after each restart, and the worker's footprint after {@link #WARM_RESTARTS}
     * restarts and after all of them must be the same (threads within a few, the resident memory within
     * {@code rssGrowthKb}).
     */
    private static void restartTheSinkTaskRepeatedly(
            ConnectRest rest, String release, long rssGrowthKb, FootprintReader footprint) throws Exception {
        String topic = "restarts-on-" + release;
        String source = "restart-source-" + release;
        String sink = "restart-sink-" + release;
        broker.cluster.kafka().createTopic(topic, 1);
        Path input = temp.resolve("restart-input-" + release + ".jsonl");
        Path output = temp.resolve("restart-output-" + release + ".jsonl");
        List<String> events = new ArrayList<>();
        for (byte[] event : SampleEvents.synthetic(RESTARTS + 10, 21)) {
            events.add(new String(event, StandardCharsets.UTF_8));
        }
        append(input, events.subList(0, 10));
        rest.putConnector(source, fileSource(input, topic));
        rest.putConnector(sink, fileSink(output, topic));
        rest.awaitTaskState(sink, 0, "RUNNING");
        awaitLines(output, 10);
        WorkerFootprint before = footprint.read();

        WorkerFootprint warm = null;
        for (int restart = 1; restart <= RESTARTS; restart++) {
            rest.restartTask(sink, 0);
            rest.awaitTaskState(sink, 0, "RUNNING");
            // A record after each restart, so that each new converter decodes (and publishes metrics).
            append(input, List.of(events.get(9 + restart)));
            awaitDistinctLines(output, 10 + restart);
            if (restart == WARM_RESTARTS) {
                warm = footprint.read();
            }
        }
        WorkerFootprint after = footprint.read();
        System.out.printf(
                "Connect %s worker, sink task restarts: before %s%n  after %d %s%n  after %d %s%n",
                release, before, WARM_RESTARTS, warm, RESTARTS, after);

        // Every event arrived, in order (a restart may deliver a record twice: Connect is at least once).
        assertEquals(events, new ArrayList<>(new LinkedHashSet<>(lines(output))));
        for (String name : after.counts().keySet()) {
            if (name.equals(WorkerFootprint.THREADS)) {
                assertTrue(after.get(name) - warm.get(name) <= 5, name + ": " + warm + " then " + after);
            } else if (name.equals(WorkerFootprint.RSS_KB)) {
                assertTrue(
                        after.get(name) - warm.get(name) <= rssGrowthKb,
                        "resident memory grew by more than " + rssGrowthKb + " kB: " + warm + " then " + after);
            } else {
                assertEquals(warm.get(name), after.get(name), name + ": " + warm + " then " + after);
            }
        }
        // As many live converters as before the first restart: one per running task, the rest collected.
        String converter = "org.zdict.connect.ZdictConverter";
        assertEquals(before.get(converter), after.get(converter), "live converters: " + before + " then " + after);
    }

    private static Map<String, String> fileSource(Path input, String topic) {
        Map<String, String> config = new HashMap<>();
        config.put("connector.class", "org.apache.kafka.connect.file.FileStreamSourceConnector");
        config.put("tasks.max", "1");
        config.put("file", input.toString());
        config.put("topic", topic);
        return config;
    }

    private static Map<String, String> fileSink(Path output, String topic) {
        Map<String, String> config = new HashMap<>();
        config.put("connector.class", "org.apache.kafka.connect.file.FileStreamSinkConnector");
        config.put("tasks.max", "1");
        config.put("file", output.toString());
        config.put("topics", topic);
        return config;
    }

    private static List<byte[]> rawValues(String topic, int count) {
        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        List<byte[]> values = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MS);
            while (values.size() < count) {
                assertTrue(System.nanoTime() < deadline, values.size() + " of " + count + " records arrived");
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
        }
        return values;
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

    private static List<String> lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
    }

    private static void awaitLines(Path file, int count) throws InterruptedException {
        TestUtils.waitForCondition(
                () -> lines(file).size() >= count, WAIT_MS, () -> file + " did not reach " + count + " lines");
    }

    private static void awaitDistinctLines(Path file, int count) throws InterruptedException {
        TestUtils.waitForCondition(
                () -> new LinkedHashSet<>(lines(file)).size() >= count,
                WAIT_MS,
                () -> file + " did not reach " + count + " distinct lines");
    }
}
