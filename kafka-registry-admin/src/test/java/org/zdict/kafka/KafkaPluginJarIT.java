package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.BindingProbe;
import org.zdict.testing.ChildProcess;
import org.zdict.testing.SampleEvents;

/**
 * A smoke test of {@code zdict-kafka-serde-VERSION-kafka-plugin.jar} used as docs/KAFKA.md tells users
 * to: on the class path of Kafka's own console consumer, in a JVM of its own whose other jars are
 * Kafka's. zdict's classes, zstd-jni and jackson-core come from the plugin jar alone, so the test fails
 * if the jar misses any of them. Values use a kafka:// registry and keys a folder registry: both
 * providers must be in the plugin's merged {@code META-INF/services} file.
 */
@Timeout(5 * 60)
class KafkaPluginJarIT {
    private static final String REGISTRY_TOPIC = "_zdict_registry";
    private static final String TOPIC = "plugin-events";
    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static Broker broker;
    private static Path folderRegistry;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBrokerAndActivateVersionOne() throws Exception {
        broker = Broker.start();
        broker.createTopic(
                REGISTRY_TOPIC, 1, Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
        try (KafkaDictionaryRegistry registry = KafkaDictionaryRegistry.open(
                broker.bootstrapServers(),
                REGISTRY_TOPIC,
                Map.of(
                        KafkaRegistryConfig.CACHE_DIR_CONFIG,
                        temp.resolve("admin-cache").toString()))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of("purpose", "plugin-it"));
            registry.activate(1);
        }
        folderRegistry = temp.resolve("folder-registry");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(folderRegistry)) {
            // The keys' version is published for LZ4, so the console consumer reads both kinds.
            registry.publish(TestDictionaries.trained(2), 3, DictionaryInfo.Codec.LZ4.metadata());
            registry.activate(1);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String registryLocation() {
        return "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC;
    }

    @Test
    void kafkasConsoleConsumerPrintsTheOriginalValuesWithThePluginJar() throws Exception {
        List<String> keys = strings(SampleEvents.synthetic(5, 73));
        List<String> values = strings(SampleEvents.synthetic(5, 72));
        writeCompressed(keys, values);

        List<String> command = new ArrayList<>(List.of(
                ChildProcess.java(),
                "-Xmx256m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                kafkaClassPathWith(pluginJar()),
                "org.apache.kafka.tools.consumer.ConsoleConsumer",
                "--bootstrap-server",
                broker.bootstrapServers(),
                "--topic",
                TOPIC,
                "--from-beginning",
                "--max-messages",
                String.valueOf(values.size()),
                "--timeout-ms",
                "60000",
                "--value-deserializer",
                "org.zdict.kafka.ZdictDeserializer",
                "--formatter-property",
                "value.deserializer.zdict.registry=" + registryLocation(),
                "--formatter-property",
                "value.deserializer.zdict.inner.deserializer=org.apache.kafka.common.serialization.StringDeserializer",
                "--formatter-property",
                "value.deserializer.zdict.registry.cache.dir=" + temp.resolve("console-cache"),
                "--key-deserializer",
                "org.zdict.kafka.ZdictDeserializer",
                "--formatter-property",
                "key.deserializer.zdict.registry=" + folderRegistry,
                "--formatter-property",
                "key.deserializer.zdict.inner.deserializer=org.apache.kafka.common.serialization.StringDeserializer",
                "--formatter-property",
                "print.key=true",
                "--formatter-property",
                "key.separator=|"));
        ChildProcess.Result result = ChildProcess.run(command, temp, Map.of(), TIMEOUT);

        assertEquals(0, result.exitCode(), result::toString);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            expected.add(keys.get(i) + "|" + values.get(i));
        }
        assertEquals(expected, result.out().lines().toList(), result::toString);
    }

    @Test
    void onJava22OrLaterThePluginJarRunsZstdJnisForeignFunctionBinding() throws Exception {
        try (JarFile jar = new JarFile(pluginJar().toFile())) {
            assertNotNull(jar.getManifest(), "the plugin jar has no manifest");
            assertEquals("true", jar.getManifest().getMainAttributes().getValue("Multi-Release"));
            assertNotNull(jar.getEntry("META-INF/versions/22/com/github/luben/zstd/ZstdBinding.class"));
        }
        ChildProcess.Result result = BindingProbe.onNewerJdk(pluginJar().toString(), temp);

        assertTrue(result.out().contains("binding: foreign-function binding (Java 22+)"), result::toString);
        assertTrue(result.out().contains("round trip: ok"), result::toString);
        assertTrue(result.out().contains("zstd-jni from: " + pluginJar().toUri().toURL()), result::toString);
    }

    private static List<String> strings(List<byte[]> events) {
        return events.stream()
                .map(event -> new String(event, StandardCharsets.UTF_8))
                .toList();
    }

    /** Compresses in this JVM and checks each key and value is a dictionary frame, so the console consumer needs zstd. */
    private static void writeCompressed(List<String> keys, List<String> values) throws Exception {
        try (ZdictSerializer<byte[]> keySerializer = new ZdictSerializer<>();
                ZdictSerializer<byte[]> valueSerializer = new ZdictSerializer<>();
                KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                        Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                broker.bootstrapServers(),
                                ProducerConfig.LINGER_MS_CONFIG,
                                0),
                        new ByteArraySerializer(),
                        new ByteArraySerializer())) {
            keySerializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, folderRegistry.toString()), true);
            valueSerializer.configure(
                    Map.of(
                            ZdictSerdeConfig.REGISTRY_CONFIG,
                            registryLocation(),
                            KafkaRegistryConfig.CACHE_DIR_CONFIG,
                            temp.resolve("producer-cache").toString()),
                    false);
            for (int i = 0; i < values.size(); i++) {
                byte[] key = keySerializer.serialize(TOPIC, keys.get(i).getBytes(StandardCharsets.UTF_8));
                byte[] value = valueSerializer.serialize(TOPIC, values.get(i).getBytes(StandardCharsets.UTF_8));
                assertEquals((byte) 0xD0, key[0], "an LZ4 block");
                assertEquals((byte) 0xD1, value[0], "a dictionary frame");
                producer.send(new ProducerRecord<>(TOPIC, key, value)).get();
            }
        }
    }

    private static Path pluginJar() {
        String path = System.getProperty("zdict.kafka.plugin.jar");
        assertNotNull(path, "zdict.kafka.plugin.jar is not set; run this test through mvn verify");
        Path jar =
                Path.of(path).toAbsolutePath().normalize(); // kafka-serde's, reached from this module as ../kafka-serde
        assertTrue(Files.isRegularFile(jar), jar + " is missing; mvn package builds it");
        return jar;
    }

    /**
     * The plugin jar, then the test's class path without what the plugin must bring: zdict's own classes
     * and jars, zstd-jni and jackson-core. (A Kafka installation ships zstd-jni and Jackson too; leaving
     * them out here makes the plugin jar the only place they can come from.)
     */
    private static String kafkaClassPathWith(Path plugin) {
        List<String> entries = new ArrayList<>(List.of(plugin.toString()));
        boolean tools = false;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String normalized = entry.replace('\\', '/');
            String name = Path.of(entry).getFileName().toString();
            if (normalized.endsWith("/target/classes")
                    || normalized.endsWith("/target/test-classes")
                    || name.startsWith("zdict-")
                    || name.startsWith("zstd-jni-")
                    || name.startsWith("jackson-core-")) {
                continue;
            }
            tools |= name.startsWith("kafka-tools-");
            entries.add(entry);
        }
        assertTrue(tools, "kafka-tools is not on the test class path: " + System.getProperty("java.class.path"));
        return String.join(File.pathSeparator, entries);
    }
}
