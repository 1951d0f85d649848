package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class KafkaRegistryConfigTest {

    @Test
    void hasDocumentedDefaults() {
        KafkaRegistryConfig config = new KafkaRegistryConfig(Map.of());
        assertEquals(30_000L, config.initTimeoutMs());
        assertEquals(7L * 24 * 60 * 60 * 1000, config.removeGraceMs());
        Path root = Path.of(
                System.getProperty("java.io.tmpdir"), "zdict-registry-cache-" + System.getProperty("user.name"));
        assertEquals(root, KafkaRegistryConfig.defaultCacheRoot());
        Path dir = config.cacheDir("a:9092,b:9092", "_zdict");
        assertEquals(root, dir.getParent());
        assertTrue(dir.getFileName().toString().matches("a_9092_b_9092__zdict_[0-9a-f]{16}"), dir.toString());
        assertEquals(Map.of(), config.clientSettings());
    }

    @Test
    void keepsALocalCopyPerClientIdentity() {
        Path alice = new KafkaRegistryConfig(Map.of(
                        "sasl.jaas.config", "ScramLoginModule required username=\"alice\" password=\"a-secret\";"))
                .cacheDir("a:9092", "_zdict");
        Path bob = new KafkaRegistryConfig(Map.of(
                        "zdict.registry.client.sasl.jaas.config",
                        "ScramLoginModule required username=\"bob\" password=\"b-secret\";"))
                .cacheDir("a:9092", "_zdict");
        Path aliceAgain = new KafkaRegistryConfig(Map.of(
                        "sasl.jaas.config", "ScramLoginModule required username=\"alice\" password=\"a-secret\";",
                        "zdict.registry.init.timeout.ms", "500"))
                .cacheDir("a:9092", "_zdict");
        assertNotEquals(alice, bob);
        assertEquals(alice, aliceAgain, "the registry's own settings are not part of the identity");
        assertFalse(alice.toString().contains("alice") || alice.toString().contains("secret"), alice.toString());
    }

    @Test
    void parsesStringsAsPropertiesArrive() {
        KafkaRegistryConfig config = new KafkaRegistryConfig(Map.of(
                "zdict.registry.init.timeout.ms", "1500",
                "zdict.registry.remove.grace.ms", "0",
                "zdict.registry.cache.dir", "/var/cache/zdict"));
        assertEquals(1500L, config.initTimeoutMs());
        assertEquals(0L, config.removeGraceMs());
        assertEquals(Path.of("/var/cache/zdict"), config.cacheDir("a:9092", "_zdict"));
    }

    @Test
    void passesEverySettingOutsideZdictToTheClients() {
        KafkaRegistryConfig config = new KafkaRegistryConfig(Map.of(
                "security.protocol", "PLAINTEXT",
                "sasl.mechanism", "PLAIN",
                "zdict.registry.client.security.protocol", "SSL",
                "zdict.registry.init.timeout.ms", "1500",
                "zdict.level", "3"));
        assertEquals(Map.of("security.protocol", "SSL", "sasl.mechanism", "PLAIN"), config.clientSettings());
    }

    @Test
    void rejectsBadValuesNamingTheSettingAndTheValue() {
        assertRejected(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "soon");
        assertRejected(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "0");
        assertRejected(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, "-1");
        assertRejected(KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG, "7d");
    }

    @Test
    void openingARegistryWithABadSettingFailsBeforeConnecting() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> KafkaDictionaryRegistry.open(
                        "127.0.0.1:1", "_zdict", Map.of(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "soon")));
        assertTrue(e.getMessage().contains(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG), e.getMessage());
        assertTrue(e.getMessage().contains("soon"), e.getMessage());
    }

    @Test
    void docsCarryTheGeneratedConfigurationTable() throws Exception {
        Path doc = Path.of("..", "docs", "KAFKA.md");
        String table = KafkaRegistryConfig.markdownTable();
        for (String setting : KafkaRegistryConfig.configDef().names()) {
            assertTrue(table.contains("`" + setting + "`"), setting);
        }
        assertTrue(table.contains("`zdict.registry.client.*`"));
        if (Files.exists(doc)) {
            assertTrue(
                    Files.readString(doc).contains(table),
                    "docs/KAFKA.md is out of date; paste KafkaRegistryConfig.markdownTable() into it:\n" + table);
        }
    }

    private static void assertRejected(String setting, String value) {
        ConfigException e = assertThrows(ConfigException.class, () -> new KafkaRegistryConfig(Map.of(setting, value)));
        assertTrue(e.getMessage().contains(setting), e.getMessage());
        assertTrue(e.getMessage().contains(value), e.getMessage());
    }
}
