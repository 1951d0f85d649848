package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.codec.ZdictCodec;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.DictionaryInfo;

/**
 * What a writer of the registry topic can do to its dictionaries, tried on a real broker whose cleaner runs
 * every 100 ms: a tombstone or a garbage value on the active version's key, with every segment rolled and
 * compaction forced wherever the topic's configuration still allows it; two state records back to back that
 * retire the active version as of 1970 and remove it; the topic deleted under a running client. After each,
 * a fresh client and a restarted one decode every event written before (a fresh one after the deleted topic
 * is restored), and the topic created by this release still holds every dictionary record.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class RegistryDurabilityIT {
    private static final int EVENTS = 50;
    static Broker broker;

    @TempDir
    Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = startCleaningBroker();
    }

    /** A broker whose cleaner and retention checks run every 100 ms. */
    static Broker startCleaningBroker() throws Exception {
        return Broker.start(Map.of("log.cleaner.backoff.ms", "100", "log.retention.check.interval.ms", "100"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    /** A topic published to by this release: version 1 active, and the events written with it. */
    private record Published(String topic, List<byte[]> events, List<byte[]> payloads) {}

    private Published publish(String topic) throws Exception {
        try (KafkaDictionaryRegistry publisher = open(topic, temp.resolve("publisher-" + topic), true)) {
            publisher.publish("default", TestDictionaries.trained(1), 3, Map.of());
            publisher.activate(1);
            return new Published(topic, events(), encode(publisher));
        }
    }

    private static List<byte[]> events() {
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            events.add(("{\"id\":" + i + ",\"kind\":\"page-view\",\"path\":\"/item/" + i * 7 + "\"}")
                    .getBytes(StandardCharsets.UTF_8));
        }
        return events;
    }

    private static List<byte[]> encode(KafkaDictionaryRegistry registry) {
        List<byte[]> payloads = new ArrayList<>();
        try (ZdictCodec codec = ZdictCodec.builder(registry).build()) {
            for (byte[] event : events()) {
                payloads.add(codec.compress(event));
            }
        }
        return payloads;
    }

    private static KafkaDictionaryRegistry open(String topic, Path cacheDir, boolean create) {
        Map<String, Object> config = new HashMap<>();
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, cacheDir.toString());
        config.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "20000");
        return create
                ? KafkaDictionaryRegistry.open(broker.bootstrapServers(), topic, config)
                : KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), topic, config);
    }

    /** Opens a client with its own local copy in {@code cacheDir} and checks that it decodes every event. */
    private void decodesEveryEvent(Published published, Path cacheDir) {
        try (KafkaDictionaryRegistry reader = open(published.topic(), cacheDir, false)) {
            decodesEveryEvent(published, reader);
        }
    }

    private static void decodesEveryEvent(Published published, KafkaDictionaryRegistry reader) {
        try (ZdictCodec codec = ZdictCodec.builder(reader).build()) {
            for (int i = 0; i < EVENTS; i++) {
                assertArrayEquals(
                        published.events().get(i),
                        codec.decompress(published.payloads().get(i)));
            }
        }
    }

    static void send(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(broker.clientConfig(), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, 0, key, value)).get();
        }
    }

    private static boolean holdsDictionaryRecord(String topic, int version) {
        return broker.records(topic).stream()
                .anyMatch(r -> r.key() != null && r.key().startsWith("dict/" + version + "/") && r.value() != null);
    }

    /**
     * Sets the topic settings that make the cleaner compact (or delete) as soon as it can, and rolls the
     * segment that holds the records so far, so that the cleaner may act on all of them; then gives it time.
     */
    static void forceCleaning(String topic) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        List<AlterConfigOp> ops = new ArrayList<>();
        Map.of(
                        "segment.ms",
                        "100",
                        "min.cleanable.dirty.ratio",
                        "0.01",
                        "delete.retention.ms",
                        "0",
                        "min.compaction.lag.ms",
                        "0",
                        "file.delete.delay.ms",
                        "0")
                .forEach((name, value) ->
                        ops.add(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET)));
        try (var admin = broker.admin()) {
            admin.incrementalAlterConfigs(Map.of(resource, ops)).all().get();
        }
        for (int i = 0; i < 3; i++) {
            Thread.sleep(300);
            send(topic, "roll", "a record under no key of the registry's, to roll the segment".getBytes());
        }
        Thread.sleep(2_000);
    }

    /** Waits until the cleaner has removed version {@code version}'s dictionary record from a compacted topic. */
    private static void awaitCompactedAway(String topic, int version) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (holdsDictionaryRecord(topic, version)) {
            assertTrue(System.nanoTime() < deadline, "the cleaner did not compact " + topic + " in 60 s");
            send(topic, "roll", "roll".getBytes());
            Thread.sleep(500);
        }
    }

    @Test
    void aTombstoneOnTheActiveVersionsKeyErasesNothing() throws Exception {
        overwriteTheActiveVersionsKeyAndClean("durable-tombstone", null);
    }

    @Test
    void aGarbageValueOnTheActiveVersionsKeyErasesNothing() throws Exception {
        overwriteTheActiveVersionsKeyAndClean("durable-garbage", "{\"not\":\"a dictionary record\"}".getBytes());
    }

    /**
     * Writes {@code value} under the active version's key of a topic this release created, forces cleaning,
     * and checks that the record is still there and that a fresh and a restarted client decode every event.
     */
    private void overwriteTheActiveVersionsKeyAndClean(String topic, byte[] value) throws Exception {
        Published published = publish(topic);
        Path restarted = temp.resolve("restarted");
        decodesEveryEvent(published, restarted);
        send(topic, activeVersionsKey(topic), value);
        forceCleaning(topic);
        assertTrue(holdsDictionaryRecord(topic, 1), "the append-only topic keeps the record");
        decodesEveryEvent(published, temp.resolve("fresh"));
        decodesEveryEvent(published, restarted);
    }

    private static String activeVersionsKey(String topic) {
        return broker.records(topic).stream()
                .filter(r -> r.key().startsWith("dict/1/"))
                .findFirst()
                .orElseThrow()
                .key();
    }

    @Test
    void onATopicAnEarlierReleaseCreatedCompactedTheLocalCopyOutlivesACompactedRecord() throws Exception {
        String topic = "compacted-tombstone";
        broker.createTopic(topic, 1, Map.of("cleanup.policy", "compact"));
        Published published = publish(topic);
        Path restarted = temp.resolve("restarted");
        decodesEveryEvent(published, restarted);
        send(topic, activeVersionsKey(topic), null);
        forceCleaning(topic);
        awaitCompactedAway(topic, 1);
        decodesEveryEvent(published, restarted);
        try (KafkaDictionaryRegistry reader = open(topic, restarted, false)) {
            assertEquals(1, reader.list().size());
            assertEquals(DictionaryInfo.Status.ACTIVE, reader.list().get(0).status(), "the state still names it");
            assertEquals(java.util.Set.of(1), reader.localOnlyVersions());
            RegistryException refused = assertThrows(
                    RegistryException.class, () -> reader.publish("default", TestDictionaries.trained(2), 3, Map.of()));
            assertTrue(refused.getMessage().contains("holds no valid record of versions [1]"), refused.getMessage());
        }
    }

    @Test
    void twoStateRecordsBackToBackWithABackdatedRetirementRemoveNothing() throws Exception {
        Published published = publish("durable-backdated");
        Path restarted = temp.resolve("restarted");
        decodesEveryEvent(published, restarted);
        try (KafkaDictionaryRegistry running = open(published.topic(), temp.resolve("running"), false)) {
            StateRecord inForce = RegistryRecords.readStateRecord(broker.records(published.topic()).stream()
                    .filter(r -> RegistryKeys.STATE.equals(r.key()))
                    .reduce((first, second) -> second)
                    .orElseThrow()
                    .value());
            StateRecord retired = new StateRecord(
                    2,
                    0,
                    Map.of(),
                    new TreeSet<>(List.of(1)),
                    new TreeSet<>(),
                    new TreeSet<>(List.of(1)),
                    Map.of(1, 0L),
                    Map.of(),
                    -1,
                    inForce.sequence() + 1);
            StateRecord removed = new StateRecord(
                    2,
                    0,
                    Map.of(),
                    new TreeSet<>(),
                    new TreeSet<>(List.of(1)),
                    new TreeSet<>(List.of(1)),
                    Map.of(),
                    Map.of(),
                    -1,
                    inForce.sequence() + 2);
            send(published.topic(), RegistryKeys.STATE, RegistryRecords.write(retired));
            send(published.topic(), RegistryKeys.STATE, RegistryRecords.write(removed));
            running.sync();
            assertEquals(
                    DictionaryInfo.Status.RETIRED, running.info(1).orElseThrow().status(), "retired, not removed");
            assertEquals(1L, running.refusedRecords().count(RecordRefusal.EARLY_REMOVAL));
            decodesEveryEvent(published, running);
            assertTrue(
                    java.nio.file.Files.readString(running.cacheDir().resolve("manifest.json"))
                            .contains("\"version\""),
                    "the running client's local copy still lists it");
        }
        decodesEveryEvent(published, temp.resolve("fresh"));
        decodesEveryEvent(published, restarted);
    }

    @Test
    void theTopicDeletedUnderARunningClient() throws Exception {
        Published published = publish("durable-deleted");
        Path restarted = temp.resolve("restarted");
        decodesEveryEvent(published, restarted);
        try (KafkaDictionaryRegistry running = open(published.topic(), temp.resolve("running"), false)) {
            try (var admin = broker.admin()) {
                admin.deleteTopics(List.of(published.topic())).all().get();
            }
            Thread.sleep(1_000);
            decodesEveryEvent(published, running);
            decodesEveryEvent(published, restarted);
            try (KafkaDictionaryRegistry reopened = open(published.topic(), restarted, false)) {
                assertTrue(reopened.topicUnavailable());
                assertThrows(RegistryException.class, () -> reopened.activate(1), "writers stop");
            }
            // restored from the restarted client's local copy, with the same numbers: a fresh client decodes
            try (KafkaDictionaryRegistry local = open(published.topic(), restarted, false);
                    KafkaDictionaryRegistry restore = open(published.topic(), temp.resolve("restore"), true)) {
                restore.restore(List.of(local.get(1)), local.nextVersion());
            }
            decodesEveryEvent(published, temp.resolve("fresh"));
            decodesEveryEvent(published, running);
        }
    }
}
