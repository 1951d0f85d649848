package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

class ZdictSerdeConfigTest {

    @Test
    void hasDocumentedDefaults() {
        ZdictSerdeConfig config = new ZdictSerdeConfig(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, "/tmp/reg"));
        assertEquals(ByteArraySerializer.class, config.innerSerializer());
        assertEquals(OptionalInt.empty(), config.level());
        assertEquals(OptionalInt.empty(), config.pinnedVersion());
        assertEquals(ZdictSerdeConfig.MIN_PAYLOAD_BYTES_DEFAULT, config.minPayloadBytes());
        assertEquals(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_DEFAULT, config.unknownVersionWaitMs());
        assertFalse(config.acceptUnframed());
        assertEquals("/tmp/reg", config.registry());
        assertEquals(64 << 20, config.maxDecompressedBytes());
    }

    @Test
    void parsesStringsAsKafkaPropertiesArrive() {
        ZdictSerdeConfig config = new ZdictSerdeConfig(Map.of(
                "zdict.registry", "kafka://localhost:9092/_zdict",
                "zdict.level", "7",
                "zdict.pinned.version", "4",
                "zdict.accept.unframed", "true",
                "zdict.inner.deserializer", StringDeserializer.class.getName(),
                "zdict.registry.client.security.protocol", "SSL"));
        assertEquals(OptionalInt.of(7), config.level());
        assertEquals(OptionalInt.of(4), config.pinnedVersion());
        assertTrue(config.acceptUnframed());
        assertEquals(StringDeserializer.class, config.innerDeserializer());
        assertEquals("kafka://localhost:9092/_zdict", config.registry());
        assertEquals("SSL", config.registrySettings().get("zdict.registry.client.security.protocol"));
    }

    @Test
    void keySettingsOverrideForKeysOnly() {
        Map<String, String> props = Map.of("zdict.registry", "/a", "zdict.key.registry", "/b");
        assertEquals("/b", new ZdictSerdeConfig(props, true).registry());
        assertEquals("/a", new ZdictSerdeConfig(props, false).registry());
    }

    @Test
    void rejectsBadValuesNamingTheSetting() {
        assertMessage(Map.of(), "zdict.registry");
        assertMessage(Map.of("zdict.registry", "/a", "zdict.level", "0"), "zdict.level");
        assertMessage(Map.of("zdict.registry", "/a", "zdict.level", "23"), "zdict.level");
        assertMessage(Map.of("zdict.registry", "/a", "zdict.min.payload.bytes", "-1"), "zdict.min.payload.bytes");
        assertMessage(Map.of("zdict.registry", "/a", "zdict.pinned.version", "0"), "zdict.pinned.version");
        assertMessage(Map.of("zdict.registry", "/a", "zdict.accept.unframed", "maybe"), "zdict.accept.unframed");
        assertMessage(
                Map.of("zdict.registry", "/a", "zdict.inner.serializer", "no.such.Serializer"),
                "zdict.inner.serializer");
        assertMessage(Map.of("zdict.registry", "kafka://host:9092"), "zdict.registry", "kafka://HOST:PORT");
        assertMessage(Map.of("zdict.registry", "kafka://host:9092/a/b"), "zdict.registry", "kafka://HOST:PORT");
        assertMessage(
                Map.of("zdict.registry", "kafka://host:9092/t?novalue"), "zdict.registry", "setting 1 of the query");
        assertMessage(Map.of("zdict.registry", "s3://bucket/reg"), "zdict.registry", "unknown scheme 's3://'");
    }

    @Test
    void readingSettingsLoadsNoNativeCode() throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        try (URLClassLoader isolated =
                new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            Class<?> configClass = isolated.loadClass(ZdictSerdeConfig.class.getName());
            Object config = configClass
                    .getConstructor(Map.class)
                    .newInstance(Map.of("zdict.registry", "/nowhere", "zdict.level", "9"));
            assertEquals(OptionalInt.of(9), configClass.getMethod("level").invoke(config));
            Class<?> nativeLoader = isolated.loadClass("com.github.luben.zstd.util.Native");
            assertFalse((Boolean) nativeLoader.getMethod("isLoaded").invoke(null));
        }
    }

    @Test
    void passesTheRegistrySettingsOnWithKeyOverrides() {
        Map<String, String> props = Map.of(
                "zdict.registry", "kafka://localhost:9092/_zdict",
                "zdict.registry.init.timeout.ms", "5000",
                "zdict.key.registry.cache.dir", "/tmp/keys",
                "zdict.level", "7");
        assertEquals(Map.of("zdict.registry.init.timeout.ms", "5000"), new ZdictSerdeConfig(props).registrySettings());
        assertEquals(
                Map.of("zdict.registry.init.timeout.ms", "5000", "zdict.registry.cache.dir", "/tmp/keys"),
                new ZdictSerdeConfig(props, true).registrySettings());
    }

    @Test
    void docsCarryTheGeneratedConfigurationTable() throws Exception {
        Path doc = Path.of("..", "docs", "KAFKA.md");
        String table = ZdictSerdeConfig.markdownTable();
        assertTrue(table.contains("`zdict.unknown.version.wait.ms`"));
        if (Files.exists(doc)) {
            assertTrue(
                    Files.readString(doc).contains(table),
                    "docs/KAFKA.md is out of date; paste ZdictSerdeConfig.markdownTable() into it:\n" + table);
        }
    }

    private static void assertMessage(Map<String, String> props, String... parts) {
        ConfigException e = assertThrows(ConfigException.class, () -> new ZdictSerdeConfig(props));
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), e.getMessage());
        }
    }
}
