package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.Broker;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.testing.SampleEvents;

/** The commands work the same on a kafka:// registry, against one real KRaft broker. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KafkaRegistryIT {
    static Broker cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = Broker.start(Map.of());
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

    private static Set<String> topics() throws Exception {
        try (Admin admin = cluster.admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void commandsThatOnlyReadOrChangeVersionsRefuseAMissingTopicAtOnceAndCreateNothing() throws Exception {
        String registry = "kafka://" + cluster.bootstrapServers() + "/typo";
        Path events = Cli.syntheticEvents(dir, "typo-events.jsonl", 20, 7);
        Path payload = Files.write(dir.resolve("typo.zd"), new byte[] {1, 2, 3});
        List<List<String>> readers = List.of(
                List.of("registry", "list"),
                List.of("registry", "activate", "1"),
                List.of("registry", "retire", "1"),
                List.of(
                        "registry",
                        "export",
                        "1",
                        "-o",
                        dir.resolve("typo.dict").toString()),
                List.of("eval", events.toString()),
                List.of(
                        "compress",
                        "-i",
                        events.toString(),
                        "-o",
                        dir.resolve("typo.out").toString()),
                List.of(
                        "decompress",
                        "-i",
                        payload.toString(),
                        "-o",
                        dir.resolve("typo.json").toString()));
        for (List<String> command : readers) {
            List<String> args = new ArrayList<>(command);
            args.add("--registry");
            args.add(registry);
            long start = System.nanoTime();
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(1, result.exitCode(), command + ": " + result);
            assertTrue(result.err().contains("'typo'"), command + " does not name the topic: " + result);
            assertTrue(result.err().contains("zdict train --registry"), command + ": " + result);
            assertTrue(millis < 10_000, command + " took " + millis + " ms to refuse");
            assertFalse(topics().contains("typo"), command + " created the registry topic");
        }
    }

    @Test
    void importIntoANewTopicCreatesIt() throws Exception {
        Path events = Cli.syntheticEvents(dir, "import-events.jsonl", 2000, 17);
        Path folder = dir.resolve("import-source");
        assertEquals(0, Cli.trainSmall(events, folder).exitCode());
        Path exported = dir.resolve("import.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", folder.toString())
                        .exitCode());
        assertFalse(topics().contains("zdict-imported"));
        Cli.Result imported =
                Cli.run("registry", "import", exported.toString(), "--registry", registry("zdict-imported"));
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(topics().contains("zdict-imported"));
        Cli.Result list = Cli.run("registry", "list", "--registry", registry("zdict-imported"));
        assertEquals(0, list.exitCode(), list::toString);
    }

    @Test
    void migratesACompactedTopicInPlaceAndPurgesOnlyWithYes() throws Exception {
        Path events = Cli.syntheticEvents(dir, "migrate-events.jsonl", 2000, 19);
        Path folder = dir.resolve("migrate-source");
        assertEquals(0, Cli.trainSmall(events, folder).exitCode());
        Path exported = dir.resolve("migrate.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", folder.toString())
                        .exitCode());
        cluster.createTopic("zdict-legacy", 1, Map.of("cleanup.policy", "compact"));
        String registry = registry("zdict-legacy");
        assertEquals(
                0,
                Cli.run("registry", "import", exported.toString(), "--activate", "--registry", registry)
                        .exitCode());

        Cli.Result purgeCompacted = Cli.run("registry", "purge", "--yes", "--registry", registry);
        assertEquals(1, purgeCompacted.exitCode(), purgeCompacted::toString);
        assertTrue(purgeCompacted.err().contains("zdict registry migrate"), purgeCompacted::toString);

        Cli.Result migrate = Cli.run("registry", "migrate", "--registry", registry);
        assertEquals(0, migrate.exitCode(), migrate::toString);
        assertTrue(migrate.out().contains("cleanup.policy: compact -> delete"), migrate::toString);
        assertTrue(migrate.out().contains("message.timestamp.type: CreateTime -> LogAppendTime"), migrate::toString);
        Cli.Result again = Cli.run("registry", "migrate", "--registry", registry);
        assertTrue(again.out().contains("nothing changed"), again::toString);

        Cli.Result unconfirmed = Cli.run("registry", "purge", "--registry", registry);
        assertEquals(2, unconfirmed.exitCode(), unconfirmed::toString);
        assertTrue(unconfirmed.err().contains("--yes"), unconfirmed::toString);
        Cli.Result purge = Cli.run("registry", "purge", "--yes", "--registry", registry);
        assertEquals(0, purge.exitCode(), purge::toString);
        assertTrue(purge.out().startsWith("Deleted "), purge::toString);
        assertTrue(Cli.run("registry", "list", "--registry", registry).out().contains("active"));

        Cli.Result folderMigrate = Cli.run("registry", "migrate", "--registry", folder.toString());
        assertEquals(2, folderMigrate.exitCode(), folderMigrate::toString);
        assertTrue(folderMigrate.err().contains("no topic to migrate"), folderMigrate::toString);
    }

    @Test
    void removeNamesATopicThatDoesNotExistAndRemovesNothing() throws Exception {
        String registry = registry("zdict-remove");
        for (int seed : new int[] {23, 29}) {
            Path events = Cli.syntheticEvents(dir, "remove-events-" + seed + ".jsonl", 2000, seed);
            Cli.Result train = Cli.trainTiny(events.toString(), "--registry", registry, "--activate");
            assertEquals(0, train.exitCode(), train::toString);
        }
        Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", registry);
        assertEquals(0, retire.exitCode(), retire::toString);

        Cli.Result remove = Cli.run("registry", "remove", "1", "--registry", registry, "--topic", "nosuch");
        assertEquals(1, remove.exitCode(), remove::toString);
        assertTrue(remove.err().contains("no topic 'nosuch'"), remove::toString);
        Cli.Result list = Cli.run("registry", "list", "--registry", registry);
        assertTrue(list.out().contains("retired"), "version 1 is still listed: " + list);
    }

    @Test
    void trainsPublishesListsAndDecodesThroughATopic() throws Exception {
        assertFalse(topics().contains("zdict-cli-it"));
        String registry = registry("zdict-cli-it");
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 31);
        Cli.Result train = Cli.run(
                "train",
                "-q",
                events.toString(),
                "--registry",
                registry,
                "--activate",
                "--dict-size",
                "2K",
                "--level",
                "3",
                "--min-mbps",
                "0");
        assertEquals(0, train.exitCode(), train::toString);
        assertTrue(train.out().contains("Published as version 1"), train::toString);
        assertTrue(topics().contains("zdict-cli-it"), "train created the registry topic");

        Cli.Result list = Cli.run("registry", "list", "--json", "--registry", registry);
        assertEquals(0, list.exitCode(), list::toString);
        assertTrue(list.out().contains("\"status\" : \"active\""), list::toString);

        byte[] event = SampleEvents.synthetic(1, 32).get(0);
        Path input = Files.write(dir.resolve("event.json"), event);
        Path payload = dir.resolve("event.zd");
        Path restored = dir.resolve("restored.json");
        assertEquals(
                0,
                Cli.run("compress", "--registry", registry, "-i", input.toString(), "-o", payload.toString())
                        .exitCode());
        assertEquals(
                0,
                Cli.run("decompress", "--registry", registry, "-i", payload.toString(), "-o", restored.toString())
                        .exitCode());
        assertArrayEquals(event, Files.readAllBytes(restored));

        Path exported = dir.resolve("v1.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", registry)
                        .exitCode());
        Cli.Result imported = Cli.run("registry", "import", exported.toString(), "--activate", "--registry", registry);
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(imported.out().contains("as version 2 (active)"), imported::toString);
        Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", registry);
        assertEquals(0, retire.exitCode(), retire::toString);
        assertEquals(
                0,
                Cli.run("decompress", "--registry", registry, "-i", payload.toString(), "-o", restored.toString())
                        .exitCode());
        assertArrayEquals(event, Files.readAllBytes(restored));
    }

    private static int versionOf(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    /** Serializes {@code events} with a serializer of {@code registry}'s active version into {@code topic}. */
    private static List<byte[]> produce(String registry, String topic, List<byte[]> events) throws Exception {
        List<byte[]> payloads = new ArrayList<>();
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer());
                KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                        Map.of("bootstrap.servers", cluster.bootstrapServers()),
                        new ByteArraySerializer(),
                        new ByteArraySerializer())) {
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
            for (byte[] event : events) {
                byte[] payload = serializer.serialize(topic, event);
                producer.send(new ProducerRecord<>(topic, payload)).get(30, TimeUnit.SECONDS);
                payloads.add(payload);
            }
        }
        return payloads;
    }

    /** Reads every value of {@code topic} through a deserializer of {@code registry}. */
    private static List<byte[]> consume(String registry, String topic, int count) {
        List<byte[]> values = new ArrayList<>();
        TopicPartition partition = new TopicPartition(topic, 0);
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
                KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                        Map.of("bootstrap.servers", cluster.bootstrapServers()),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer())) {
            deserializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(deserializer.deserialize(topic, record.value()));
                }
            }
        }
        return values;
    }

    @Test
    void backsUpARegistryTopicAndRestoresItIntoAnotherTopicThatDecodesEveryEarlierPayload() throws Exception {
        String source = registry("zdict-backup-source");
        List<byte[]> withVersion1 = List.of();
        for (int seed : new int[] {41, 43}) {
            Path events = Cli.syntheticEvents(dir, "backup-events-" + seed + ".jsonl", 2000, seed);
            Cli.Result train = Cli.trainTiny(events.toString(), "--registry", source, "--activate");
            assertEquals(0, train.exitCode(), train::toString);
            if (seed == 41) {
                cluster.createTopic("backup-events", 1);
                withVersion1 = produce(source, "backup-events", SampleEvents.synthetic(50, 1));
            }
        }
        List<byte[]> events = new ArrayList<>(SampleEvents.synthetic(50, 1));
        List<byte[]> withVersion2 = SampleEvents.synthetic(50, 2);
        events.addAll(withVersion2);
        List<byte[]> withVersion2Payloads = produce(source, "backup-events", withVersion2);
        assertEquals(1, versionOf(withVersion1.get(0)));
        assertEquals(2, versionOf(withVersion2Payloads.get(0)));
        Path dictionary = dir.resolve("backup-v1.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", dictionary.toString(), "--registry", source)
                        .exitCode());
        for (List<String> change : List.of(
                List.of("retire", "1"),
                List.of("import", dictionary.toString(), "--subject", "payments", "--activate"),
                List.of("import", dictionary.toString()),
                List.of("retire", "4"),
                List.of("remove", "4", "--force"))) {
            List<String> args = new ArrayList<>(List.of("registry"));
            args.addAll(change);
            args.addAll(List.of("--registry", source));
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            assertEquals(0, result.exitCode(), change + ": " + result);
        }

        Path backup = dir.resolve("kafka-backup");
        Cli.Result export = Cli.run("registry", "export", "--all", backup.toString(), "--registry", source);
        assertEquals(0, export.exitCode(), export::toString);
        String restored = registry("zdict-backup-restored");
        Cli.Result imported = Cli.run("registry", "import", "--all", backup.toString(), "--registry", restored);
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(topics().contains("zdict-backup-restored"), "the import created the registry topic");

        Cli.Result sourceList = Cli.run("registry", "list", "--json", "--registry", source);
        Cli.Result restoredList = Cli.run("registry", "list", "--json", "--registry", restored);
        assertEquals(0, restoredList.exitCode(), restoredList::toString);
        assertEquals(sourceList.out(), restoredList.out(), "numbers, statuses, actives, times and sha256");

        List<byte[]> decoded = consume(restored, "backup-events", events.size());
        assertEquals(events.size(), decoded.size());
        for (int i = 0; i < events.size(); i++) {
            assertArrayEquals(events.get(i), decoded.get(i), "record " + i);
        }

        Cli.Result again = Cli.run("registry", "import", "--all", backup.toString(), "--registry", restored);
        assertEquals(1, again.exitCode(), again::toString);
        assertTrue(again.err().contains("zdict-backup-restored"), again::toString);
        Cli.Result published = Cli.run("registry", "import", dictionary.toString(), "--registry", restored);
        assertEquals(0, published.exitCode(), published::toString);
        assertTrue(published.out().contains("as version 5 "), "removed number 4 reissued: " + published);
    }
}
