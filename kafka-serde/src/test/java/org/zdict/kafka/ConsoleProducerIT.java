package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.tools.ConsoleProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * Kafka's own console producer ({@code kafka-console-producer.sh}) run in this JVM against a real broker:
 * it ignores {@code value.serializer} and writes each line as plain bytes, and with {@code --line-reader
 * org.zdict.kafka.ZdictLineReader} it writes zdict records. What docs/KAFKA.md says about it.
 */
@Timeout(180)
class ConsoleProducerIT {
    private static Broker broker;

    @TempDir
    static Path temp;

    private static Path registry;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start();
        registry = temp.resolve("registry");
        try (DictionaryRegistry folder = DictionaryRegistries.openFolder(registry)) {
            folder.activate(
                    folder.publish(TestDictionaries.trained(1), 3, Map.of()).version());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        broker.close();
    }

    private static List<String> lines(int count, long seed) {
        List<String> lines = SampleEvents.synthetic(count, seed).stream()
                .map(b -> new String(b, StandardCharsets.UTF_8))
                .toList();
        lines.forEach(line -> assertFalse(line.contains("\n"), line));
        return lines;
    }

    private record Run(int exitCode, String stderr) {}

    private static final class Exited extends RuntimeException {
        final int code;

        Exited(int code) {
            super("exit " + code);
            this.code = code;
        }
    }

    /**
     * Runs {@code ConsoleProducer.main} with {@code stdin} as standard input. Its {@code Exit.exit} ends the
     * run here instead of the JVM, and its shutdown hook (closing the producer, which sends what it still
     * holds) runs then, as it would when the JVM exits.
     */
    private static Run consoleProducer(String stdin, String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap-server", broker.bootstrapServers()));
        all.addAll(List.of(args));
        List<Runnable> shutdownHooks = new ArrayList<>();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        InputStream originalIn = System.in;
        PrintStream originalErr = System.err;
        Exit.setExitProcedure((code, message) -> {
            throw new Exited(code);
        });
        Exit.setShutdownHookAdder((name, hook) -> shutdownHooks.add(hook));
        int exitCode = -1;
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            ConsoleProducer.main(all.toArray(String[]::new));
        } catch (Exited e) {
            exitCode = e.code;
        } finally {
            shutdownHooks.forEach(Runnable::run);
            System.setIn(originalIn);
            System.setErr(originalErr);
            Exit.resetExitProcedure();
            Exit.resetShutdownHookAdder();
        }
        return new Run(exitCode, stderr.toString(StandardCharsets.UTF_8));
    }

    private static <V> List<ConsumerRecord<String, V>> consume(String topic, int count, Map<String, Object> settings) {
        Map<String, Object> props = new HashMap<>(settings);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "g-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        List<ConsumerRecord<String, V>> records = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (records.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        assertEquals(count, records.size(), "records on " + topic);
        return records;
    }

    private static List<ConsumerRecord<String, byte[]>> consumeRaw(String topic, int count) {
        return consume(
                topic, count, Map.of(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class));
    }

    private static List<ConsumerRecord<String, String>> consumeZdict(String topic, int count) {
        return consume(
                topic,
                count,
                Map.of(
                        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                        ZdictDeserializer.class,
                        ZdictSerdeConfig.REGISTRY_CONFIG,
                        registry.toString(),
                        ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG,
                        StringDeserializer.class));
    }

    @Test
    void theLineReaderWritesZdictRecordsThatTheDeserializerReads() {
        List<String> lines = lines(20, 11);
        Run run = consoleProducer(
                String.join("\n", lines) + "\n",
                "--topic",
                "console-zdict",
                "--line-reader",
                "org.zdict.kafka.ZdictLineReader",
                "--reader-property",
                "zdict.registry=" + registry,
                "--reader-property",
                "zdict.level=5");
        assertEquals(0, run.exitCode(), run.stderr());

        List<ConsumerRecord<String, byte[]>> raw = consumeRaw("console-zdict", lines.size());
        for (int i = 0; i < lines.size(); i++) {
            byte[] value = raw.get(i).value();
            assertEquals(0xD1, value[0] & 0xFF, "a zdict payload of version 1, not plain JSON");
            assertTrue(value.length < lines.get(i).length(), "compressed: " + value.length + " bytes");
        }
        List<ConsumerRecord<String, String>> decoded = consumeZdict("console-zdict", lines.size());
        assertEquals(lines, decoded.stream().map(ConsumerRecord::value).toList());
        decoded.forEach(record -> assertNull(record.key()));
    }

    @Test
    void theLineReaderSplitsKeysLikeKafkasOwnReader() {
        List<String> lines = lines(5, 12);
        StringBuilder stdin = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            stdin.append("user-").append(i).append('\t').append(lines.get(i)).append('\n');
        }
        Run run = consoleProducer(
                stdin.toString(),
                "--topic",
                "console-keys",
                "--line-reader",
                "org.zdict.kafka.ZdictLineReader",
                "--reader-property",
                "zdict.registry=" + registry,
                "--reader-property",
                "parse.key=true");
        assertEquals(0, run.exitCode(), run.stderr());

        List<ConsumerRecord<String, String>> decoded = consumeZdict("console-keys", lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals("user-" + i, decoded.get(i).key());
            assertEquals(lines.get(i), decoded.get(i).value());
        }
    }

    @Test
    void thePlainConsoleProducerIgnoresValueSerializerAndWritesPlainBytes() {
        List<String> lines = lines(5, 13);
        Run run = consoleProducer(
                String.join("\n", lines) + "\n",
                "--topic",
                "console-plain",
                "--command-property",
                "value.serializer=org.zdict.kafka.ZdictSerializer",
                "--command-property",
                "zdict.registry=" + registry);
        assertEquals(0, run.exitCode(), run.stderr());

        List<ConsumerRecord<String, byte[]>> raw = consumeRaw("console-plain", lines.size());
        for (int i = 0; i < lines.size(); i++) {
            // not compressed, not even framed: the line's own bytes
            assertArrayEquals(
                    lines.get(i).getBytes(StandardCharsets.UTF_8), raw.get(i).value());
        }
    }

    @Test
    void aWrongRegistryStopsTheConsoleProducerWithOneLine() {
        Path typo = temp.resolve("typo");
        Run run = consoleProducer(
                lines(1, 14).get(0) + "\n",
                "--topic",
                "console-refused",
                "--line-reader",
                "org.zdict.kafka.ZdictLineReader",
                "--reader-property",
                "zdict.registry=" + typo);
        assertEquals(1, run.exitCode(), run.stderr());
        List<String> printed = run.stderr().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, printed.size(), run.stderr());
        assertTrue(printed.get(0).startsWith("ZdictLineReader: "), printed.get(0));
        assertTrue(printed.get(0).contains("No registry at " + typo), printed.get(0));
    }
}
