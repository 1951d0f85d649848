package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

/**
 * docs/REGISTRY.md is the registry topic's protocol for implementations in other languages: its example
 * records must be what the Java writer writes and what the Java reader reads, and its table of what the
 * reader does with records no zdict writer writes must be what it does.
 */
class RegistryDocExamplesTest {
    private static final Path DOC = Path.of("..", "docs", "REGISTRY.md");
    /** {@code <!-- example: KIND[, key KEY, offset N[, time MILLIS]] -->} followed by a json block. */
    private static final Pattern EXAMPLE = Pattern.compile(
            "<!-- example: ([a-z-]+)(?:, key (\\S+?), offset (\\d+)(?:, time (\\d+))?)? -->\\n```json\\n(.*?)\\n```",
            Pattern.DOTALL);
    /** The block of reader cases: one {@code KIND INPUT => OUTPUT} per line. */
    private static final Pattern CASES =
            Pattern.compile("<!-- reader-cases -->\\n```text\\n(.*?)\\n```", Pattern.DOTALL);

    private static final JsonFactory JSON = new JsonFactory();

    /** The broker time of the example records that name none: when the state record at offset 6 retires version 1. */
    private static final long RETIREMENT = 1_796_720_400_000L;

    private record Example(String kind, String key, long offset, long time, String json) {}

    @Test
    void everyExampleIsWhatTheWriterWritesForWhatTheReaderReads() {
        List<Example> examples = examples();
        assertTrue(examples.size() >= 6, "docs/REGISTRY.md has too few examples: " + examples.size());
        for (Example example : examples) {
            assertEquals(
                    compact(example.json()),
                    readAndWriteBack(example.kind(), example.json()),
                    example.kind() + " example " + example.key()
                            + " in docs/REGISTRY.md is not what RegistryRecords writes");
        }
    }

    @Test
    void theExampleTopicGivesTheTablesTheDocumentStates() {
        RefusedRecords refused = new RefusedRecords("docs/REGISTRY.md");
        RegistryLog log = new RegistryLog(refused, 7 * 86_400_000L, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
        List<Example> topic = examples().stream()
                .filter(e -> e.offset() >= 0)
                .sorted(Comparator.comparingLong(Example::offset))
                .toList();
        assertEquals(9, topic.size(), "the example topic of docs/REGISTRY.md sections 4.2 and 5.6");
        for (int i = 0; i < topic.size(); i++) {
            Example record = topic.get(i);
            assertEquals(i, record.offset(), "the example topic in docs/REGISTRY.md has a gap before offset " + i);
            log.apply(i, record.time(), record.key(), compact(record.json()).getBytes(StandardCharsets.UTF_8));
            if (record.key().equals(RegistryKeys.STATE)) {
                assertEquals(i, log.stateRecordOffset(), "the state record at offset " + i + " is accepted");
            }
            if (i == 6) { // section 4.2
                assertEquals(4, log.table().nextVersion());
                assertEquals(
                        DictionaryInfo.Status.RETIRED,
                        log.table().require(1, "doc").status());
                assertEquals(
                        Map.of("default", 3, "orders-value", 2), log.table().actives());
                assertEquals(RETIREMENT, log.retiredSince(1));
            }
            if (i == 7) { // section 5.6: too early
                assertEquals(1, refused.count(RecordRefusal.EARLY_REMOVAL));
                assertEquals(
                        DictionaryInfo.Status.RETIRED,
                        log.table().require(1, "doc").status());
                assertEquals(Set.of(1), log.stateRecord().retired());
                assertEquals(Map.of(1, RETIREMENT), log.stateRecord().retiredAt());
                assertTrue(log.stateRecord().everActive().contains(1));
            }
        }
        for (RecordRefusal reason : RecordRefusal.values()) {
            long expected = reason == RecordRefusal.EARLY_REMOVAL ? 1 : 0;
            assertEquals(expected, refused.count(reason), "records of the example topic refused as " + reason.tag());
        }
        VersionTable table = log.table();
        assertEquals(4, table.nextVersion());
        assertFalse(table.versions().containsKey(1), "version 1 is removed at offset 8");
        assertEquals(Map.of("default", 3, "orders-value", 2), table.actives());
    }

    @Test
    void theReaderTreatsEachCaseAsTheDocumentSays() {
        Matcher block = CASES.matcher(doc());
        assertTrue(block.find(), "docs/REGISTRY.md has no <!-- reader-cases --> block");
        int cases = 0;
        for (String line : block.group(1).split("\n")) {
            String[] kindAndRest = line.split(" ", 2);
            String[] inputAndOutput = kindAndRest[1].split(" => ", 2);
            String kind = kindAndRest[0];
            String input = inputAndOutput[0];
            String expected = inputAndOutput[1];
            if (expected.equals("unreadable")) {
                assertThrows(RegistryException.class, () -> readAndWriteBack(kind, input), line);
            } else {
                assertEquals(expected, readAndWriteBack(kind, input), line);
            }
            cases++;
        }
        assertTrue(cases >= 10, "too few reader cases: " + cases);
    }

    @Test
    void theKeyRulesAreTheReaders() {
        Map<String, Integer> keys = Map.of(
                "dict/7/x", 7,
                "dict/+7/x", 7,
                "dict/007/x", 7,
                "dict/7/", 7,
                "dict/7", -1,
                "dict//x", -1,
                "dict/0/x", -1,
                "dict/ 7/x", -1,
                "Dict/7/x", -1);
        String doc = doc();
        keys.forEach((key, version) -> {
            assertEquals(version, RegistryKeys.versionOf(key), key);
            assertTrue(doc.contains("`" + key + "`"), "docs/REGISTRY.md section 3 no longer names " + key);
        });
        assertEquals(-1, RegistryKeys.versionOf("dict/7/" + "w".repeat(194)), "a key of 201 characters");
        assertEquals(7, RegistryKeys.versionOf("dict/7/" + "w".repeat(193)), "a key of 200 characters");
        assertEquals("state", RegistryKeys.STATE);
        assertEquals(8 << 20, RegistryRecords.MAX_VALUE_BYTES);
        assertTrue(doc.contains("8,388,608 bytes"), "docs/REGISTRY.md states the largest value");
    }

    @Test
    void everyRefusalReasonIsSpecified() {
        String doc = doc();
        for (RecordRefusal reason : RecordRefusal.values()) {
            assertTrue(doc.contains("— `" + reason.tag() + "`"), "docs/REGISTRY.md section 5 lacks " + reason.tag());
        }
    }

    private static String readAndWriteBack(String kind, String json) {
        byte[] value = json.getBytes(StandardCharsets.UTF_8);
        byte[] written = kind.startsWith("dictionary")
                ? RegistryRecords.write(RegistryRecords.readDictionaryRecord(value))
                : RegistryRecords.write(RegistryRecords.readStateRecord(value));
        return new String(written, StandardCharsets.UTF_8);
    }

    private static List<Example> examples() {
        List<Example> examples = new ArrayList<>();
        Matcher m = EXAMPLE.matcher(doc());
        while (m.find()) {
            examples.add(new Example(
                    m.group(1),
                    m.group(2),
                    m.group(3) == null ? -1 : Long.parseLong(m.group(3)),
                    m.group(4) == null ? RETIREMENT : Long.parseLong(m.group(4)),
                    m.group(5)));
        }
        return examples;
    }

    /** The JSON text without white space between tokens, as the Java writer writes it. */
    private static String compact(String json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonParser parser = JSON.createParser(json);
                JsonGenerator generator = JSON.createGenerator(out)) {
            parser.nextToken();
            generator.copyCurrentStructure(parser);
        } catch (IOException e) {
            throw new UncheckedIOException("Not JSON in docs/REGISTRY.md: " + json, e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String doc() {
        try {
            return Files.readString(DOC);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
