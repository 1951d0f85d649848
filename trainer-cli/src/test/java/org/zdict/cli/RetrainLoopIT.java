package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * The scheduled loop against a real broker: retrain over drifting events promotes only when it pays,
 * producers switch without a restart, and retired versions are removed once the records written with
 * them have expired from a topic with a short {@code retention.ms}, so the registry stays bounded.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RetrainLoopIT {
    private static final String EVENTS = "events";
    private static final long RETENTION_MS = 4000;

    static KafkaClusterTestKit cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build();
        cluster = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                // Expiry in seconds, not minutes: check retention every 500 ms from the start.
                .setConfigProp("log.retention.check.interval.ms", "500")
                .setConfigProp("log.initial.task.delay.ms", "100")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(EVENTS, 1, (short) 1)
                            .configs(Map.of(
                                    "retention.ms", Long.toString(RETENTION_MS),
                                    "segment.ms", "500",
                                    "file.delete.delay.ms", "0"))))
                    .all()
                    .get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String registry() {
        return "kafka://" + cluster.bootstrapServers() + "/_zdict_registry?zdict.registry.cache.dir="
                + dir.resolve("cache");
    }

    private static Path slice(Path source, String name, int skip, int count) throws IOException {
        List<String> lines;
        try (var all = Files.lines(source)) {
            lines = all.filter(l -> !l.isBlank()).skip(skip).limit(count).toList();
        }
        return Files.write(dir.resolve(name), lines);
    }

    private static JsonNode retrain(Path events, String... more) throws IOException {
        Path report = dir.resolve("report.json");
        List<String> args = new ArrayList<>(List.of(
                "retrain",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry(),
                "--dict-size",
                "8K,32K",
                "--level",
                "3",
                "--batch",
                "1",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--report-json",
                report.toString()));
        args.addAll(List.of(more));
        Cli.Result result = Cli.run(args.toArray(new String[0]));
        assertEquals(0, result.exitCode(), result.toString());
        return new ObjectMapper().readTree(report.toFile());
    }

    private static List<Integer> versions() {
        try (DictionaryRegistry r = DictionaryRegistries.open(registry(), Map.of())) {
            return r.list().stream().map(DictionaryInfo::version).toList();
        }
    }

    /** Produces {@code events} through the zdict serializer; returns the offset of the last and checks the version. */
    private static long produce(
            KafkaProducer<byte[], byte[]> producer,
            ZdictSerializer<byte[]> serializer,
            List<byte[]> events,
            int version)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (versionOf(serializer.serialize(EVENTS, events.get(0))) != version) {
            assertTrue(System.nanoTime() < deadline, "the serializer never switched to version " + version);
            Thread.sleep(100);
        }
        long last = -1;
        for (byte[] event : events) {
            byte[] payload = serializer.serialize(EVENTS, event);
            assertEquals(version, versionOf(payload));
            last = producer.send(new ProducerRecord<>(EVENTS, payload))
                    .get(30, TimeUnit.SECONDS)
                    .offset();
        }
        return last;
    }

    private static int versionOf(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    private static long earliestOffset(Admin admin) throws Exception {
        TopicPartition partition = new TopicPartition(EVENTS, 0);
        return admin.listOffsets(Map.of(partition, OffsetSpec.earliest()))
                .all()
                .get(30, TimeUnit.SECONDS)
                .get(partition)
                .offset();
    }

    @Test
    void theLoopPromotesOnlyWhenItPaysAndRemovesVersionsOnceTheirRecordsHaveExpired() throws Exception {
        Path data = SampleEvents.sharedDataDir().orElse(null);
        assumeTrue(data != null, "needs ../shared/data");
        Path github = slice(data.resolve("github_events.jsonl"), "github-1.jsonl", 0, 3000);
        Path moreGithub = slice(data.resolve("github_events.jsonl"), "github-2.jsonl", 3000, 3000);
        Path wikipedia = slice(data.resolve("wikipedia_edits.jsonl"), "wikipedia.jsonl", 0, 3000);
        List<byte[]> githubEvents = SampleEvents.readLines(moreGithub, 40);
        List<byte[]> wikipediaEvents = SampleEvents.readLines(wikipedia, 40);
        List<byte[]> produced = new ArrayList<>();
        int most = 0;

        Map<String, Object> serde = Map.of("zdict.registry", registry());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                        Map.of("bootstrap.servers", cluster.bootstrapServers()),
                        new ByteArraySerializer(),
                        new ByteArraySerializer());
                Admin admin = cluster.admin()) {
            // No registry yet: the first candidate is judged against plain zstd.
            JsonNode first = retrain(github, "--create");
            assertEquals("promoted", first.get("decision").asText(), first.toString());
            assertEquals("zstd-3", first.get("active").get("comparedWith").asText());

            ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer());
            serializer.configure(serde, false);
            long lastOfVersion1 = produce(producer, serializer, githubEvents, 1);
            produced.addAll(githubEvents);

            // The same source again, right away: nothing to gain.
            JsonNode same = retrain(moreGithub);
            assertEquals("kept", same.get("decision").asText(), same.toString());
            assertEquals(List.of(1), versions());

            // The events drift to another source: a clear gain, promoted.
            JsonNode drifted = retrain(wikipedia, "--min-interval", "0");
            assertEquals("promoted", drifted.get("decision").asText(), drifted.toString());
            assertTrue(drifted.get("gain").asDouble() >= 0.05, drifted.toString());
            assertEquals(2, drifted.get("candidate").get("version").asInt());
            most = Math.max(most, versions().size());

            // Drifting back at once is a gain too, but the minimum interval holds it back.
            JsonNode tooSoon = retrain(moreGithub);
            assertEquals("kept", tooSoon.get("decision").asText(), tooSoon.toString());
            assertTrue(tooSoon.get("reason").asText().contains("--min-interval"), tooSoon.toString());
            assertEquals(List.of(1, 2), versions());

            produce(producer, serializer, wikipediaEvents, 2);
            produced.addAll(wikipediaEvents);

            JsonNode back = retrain(moreGithub, "--min-interval", "0");
            assertEquals("promoted", back.get("decision").asText(), back.toString());
            assertEquals(1, back.get("retired").get(0).asInt(), back.toString());
            most = Math.max(most, versions().size());
            produce(producer, serializer, githubEvents, 3);
            produced.addAll(githubEvents);
            serializer.close();

            // Version 1 is retired but its records are still inside the topic's retention: kept.
            Cli.Result early = Cli.run("registry", "remove", "--expired", "--topic", EVENTS, "--registry", registry());
            assertEquals(0, early.exitCode(), early.toString());
            assertTrue(early.out().contains("Kept: version 1 was retired at"), early.out());
            assertEquals(List.of(1, 2, 3), versions());

            // Once the broker has deleted the segments that held them, and retention has passed, it goes.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (earliestOffset(admin) <= lastOfVersion1) {
                assertTrue(System.nanoTime() < deadline, "the records written with version 1 never expired");
                Thread.sleep(250);
            }
            Cli.Result removed;
            do {
                removed = Cli.run("registry", "remove", "--expired", "--topic", EVENTS, "--registry", registry());
                assertEquals(0, removed.exitCode(), removed.toString());
                Thread.sleep(250);
            } while (!removed.out().contains("Removed version 1.") && System.nanoTime() < deadline);
            assertTrue(removed.out().contains("Removed version 1."), removed.out());
            assertEquals(List.of(2, 3), versions());
            assertTrue(most <= 3, "the registry held " + most + " versions");

            // Producers keep writing with the active version after the removal (older records may have
            // expired too by now, on a slow machine): what the topic holds must decode.
            try (ZdictSerializer<byte[]> after = new ZdictSerializer<>(new ByteArraySerializer())) {
                after.configure(serde, false);
                produce(producer, after, wikipediaEvents, 3);
                produced.addAll(wikipediaEvents);
            }
        }

        // Every record still in the topic decodes with the versions left.
        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
        deserializer.configure(serde, false);
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of("bootstrap.servers", cluster.bootstrapServers(), "auto.offset.reset", "earliest"),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            TopicPartition partition = new TopicPartition(EVENTS, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            int decoded = 0;
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofSeconds(1))) {
                    byte[] event = deserializer.deserialize(EVENTS, record.value());
                    int index = (int) record.offset();
                    assertArrayEquals(produced.get(index), event, "record at offset " + index);
                    decoded++;
                }
            }
            assertTrue(decoded > 0, "no record left to decode");
        } finally {
            deserializer.close();
        }
    }
}
