package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.codec.ZdictCodec;
import org.zdict.kafka.admin.RegistryTopicSettings;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.previous.PreviousRegistryRecords;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Deleting dictionaries for good is an administrator's act: removing a version leaves its bytes in the
 * topic, and only a purge deletes them, also from the local copy of a client that was away meanwhile. A
 * compacted registry topic written by the previous release is made durable in place, after which a
 * tombstone and forced compaction erase nothing.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RegistryPurgeAndMigrationIT {
    @TempDir
    Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        RegistryDurabilityIT.broker = RegistryDurabilityIT.startCleaningBroker();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        RegistryDurabilityIT.broker.close();
    }

    private KafkaDictionaryRegistry open(String topic, String copy, boolean create) {
        Map<String, Object> config = new HashMap<>();
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve(copy).toString());
        config.put(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, "0");
        String servers = RegistryDurabilityIT.broker.bootstrapServers();
        return create
                ? KafkaDictionaryRegistry.open(servers, topic, config)
                : KafkaDictionaryRegistry.openExisting(servers, topic, config);
    }

    private static boolean topicHoldsBytes(String topic, byte[] content) {
        return RegistryDurabilityIT.broker.records(topic).stream()
                .filter(r -> r.key() != null && r.key().startsWith("dict/") && r.value() != null)
                .anyMatch(r -> {
                    try {
                        return java.util.Arrays.equals(
                                content,
                                RegistryRecords.readDictionaryRecord(r.value()).content());
                    } catch (RuntimeException unreadable) {
                        return false;
                    }
                });
    }

    @Test
    void onlyAPurgeDeletesTheBytesOfARemovedVersion() throws Exception {
        String topic = "purged";
        byte[] first = TestDictionaries.trained(1);
        try (KafkaDictionaryRegistry admin = open(topic, "admin", true)) {
            admin.publish("default", first, 3, Map.of());
            admin.publish("default", TestDictionaries.trained(2), 3, Map.of());
            admin.activate(1);
            open(topic, "away", false).close(); // a client that holds version 1, then stops
            admin.activate(2);
            admin.retire(1);
            admin.remove(1);
            assertEquals(
                    List.of(2),
                    admin.list().stream().map(DictionaryInfo::version).toList());
            assertTrue(topicHoldsBytes(topic, first), "removing a version leaves its bytes in the topic");

            String said = admin.purge();
            assertTrue(said.contains("removed versions [1]"), said);
            assertFalse(topicHoldsBytes(topic, first), "the purge deleted them");
            assertTrue(topicHoldsBytes(topic, TestDictionaries.trained(2)));
            // the purging client goes on as before, and can change the registry again
            admin.publish("default", TestDictionaries.trained(3), 3, Map.of());
            admin.activate(3);
        }
        for (String copy : List.of("fresh", "away")) {
            try (KafkaDictionaryRegistry reader = open(topic, copy, false)) {
                assertEquals(
                        List.of(2, 3),
                        reader.list().stream().map(DictionaryInfo::version).toList(),
                        copy);
                assertEquals(3, reader.activeVersion("default").getAsInt(), copy);
                assertFalse(
                        reader.cacheDir().resolve("v000001.dict").toFile().exists()
                                && reader.info(1).isPresent(),
                        copy);
                assertArrayEquals(TestDictionaries.trained(2), reader.get(2).content(), copy);
            }
        }
    }

    @Test
    void aCompactedTopicOfThePreviousReleaseIsMadeDurableInPlace() throws Exception {
        String topic = "previous-release";
        RegistryDurabilityIT.broker.createTopic(topic, 1, Map.of("cleanup.policy", "compact"));
        byte[] content = TestDictionaries.trained(1);
        String key = PreviousRegistryRecords.dictKey(1, "previous-writer");
        RegistryDurabilityIT.send(
                topic,
                key,
                PreviousRegistryRecords.write(new PreviousRegistryRecords.Published(
                        1, Dictionary.sha256(content), 3, Instant.parse("2026-01-01T00:00:00Z"), Map.of(), content)));
        RegistryDurabilityIT.send(
                topic,
                PreviousRegistryRecords.STATE_KEY,
                PreviousRegistryRecords.write(new PreviousRegistryRecords.State(
                        2, 1, new TreeSet<>(), new TreeSet<>(), new TreeSet<>(Set.of(1)), Map.of(), -1)));
        byte[] payload;
        try (KafkaDictionaryRegistry admin = open(topic, "admin", true)) {
            RegistryException purge = assertThrows(RegistryException.class, admin::purge);
            assertTrue(purge.getMessage().contains("zdict registry migrate"), purge.getMessage());
            Map<String, String> changed = admin.makeTopicDurable();
            assertEquals("compact", changed.get("cleanup.policy"));
            assertEquals(Map.of(), admin.makeTopicDurable(), "once is enough");
            try (ZdictCodec codec = ZdictCodec.builder(admin).build()) {
                payload = codec.compress("{\"event\":1}".getBytes());
            }
        }
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        try (var adminClient = RegistryDurabilityIT.broker.admin()) {
            Config config =
                    adminClient.describeConfigs(List.of(resource)).all().get().get(resource);
            RegistryTopicSettings.DURABLE.forEach(
                    (name, value) -> assertEquals(value, config.get(name).value(), name));
        }
        RegistryDurabilityIT.send(topic, key, null);
        RegistryDurabilityIT.forceCleaning(topic);
        assertTrue(topicHoldsBytes(topic, content), "no compaction after the migration");
        try (KafkaDictionaryRegistry fresh = open(topic, "fresh", false);
                ZdictCodec codec = ZdictCodec.builder(fresh).build()) {
            assertArrayEquals("{\"event\":1}".getBytes(), codec.decompress(payload));
        }
    }
}
