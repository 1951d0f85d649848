package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.support.RegistryFolder;

/**
 * A Kafka registry client keeps the dictionaries' bytes in its local copy on disk, not on its heap:
 * after start-up and after every version was used, its objects retain no dictionary bytes; a file
 * deleted or changed under a running client is read again from the topic; a local copy that cannot be
 * written keeps the bytes on the heap and still decodes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RegistryLocalCopyIT {
    private static final int VERSIONS = 24;
    private static final String TOPIC = "reg-local-copy";
    private static Broker broker;

    @TempDir
    Path temp;

    @BeforeAll
    static void startBrokerAndPublish() throws Exception {
        broker = Broker.start();
        Map<String, Object> config = new HashMap<>();
        config.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                Files.createTempDirectory("zdict-publisher").toString());
        try (KafkaDictionaryRegistry publisher =
                KafkaDictionaryRegistry.open(broker.bootstrapServers(), TOPIC, config)) {
            for (int seed = 1; seed <= VERSIONS; seed++) {
                publisher.publish("subject-" + seed % 4, TestDictionaries.trained(seed), 3, Map.of());
            }
            publisher.activate(1);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private KafkaDictionaryRegistry reader(Path cacheDir) {
        Map<String, Object> config = new HashMap<>();
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, cacheDir.toString());
        config.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "20000");
        return KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), TOPIC, config);
    }

    @Test
    void aNewClientRetainsNoDictionaryBytesAfterStartUpNorAfterUsingEveryVersion() throws Exception {
        try (KafkaDictionaryRegistry registry = reader(temp.resolve("copy"))) {
            assertEquals(VERSIONS, registry.list().size());
            assertEquals(0, RetainedByteArrays.bytesOfArraysAtLeast(registry, 1024), "dictionary bytes on the heap");
            for (int version = 1; version <= VERSIONS; version++) {
                assertTrue(Files.isRegularFile(registry.cacheDir().resolve(RegistryFolder.fileName(version))));
            }
            try (ZdictCodec codec = ZdictCodec.builder(registry).build()) {
                for (int version = 1; version <= VERSIONS; version++) {
                    assertArrayEquals(
                            TestDictionaries.trained(version),
                            registry.get(version).content());
                    byte[] payload = codec.compress(version, "{\"id\":1}".getBytes());
                    assertArrayEquals("{\"id\":1}".getBytes(), codec.decompress(payload));
                }
            }
            assertEquals(0, RetainedByteArrays.bytesOfArraysAtLeast(registry, 1024), "dictionary bytes on the heap");
            assertEquals(0, registry.versionsOnHeap());
        }
    }

    @Test
    void aFileDeletedOrChangedUnderARunningClientIsReadAgainFromTheTopic() throws Exception {
        try (KafkaDictionaryRegistry registry = reader(temp.resolve("copy"))) {
            Path file = registry.cacheDir().resolve(RegistryFolder.fileName(2));
            assertArrayEquals(TestDictionaries.trained(2), registry.get(2).content());
            Files.delete(file);
            assertArrayEquals(TestDictionaries.trained(2), registry.get(2).content());
            assertArrayEquals(TestDictionaries.trained(2), Files.readAllBytes(file), "stored again");
            byte[] tampered = TestDictionaries.trained(2).clone();
            tampered[tampered.length / 2] ^= 1;
            Files.write(file, tampered);
            assertArrayEquals(TestDictionaries.trained(2), registry.get(2).content());
            assertArrayEquals(TestDictionaries.trained(2), Files.readAllBytes(file), "stored again");
        }
    }

    @Test
    void aLocalCopyThatCannotBeWrittenKeepsTheBytesOnTheHeapAndStillDecodes() throws Exception {
        Path notAFolder = Files.writeString(temp.resolve("file"), "not a folder");
        try (KafkaDictionaryRegistry registry = reader(notAFolder.resolve("copy"));
                ZdictCodec codec = ZdictCodec.builder(registry).build()) {
            assertEquals(VERSIONS, registry.versionsOnHeap());
            long expected = 0;
            for (int version = 1; version <= VERSIONS; version++) {
                expected += TestDictionaries.trained(version).length;
            }
            assertEquals(
                    expected,
                    RetainedByteArrays.bytesOfArraysAtLeast(registry, 1024),
                    "the count sees the bytes a registry does hold");
            for (int version = 1; version <= VERSIONS; version++) {
                assertArrayEquals(
                        TestDictionaries.trained(version), registry.get(version).content());
                byte[] payload = codec.compress(version, "{\"id\":2}".getBytes());
                assertArrayEquals("{\"id\":2}".getBytes(), codec.decompress(payload));
            }
        }
    }
}
