package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

class ZdictLineReaderTest {
    @TempDir
    Path temp;

    private final List<ZdictLineReader> readers = new ArrayList<>();

    @BeforeEach
    void publishAndActivateVersionOne() {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp.resolve("reg"))) {
            registry.activate(
                    registry.publish(TestDictionaries.trained(1), 3, Map.of()).version());
        }
    }

    @AfterEach
    void closeReaders() {
        readers.forEach(ZdictLineReader::close);
    }

    private String location() {
        return temp.resolve("reg").toString();
    }

    /** The reader properties the console producer passes: the topic, then the --reader-property ones. */
    private Map<String, String> props(String... keyValues) {
        Map<String, String> props = new HashMap<>();
        props.put("topic", "events");
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location());
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put(keyValues[i], keyValues[i + 1]);
        }
        return props;
    }

    private ZdictLineReader reader(Map<String, String> props) {
        ZdictLineReader reader = new ZdictLineReader();
        readers.add(reader);
        reader.configure(props);
        return reader;
    }

    private static List<ProducerRecord<byte[], byte[]>> read(ZdictLineReader reader, String input) {
        List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
        reader.readRecords(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)))
                .forEachRemaining(records::add);
        return records;
    }

    private byte[] serialized(String value, String... settings) {
        try (ZdictSerializer<String> serializer = new ZdictSerializer<>(new StringSerializer())) {
            serializer.configure(props(settings), false);
            return serializer.serialize("events", value);
        }
    }

    private static void assertOneLine(KafkaException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), e.getMessage());
        }
        // the console producer prints it with printStackTrace(): one line, no frames
        assertEquals(e.getMessage(), e.toString());
        assertEquals(0, e.getStackTrace().length);
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void writesEachLineAsTheSerializerWithAStringInnerWould() {
        List<String> lines = SampleEvents.synthetic(5, 7).stream()
                .map(b -> new String(b, StandardCharsets.UTF_8))
                .toList();
        List<ProducerRecord<byte[], byte[]>> records =
                read(reader(props("zdict.level", "5")), String.join("\n", lines) + "\n");
        assertEquals(lines.size(), records.size());
        for (int i = 0; i < lines.size(); i++) {
            ProducerRecord<byte[], byte[]> record = records.get(i);
            assertEquals("events", record.topic());
            assertNull(record.key());
            assertArrayEquals(serialized(lines.get(i), "zdict.level", "5"), record.value());
            assertEquals(0xD1, record.value()[0] & 0xFF, "compressed with version 1");
        }
    }

    @Test
    void splitsAKeyAtTheSeparatorWhenAsked() {
        String value = new String(SampleEvents.synthetic(1, 9).get(0), StandardCharsets.UTF_8);
        List<ProducerRecord<byte[], byte[]>> tab = read(reader(props("parse.key", "true")), "user-1\t" + value);
        assertArrayEquals("user-1".getBytes(StandardCharsets.UTF_8), tab.get(0).key());
        assertArrayEquals(serialized(value), tab.get(0).value());

        List<ProducerRecord<byte[], byte[]>> custom =
                read(reader(props("parse.key", "true", "key.separator", " => ")), "ключ => " + value);
        assertArrayEquals("ключ".getBytes(StandardCharsets.UTF_8), custom.get(0).key());
        assertArrayEquals(serialized(value), custom.get(0).value());
    }

    @Test
    void aLineWithoutTheSeparatorStopsOrHasNoKeyWithIgnoreError() {
        Iterator<ProducerRecord<byte[], byte[]>> records = reader(props("parse.key", "true"))
                .readRecords(new ByteArrayInputStream("k\tv\nno separator here\n".getBytes(StandardCharsets.UTF_8)));
        assertArrayEquals("k".getBytes(StandardCharsets.UTF_8), records.next().key());
        KafkaException e = assertThrows(KafkaException.class, records::hasNext);
        assertOneLine(e, "line 2", "'no separator here'", "ignore.error=true");

        List<ProducerRecord<byte[], byte[]>> lenient =
                read(reader(props("parse.key", "true", "ignore.error", "true")), "no separator here");
        assertNull(lenient.get(0).key());
        assertArrayEquals(serialized("no separator here"), lenient.get(0).value());
    }

    @Test
    void refusesAMissingOrWrongRegistryInOneLine() {
        Map<String, String> missing = props();
        missing.remove(ZdictSerdeConfig.REGISTRY_CONFIG);
        assertOneLine(assertThrows(KafkaException.class, () -> reader(missing)), "zdict.registry", "--reader-property");
        String typo = temp.resolve("typo").toString();
        assertOneLine(
                assertThrows(KafkaException.class, () -> reader(props(ZdictSerdeConfig.REGISTRY_CONFIG, typo))),
                "No registry at " + typo);
        assertEquals(0, SharedRegistries.users(typo));
    }

    @Test
    void refusesSettingsItWouldOtherwiseIgnore() {
        assertOneLine(
                assertThrows(
                        KafkaException.class,
                        () -> reader(props(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG, "com.example.Json"))),
                "zdict.inner.serializer",
                "UTF-8 text");
        assertOneLine(
                assertThrows(KafkaException.class, () -> reader(props("parse.headers", "true"))), "parse.headers");
        assertOneLine(assertThrows(KafkaException.class, () -> reader(props("null.marker", "NULL"))), "null.marker");
        assertOneLine(assertThrows(KafkaException.class, () -> reader(props("parse.key", "yes"))), "parse.key", "yes");
        assertOneLine(assertThrows(KafkaException.class, () -> reader(props("zdict.level", "0"))), "zdict.level");
        assertEquals(0, SharedRegistries.users(location()), "a refused configure holds no registry");
    }

    @Test
    void aLineThatCannotBeCompressedSaysWhichLine() throws Exception {
        Path corrupt = temp.resolve("corrupt");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(corrupt)) {
            registry.activate(
                    registry.publish(TestDictionaries.trained(1), 3, Map.of()).version());
        }
        try (var files = Files.list(corrupt)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".dict")).toList()) {
                Files.write(f, new byte[] {1, 2, 3}); // truncated
            }
        }
        Iterator<ProducerRecord<byte[], byte[]>> records = reader(
                        props(ZdictSerdeConfig.REGISTRY_CONFIG, corrupt.toString()))
                .readRecords(
                        new ByteArrayInputStream(SampleEvents.synthetic(1, 3).get(0)));
        assertOneLine(
                assertThrows(KafkaException.class, records::hasNext),
                "line 1 was not written",
                "v000001.dict is 3 bytes");
    }

    @Test
    void closeLetsGoOfTheRegistryAndCanBeRepeated() {
        ZdictLineReader reader = reader(props());
        assertEquals(1, SharedRegistries.users(location()));
        reader.close();
        assertEquals(0, SharedRegistries.users(location()));
        reader.close();
    }
}
