package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.Broker;

/**
 * {@code zdict registry check} against one real KRaft broker: a topic this release creates, a compacted
 * one compacted (created by hand), and one whose dictionary record compaction erased. The broker's
 * cleaner runs every 100 ms, so a compaction can be forced.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RegistryCheckIT {
    static Broker cluster;

    @TempDir
    static Path dir;

    static Path events;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = Broker.start(Map.of("log.cleaner.backoff.ms", "100"));
        events = Cli.syntheticEvents(dir, "events.jsonl", 600, 3);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String registry(String topic) {
        return "kafka://" + cluster.bootstrapServers() + "/" + topic + "?zdict.registry.cache.dir="
                + dir.resolve("cache-" + topic);
    }

    private static void publishActiveVersion(String topic) {
        Cli.Result train = Cli.trainTiny(events.toString(), "--registry", registry(topic), "--activate");
        assertEquals(0, train.exitCode(), train::toString);
    }

    private static Cli.Result check(String topic) {
        return Cli.run("registry", "check", "--registry", registry(topic));
    }

    @Test
    void aTopicThisReleaseCreatedIsSound() {
        publishActiveVersion("fresh");

        Cli.Result check = check("fresh");

        assertEquals(0, check.exitCode(), check::toString);
        String out = check.out();
        assertTrue(out.startsWith("Registry kafka://" + cluster.bootstrapServers() + "/fresh?...\n"), out);
        assertTrue(
                out.contains("ok       cleanup.policy=delete, retention.ms=-1, retention.bytes=-1: append-only"), out);
        assertTrue(out.contains("ok       message.timestamp.type=LogAppendTime"), out);
        // One broker allows one replica: a note (back it up), not a risk.
        assertTrue(out.contains("note     replication factor 1 on a cluster of 1 broker, all it allows"), out);
        assertTrue(out.contains("ok       unclean.leader.election.enable=false"), out);
        assertTrue(out.contains("ok       versions 1: each dictionary record present"), out);
        assertTrue(out.contains("note     this caller holds on topic fresh: "), out);
        assertTrue(out.endsWith("Sound (exit 0).\n"), out);
    }

    @Test
    void aCompactedTopicOfAnEarlierReleaseIsARiskNamingMigrateAsCliMdShows() throws Exception {
        String topic = "_zdict_registry";
        cluster.createTopic(topic, 1, Map.of("cleanup.policy", "compact"));
        publishActiveVersion(topic);

        Cli.Result check =
                Cli.run("registry", "check", "--registry", "kafka://" + cluster.bootstrapServers() + "/" + topic);

        assertEquals(3, check.exitCode(), check::toString);
        String out = check.out().replace(cluster.bootstrapServers(), "broker1:9092");
        assertTrue(out.contains("risk     cleanup.policy=compact: compacted (a topic created by hand"), out);
        assertTrue(out.contains("fix: zdict registry migrate --registry kafka://broker1:9092/" + topic + "\n"), out);
        assertTrue(out.contains("risk     message.timestamp.type=CreateTime"), out);
        assertTrue(out.contains("ok       versions 1: each dictionary record present"), out);
        assertTrue(out.endsWith("Readable, but at risk: see 'risk' and 'unknown' above (exit 3).\n"), out);
        // docs/CLI.md shows this very output.
        String doc = Files.readString(Path.of("..", "docs", "CLI.md"));
        String command = "$ ./zdict registry check --registry kafka://broker1:9092/" + topic + "\n";
        int start = doc.indexOf(command) + command.length();
        assertEquals(out, doc.substring(start, doc.indexOf("```", start)));
    }

    @Test
    void aDictionaryRecordCompactionErasedIsAProblemNamingItsVersion() throws Exception {
        String topic = "erased";
        cluster.createTopic(
                topic,
                1,
                Map.of(
                        "cleanup.policy", "compact",
                        "segment.ms", "100",
                        "min.cleanable.dirty.ratio", "0.01",
                        "delete.retention.ms", "0",
                        "min.compaction.lag.ms", "0"));
        publishActiveVersion(topic);
        String key = dictionaryKeys(topic).get(0);
        assertTrue(key.startsWith("dict/1/"), key);

        try (KafkaProducer<String, byte[]> producer = producer()) {
            producer.send(new ProducerRecord<>(topic, key, null)).get();
            Cli.Result tombstoned = check(topic); // compaction may or may not have run yet: either is a problem
            assertEquals(1, tombstoned.exitCode(), tombstoned::toString);
            assertTrue(tombstoned.out().contains("problem  version 1"), tombstoned::toString);

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (dictionaryKeys(topic).contains(key)) {
                assertTrue(System.nanoTime() < deadline, "the broker did not compact " + topic + " in 120 s");
                Thread.sleep(200);
                producer.send(new ProducerRecord<>(topic, "filler", new byte[1]))
                        .get(); // rolls the segment
            }
        }

        Cli.Result check = check(topic);

        assertEquals(1, check.exitCode(), check::toString);
        assertTrue(
                check.out().contains("problem  version 1 (active): its dictionary record is not in the topic"),
                check::toString);
        assertTrue(check.out().contains("risk     cleanup.policy=compact"), check::toString);
        assertTrue(check.out().endsWith("Data at risk now or unreadable: see 'problem' above (exit 1).\n"));
    }

    @Test
    void aMissingTopicIsOneLineAndExitsOne() {
        Cli.Result check = check("typo");

        assertEquals(1, check.exitCode(), check::toString);
        assertEquals(
                "zdict registry check: error: No registry topic 'typo' on " + cluster.bootstrapServers()
                        + ": nothing to check (kafka://" + cluster.bootstrapServers() + "/typo)\n",
                check.err());
    }

    /** The keys of the topic's dictionary records (not tombstones), read raw from its first offset. */
    private static List<String> dictionaryKeys(String topic) {
        return cluster.records(topic).stream()
                .filter(r -> r.key() != null && r.key().startsWith("dict/") && r.value() != null)
                .map(ConsumerRecord::key)
                .toList();
    }

    private static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(cluster.clientConfig(), new StringSerializer(), new ByteArraySerializer());
    }
}
