package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.kafka.admin.RegistryTopicSettings;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.previous.PreviousDictionaryStatus;
import org.zdict.previous.PreviousRegistryLog;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KafkaDictionaryRegistryIT {
    private static Broker broker;

    @TempDir
    Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private KafkaDictionaryRegistry open(String topic, String cache) {
        return open(topic, cache, Map.of());
    }

    private KafkaDictionaryRegistry open(String topic, String cache, Map<String, Object> extra) {
        Map<String, Object> config = new HashMap<>(extra);
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve(cache).toString());
        config.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "20000");
        return KafkaDictionaryRegistry.open(broker.bootstrapServers(), topic, config);
    }

    @Test
    void createsAnAppendOnlySinglePartitionTopicStampedByTheBroker() throws Exception {
        try (KafkaDictionaryRegistry ignored = open("reg-created", "a");
                Admin admin = broker.admin()) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, "reg-created");
            Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
            RegistryTopicSettings.DURABLE.forEach(
                    (name, value) -> assertEquals(value, config.get(name).value(), name));
            assertEquals(
                    1,
                    admin.describeTopics(List.of("reg-created"))
                            .allTopicNames()
                            .get()
                            .get("reg-created")
                            .partitions()
                            .size());
        }
    }

    private String location(String topic, String cache) {
        return "kafka://" + broker.bootstrapServers() + "/" + topic + "?" + KafkaRegistryConfig.CACHE_DIR_CONFIG + "="
                + temp.resolve(cache);
    }

    private static Set<String> topics() throws Exception {
        try (Admin admin = broker.admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aReaderRefusesAMissingTopicAtOnceNamingItAndCreatesNothing() throws Exception {
        long start = System.nanoTime();
        RegistryException e = assertThrows(
                RegistryException.class, () -> DictionaryRegistries.open(location("reg-typo", "typo"), Map.of()));
        assertEquals(RegistryException.Kind.NOT_FOUND, e.kind());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 10_000, "refused after " + millis + " ms, not at once");
        assertTrue(e.getMessage().contains("'reg-typo'"), e.getMessage());
        assertTrue(e.getMessage().contains(broker.bootstrapServers()), e.getMessage());
        assertTrue(e.getMessage().contains("zdict train --registry"), e.getMessage());
        assertFalse(topics().contains("reg-typo"), "a reader created the registry topic");
    }

    @Test
    void aReaderWithALocalCopyServesItWhenTheTopicIsGoneAndCreatesNothing() throws Exception {
        try (KafkaDictionaryRegistry publisher = open("reg-deleted", "copy")) {
            publisher.publish(TestDictionaries.trained(1), 3, Map.of());
            publisher.sync();
        }
        try (Admin admin = broker.admin()) {
            admin.deleteTopics(List.of("reg-deleted")).all().get(30, TimeUnit.SECONDS);
        }
        while (topics().contains("reg-deleted")) {
            Thread.sleep(100);
        }
        try (DictionaryRegistry reader = DictionaryRegistries.open(location("reg-deleted", "copy"), Map.of())) {
            assertArrayEquals(TestDictionaries.trained(1), reader.get(1).content());
            assertTrue(((KafkaDictionaryRegistry) reader).topicUnavailable());
        }
        assertFalse(topics().contains("reg-deleted"), "a reader re-created the registry topic");
        assertEquals(
                RegistryException.Kind.NOT_FOUND,
                assertThrows(
                                RegistryException.class,
                                () -> DictionaryRegistries.open(location("reg-deleted", "no-copy"), Map.of()))
                        .kind());
    }

    @Test
    void aRunningReaderDoesNotRecreateItsTopicOnceDeleted() throws Exception {
        try (KafkaDictionaryRegistry publisher = open("reg-gone", "gone-p")) {
            publisher.publish(TestDictionaries.trained(1), 3, Map.of());
        }
        try (DictionaryRegistry reader = DictionaryRegistries.open(location("reg-gone", "gone-r"), Map.of())) {
            assertEquals(1, reader.list().size());
            try (Admin admin = broker.admin()) {
                admin.deleteTopics(List.of("reg-gone")).all().get(30, TimeUnit.SECONDS);
            }
            while (topics().contains("reg-gone")) {
                Thread.sleep(100);
            }
            // The follower keeps polling; were auto-creation allowed, its metadata requests would re-create it.
            Thread.sleep(3000);
            assertFalse(topics().contains("reg-gone"), "the reader's follower re-created its deleted registry topic");
            assertEquals(1, reader.list().size(), "the reader still serves what it had read");
        }
    }

    @Test
    void onlyAPublisherCreatesTheTopicAndReadersThenOpenIt() throws Exception {
        try (DictionaryRegistry created = DictionaryRegistries.openOrCreate(location("reg-new", "p"), Map.of())) {
            assertTrue(topics().contains("reg-new"));
            created.publish(TestDictionaries.trained(1), 3, Map.of());
        }
        try (DictionaryRegistry read = DictionaryRegistries.open(location("reg-new", "r"), Map.of())) {
            assertEquals(1, read.list().size());
        }
    }

    @Test
    void refusesATopicWithSeveralPartitions() throws Exception {
        broker.createTopic("reg-wide", 3);
        RegistryException e = assertThrows(RegistryException.class, () -> open("reg-wide", "a"));
        assertTrue(e.getMessage().contains("has 3 partitions"), e.getMessage());
    }

    @Test
    void changesReachAnotherInstanceWithoutRestart() {
        try (KafkaDictionaryRegistry writer = open("reg-follow", "w");
                KafkaDictionaryRegistry reader = open("reg-follow", "r")) {
            DictionaryInfo v1 = writer.publish(TestDictionaries.trained(1), 3, Map.of("source", "test"));
            assertEquals(1, v1.version());
            assertTrue(reader.awaitVersion(1, Duration.ofSeconds(10)));
            assertArrayEquals(TestDictionaries.trained(1), reader.get(1).content());
            assertEquals("test", reader.info(1).orElseThrow().metadata().get("source"));

            writer.activate(1);
            writer.publish(TestDictionaries.trained(2), 5, Map.of());
            writer.activate(2);
            writer.retire(1);
            reader.sync();
            assertEquals(OptionalInt.of(2), reader.activeVersion());
            assertEquals(
                    DictionaryInfo.Status.RETIRED, reader.info(1).orElseThrow().status());
            assertEquals(5, reader.info(2).orElseThrow().level());
        }
    }

    @Test
    void appliesTheLifecycleRules() {
        try (KafkaDictionaryRegistry registry = open("reg-rules", "a")) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            RegistryException retire = assertThrows(RegistryException.class, () -> registry.retire(1));
            assertTrue(retire.getMessage().contains("active version"), retire.getMessage());
            assertThrows(RegistryException.class, () -> registry.remove(1));
            assertThrows(IllegalArgumentException.class, () -> registry.publish(new byte[] {1, 2, 3}, 3, Map.of()));

            registry.publish(TestDictionaries.trained(2), 3, Map.of());
            registry.activate(2);
            RegistryException notRetired = assertThrows(RegistryException.class, () -> registry.remove(1));
            assertTrue(notRetired.getMessage().contains("retire it first"), notRetired.getMessage());
            registry.retire(1);
            assertThrows(RegistryException.class, () -> registry.activate(1));
            RegistryException tooSoon = assertThrows(RegistryException.class, () -> registry.remove(1));
            assertTrue(tooSoon.getMessage().contains("zdict.registry.remove.grace.ms"), tooSoon.getMessage());

            DictionaryInfo neverUsed = registry.publish(TestDictionaries.trained(3), 3, Map.of());
            registry.remove(neverUsed.version());
            assertTrue(registry.info(neverUsed.version()).isEmpty());
        }
        try (KafkaDictionaryRegistry noGrace =
                open("reg-rules", "b", Map.of(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, "0"))) {
            noGrace.remove(1);
            assertEquals(
                    List.of(2),
                    noGrace.list().stream().map(DictionaryInfo::version).toList());
            assertEquals(OptionalInt.of(2), noGrace.activeVersion());
            assertEquals(
                    4, noGrace.publish(TestDictionaries.trained(1), 3, Map.of()).version());
        }
        try (KafkaDictionaryRegistry reopened =
                open("reg-rules", "c", Map.of(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, "0"))) {
            assertEquals(
                    List.of(2, 4),
                    reopened.list().stream().map(DictionaryInfo::version).toList());
            assertEquals(OptionalInt.of(2), reopened.activeVersion());
        }
        // A client with the default grace judges the removal by its own grace, on the broker's clock: version 1,
        // retired seconds before the removal was appended, stays
        try (KafkaDictionaryRegistry strict = open("reg-rules", "d")) {
            assertEquals(
                    List.of(1, 2, 4),
                    strict.list().stream().map(DictionaryInfo::version).toList());
            assertEquals(
                    DictionaryInfo.Status.RETIRED, strict.info(1).orElseThrow().status());
            assertArrayEquals(TestDictionaries.trained(1), strict.get(1).content());
            assertEquals(1, strict.refusedRecords().count(RecordRefusal.EARLY_REMOVAL));
            assertEquals(0, strict.refusedRecords().count(RecordRefusal.EARLY_TOMBSTONE), "writers write none");
        }
    }

    @Test
    void concurrentPublishersNeverShareAVersionNumber() throws Exception {
        List<KafkaDictionaryRegistry> registries = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int i = 0; i < 3; i++) {
                registries.add(open("reg-race", "c" + i));
            }
            List<Future<List<Integer>>> results = new ArrayList<>();
            for (KafkaDictionaryRegistry registry : registries) {
                Callable<List<Integer>> publishThree = () -> {
                    List<Integer> versions = new ArrayList<>();
                    for (int j = 0; j < 3; j++) {
                        versions.add(registry.publish(TestDictionaries.trained(j + 1), 3, Map.of())
                                .version());
                    }
                    return versions;
                };
                results.add(pool.submit(publishThree));
            }
            Set<Integer> all = new TreeSet<>();
            for (Future<List<Integer>> result : results) {
                for (int version : result.get()) {
                    assertTrue(all.add(version), "version " + version + " was handed out twice");
                }
            }
            assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9), all);
            KafkaDictionaryRegistry any = registries.get(0);
            any.sync();
            assertEquals(9, any.list().size());
        } finally {
            pool.shutdownNow();
            registries.forEach(KafkaDictionaryRegistry::close);
        }
    }

    @Test
    void aRestartedClientDecodesFromItsLocalCopyWhileTheTopicIsUnreachable() {
        try (KafkaDictionaryRegistry registry = open("reg-cache", "cache")) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            registry.sync();
        }
        Map<String, Object> config = new HashMap<>();
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("cache").toString());
        config.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "1500");
        try (KafkaDictionaryRegistry offline =
                KafkaDictionaryRegistry.openExisting("127.0.0.1:1", "reg-cache", config)) {
            assertEquals(OptionalInt.of(1), offline.activeVersion());
            assertArrayEquals(TestDictionaries.trained(1), offline.get(1).content());
        }
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("empty").toString());
        RegistryException e = assertThrows(
                RegistryException.class,
                () -> KafkaDictionaryRegistry.openExisting("127.0.0.1:1", "reg-cache", config));
        assertTrue(e.getMessage().contains("no local copy"), e.getMessage());
        assertFalse(
                e.kind() == RegistryException.Kind.NOT_FOUND, "an unreachable cluster is not a missing topic: " + e);
    }

    @Test
    void theTopicWithSubjectsReadWithThePreviousReleasesCodeGivesEveryVersionAndDefaultsActiveOnly() {
        try (KafkaDictionaryRegistry registry = open("reg-subjects-previous", "a")) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.publish("orders-value", TestDictionaries.trained(2), 3, Map.of());
            registry.publish("orders-value", TestDictionaries.trained(3), 3, Map.of());
            registry.activate(1);
            registry.activate(2);
            registry.activate(3);
            registry.retire(2);
        }
        PreviousRegistryLog previous = new PreviousRegistryLog();
        for (ConsumerRecord<String, byte[]> record : broker.records("reg-subjects-previous")) {
            previous.apply(record.offset(), record.key(), record.value());
        }
        assertEquals(Set.of(1, 2, 3), previous.view().versions().keySet());
        assertEquals(OptionalInt.of(1), previous.view().activeVersion());
        assertEquals(
                PreviousDictionaryStatus.RETIRED,
                previous.view().versions().get(2).status());
        assertEquals(
                PreviousDictionaryStatus.AVAILABLE,
                previous.view().versions().get(3).status());
        assertArrayEquals(TestDictionaries.trained(3), previous.content(3));
    }
}
