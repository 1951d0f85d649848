package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;

/**
 * The registry-topic part of the conformance folder (conformance/registry-topic/): each case is a
 * sequence of records as {@link RegistryRecords} writes them (and some no zdict writer writes), and the
 * versions and active versions a reader keeps after reading them, which {@link RegistryLog} must match.
 * Regenerate (then review the diff) with
 *
 * <pre>mvn -pl kafka-serde test -Dtest=RegistryTopicConformanceTest -Dzdict.conformance.regenerate=true</pre>
 */
class RegistryTopicConformanceTest {
    private static final JsonFactory JSON = new JsonFactory();
    private static final Path CONFORMANCE =
            Path.of("..", "conformance").toAbsolutePath().normalize();
    private static final Path DIR = CONFORMANCE.resolve("registry-topic");
    private static final Instant CREATED = Instant.parse("2026-12-01T00:00:00Z");

    private static final long DAY_MS = 24 * 3600 * 1000L;
    private static final long T0 = Instant.parse("2026-12-08T09:00:00Z").toEpochMilli();

    /** One record; {@code time} is its broker time (LogAppendTime), or -1 for the reader's clock. */
    private record Record(String key, byte[] value, long time) {
        Record(String key, byte[] value) {
            this(key, value, -1);
        }

        Record at(long brokerTime) {
            return new Record(key, value, brokerTime);
        }
    }

    @BeforeAll
    static void regenerateWhenAsked() throws IOException {
        if (Boolean.getBoolean("zdict.conformance.regenerate")) {
            regenerate();
        }
    }

    static Stream<Path> cases() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            List<Path> cases =
                    files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertTrue(cases.size() >= 5, "registry-topic holds " + cases.size() + " cases");
            return cases.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aReaderKeepsWhatTheCaseStates(Path file) throws IOException {
        Map<String, Object> parsed = read(file);
        long removeGraceMs = (Long) parsed.getOrDefault("removeGraceMs", 0L);
        assertEquals(parsed.get("expect"), expected(replay(records(parsed), removeGraceMs)));
    }

    private static RegistryLog replay(List<Record> records, long removeGraceMs) {
        RegistryLog log = new RegistryLog(new RefusedRecords("conformance"), removeGraceMs, Clock.systemUTC());
        for (int offset = 0; offset < records.size(); offset++) {
            Record r = records.get(offset);
            log.apply(offset, r.time(), r.key(), r.value());
        }
        return log;
    }

    /** What a reader keeps: each version's subject, status, SHA-256 and codec, and the active versions. */
    private static String expected(RegistryLog log) {
        StringBuilder text = new StringBuilder();
        for (DictionaryInfo info : log.table().versions().values()) {
            text.append(info.version())
                    .append(' ')
                    .append(info.subject())
                    .append(' ')
                    .append(info.status().label())
                    .append(' ')
                    .append(DictionaryInfo.Codec.of(info).label())
                    .append(' ')
                    .append(info.sha256())
                    .append('\n');
        }
        // One line per dictionary set, only when there are any: the cases without sets read as before.
        for (Map.Entry<String, DictionarySet> e : log.table().sets().entrySet()) {
            text.append("set ")
                    .append(e.getKey())
                    .append(' ')
                    .append(e.getValue().rule().text())
                    .append(" fallback ")
                    .append(e.getValue().fallback());
            e.getValue()
                    .members()
                    .forEach((kind, version) ->
                            text.append(' ').append(kind).append('=').append(version));
            text.append('\n');
        }
        return text.toString();
    }

    // ---- generation ----

    private static void regenerate() throws IOException {
        byte[] small = Files.readAllBytes(CONFORMANCE.resolve("registries/main/v000001.dict"));
        byte[] medium = Files.readAllBytes(CONFORMANCE.resolve("registries/main/v000002.dict"));
        byte[] large = Files.readAllBytes(CONFORMANCE.resolve("registries/main/v000003.dict"));
        Files.createDirectories(DIR);
        write(
                "publish-and-activate",
                "Two versions published, the second for LZ4; a state record activates 1, the"
                        + " next (sequence 2) activates 2 and retires 1.",
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()),
                        claim(2, "writer-a", "default", medium, DictionaryInfo.Codec.LZ4.metadata()),
                        state(3, 1, Map.of(), List.of(), -1, 1),
                        state(3, 2, Map.of(), List.of(1), 2, 2)));
        write(
                "first-claim-wins",
                "Two writers claim version 1 with other bytes: the first claim read wins; the"
                        + " same bytes claimed again change nothing.",
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()),
                        claim(1, "writer-b", "default", medium, Map.of()),
                        claim(1, "writer-c", "default", small, Map.of()),
                        state(2, 1, Map.of(), List.of(), -1, 1)));
        byte[] mislabelled = RegistryRecords.write(dictionaryRecord(5, "default", small, Map.of()));
        byte[] wrongHash = new String(
                        RegistryRecords.write(dictionaryRecord(3, "default", small, Map.of())), StandardCharsets.UTF_8)
                .replace(Dictionary.sha256(small), Dictionary.sha256(medium))
                .getBytes(StandardCharsets.UTF_8);
        write(
                "skipped-records",
                "Records a reader skips: an unreadable value, a SHA-256 that does not match the"
                        + " bytes, a version other than the key's, a tombstone on a dictionary key and on the state key,"
                        + " a key of another shape. Only version 1 is kept.",
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()),
                        new Record("dict/2/writer-a", "not json {".getBytes(StandardCharsets.UTF_8)),
                        new Record("dict/3/writer-a", wrongHash),
                        new Record("dict/4/writer-a", mislabelled),
                        new Record("dict/1/writer-a", null),
                        new Record("state", null),
                        new Record("something/else", "{}".getBytes(StandardCharsets.UTF_8)),
                        state(6, 1, Map.of(), List.of(), -1, 1)));
        write(
                "subjects",
                "Version 2 belongs to subject orders-value, whose active version the state record names"
                        + " in activeBySubject; version 1 is the default subject's active version.",
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()),
                        claim(2, "writer-a", "orders-value", medium, Map.of()),
                        state(3, 1, Map.of("orders-value", 2), List.of(), -1, 1)));
        write(
                "state-chain",
                "A state record that does not follow the one in force (sequence 3 after 1) is"
                        + " skipped; sequence 2 then follows.",
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()),
                        claim(2, "writer-a", "default", medium, Map.of()),
                        state(3, 1, Map.of(), List.of(), -1, 1),
                        state(3, 2, Map.of(), List.of(), 2, 3),
                        state(3, 2, Map.of(), List.of(1), 2, 2)));
        List<Record> retiredAfterUse = List.of(
                claim(1, "writer-a", "default", small, Map.of()).at(T0),
                claim(2, "writer-a", "default", medium, Map.of()).at(T0),
                state(3, 1, Map.of(), List.of(), -1, 1).at(T0),
                state(3, 2, Map.of(), List.of(1), 2, 2).at(T0 + DAY_MS),
                stateOf(3, 2, List.of(), List.of(1), List.of(2), 3, 3).at(T0 + 7 * DAY_MS));
        write(
                "removal-within-grace",
                "Version 1, once active, is retired by the record at offset 3 (broker time T0 + 1 day, T0 being"
                        + " 2026-12-08T09:00:00Z) and removed by the next at T0 + 7 days, 6 days later: within the"
                        + " 7-day remove grace, so the reader refuses the removal (early-removal) and version 1"
                        + " stays, retired. The grace runs from the broker's time (LogAppendTime) of the first record"
                        + " that showed it retired, never from the writer's retiredAt (here T0 - 7 days).",
                7 * DAY_MS,
                retiredAfterUse);
        write(
                "removal-after-grace",
                "As removal-within-grace, then the removal again at T0 + 8 days, 7 days after the retirement:"
                        + " the reader applies it, and version 1 is gone.",
                7 * DAY_MS,
                concat(
                        retiredAfterUse,
                        stateOf(3, 2, List.of(), List.of(1), List.of(2), 4, 4).at(T0 + 8 * DAY_MS)));
        write(
                "removal-never-active",
                "Version 2 was never active: its removal while available is refused (early-removal); once a"
                        + " state record retired it, the next removes it at once, with no grace. Tombstones on"
                        + " version 1's key and on the state key remove nothing.",
                7 * DAY_MS,
                List.of(
                        claim(1, "writer-a", "default", small, Map.of()).at(T0),
                        claim(2, "writer-a", "default", medium, Map.of()).at(T0),
                        state(3, 1, Map.of(), List.of(), -1, 1).at(T0),
                        stateOf(3, 1, List.of(), List.of(2), List.of(1), 2, 2).at(T0),
                        new Record("dict/1/writer-a", null, T0),
                        new Record(RegistryKeys.STATE, null, T0),
                        stateOf(3, 1, List.of(2), List.of(), List.of(1), 3, 3).at(T0),
                        stateOf(3, 1, List.of(), List.of(2), List.of(1), 6, 4).at(T0)));
        DictionarySet.Rule byType = new DictionarySet.Rule.Field("type");
        write(
                "sets",
                "Subject orders-value's active state becomes a dictionary set (rule field:type, kinds click and"
                        + " login, fallback 1, its active version). A record whose set names version 4, of the"
                        + " default subject, is skipped (unreadable); the next attempt with the same sequence"
                        + " activates version 2 alone, which ends the set. A new set falls back to 2; a record that"
                        + " retires one of its members is skipped too, so the set stays.",
                List.of(
                        claim(1, "writer-a", "orders-value", small, Map.of()),
                        claim(2, "writer-a", "orders-value", medium, Map.of()),
                        claim(3, "writer-a", "orders-value", large, Map.of()),
                        claim(4, "writer-a", "default", small, Map.of()),
                        state(5, 4, Map.of("orders-value", 1), List.of(), -1, 1),
                        stateWithSet(
                                4,
                                Map.of("orders-value", 1),
                                List.of(),
                                new DictionarySet(byType, 1, Map.of("click", 3, "login", 2)),
                                4,
                                2),
                        stateWithSet(
                                4,
                                Map.of("orders-value", 1),
                                List.of(),
                                new DictionarySet(byType, 1, Map.of("click", 3, "login", 4)),
                                5,
                                3),
                        state(5, 4, Map.of("orders-value", 2), List.of(), 5, 3),
                        stateWithSet(
                                4,
                                Map.of("orders-value", 2),
                                List.of(),
                                new DictionarySet(byType, 2, Map.of("click", 3, "view", 1)),
                                7,
                                4),
                        stateWithSet(
                                4,
                                Map.of("orders-value", 2),
                                List.of(3),
                                new DictionarySet(byType, 2, Map.of("click", 3, "view", 1)),
                                8,
                                5)));
    }

    /** A state record whose subject {@code set} is in {@code others}, with its set. */
    private static Record stateWithSet(
            int active, Map<String, Integer> others, List<Integer> retired, DictionarySet set, long basedOn, long seq) {
        TreeSet<Integer> everActive = new TreeSet<>(others.values());
        everActive.add(active);
        everActive.addAll(retired);
        Map<Integer, Long> retiredAt = new TreeMap<>();
        retired.forEach(v -> retiredAt.put(v, CREATED.toEpochMilli()));
        String subject = others.entrySet().stream()
                .filter(e -> e.getValue() == set.fallback())
                .findFirst()
                .orElseThrow()
                .getKey();
        return new Record(
                RegistryKeys.STATE,
                RegistryRecords.write(new RegistryRecords.StateRecord(
                        5,
                        active,
                        others,
                        new TreeSet<>(retired),
                        new TreeSet<>(),
                        everActive,
                        retiredAt,
                        Map.of(active, CREATED.toEpochMilli()),
                        basedOn,
                        seq,
                        new TreeMap<>(Map.of(subject, set)))));
    }

    @SafeVarargs
    private static List<Record> concat(List<Record> first, Record... more) {
        List<Record> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }

    /** A state record of the default subject with exactly these sets (retired versions retired at CREATED). */
    private static Record stateOf(
            int nextVersion,
            int active,
            List<Integer> retired,
            List<Integer> removed,
            List<Integer> everActive,
            long basedOn,
            long seq) {
        Map<Integer, Long> retiredAt = new TreeMap<>();
        retired.forEach(v -> retiredAt.put(v, CREATED.toEpochMilli()));
        return new Record(
                RegistryKeys.STATE,
                RegistryRecords.write(new RegistryRecords.StateRecord(
                        nextVersion,
                        active,
                        Map.of(),
                        new TreeSet<>(retired),
                        new TreeSet<>(removed),
                        new TreeSet<>(everActive),
                        retiredAt,
                        Map.of(active, CREATED.toEpochMilli()),
                        basedOn,
                        seq)));
    }

    private static Record claim(
            int version, String writer, String subject, byte[] content, Map<String, String> metadata) {
        return new Record(
                RegistryKeys.dictionary(version, writer),
                RegistryRecords.write(dictionaryRecord(version, subject, content, metadata)));
    }

    private static RegistryRecords.DictionaryRecord dictionaryRecord(
            int version, String subject, byte[] content, Map<String, String> metadata) {
        return new RegistryRecords.DictionaryRecord(
                version, subject, Dictionary.sha256(content), 3, CREATED, metadata, content);
    }

    private static Record state(
            int nextVersion, int active, Map<String, Integer> others, List<Integer> retired, long basedOn, long seq) {
        TreeSet<Integer> everActive = new TreeSet<>(retired);
        everActive.add(active);
        everActive.addAll(others.values());
        Map<Integer, Long> retiredAt = new TreeMap<>();
        retired.forEach(v -> retiredAt.put(v, CREATED.toEpochMilli()));
        return new Record(
                RegistryKeys.STATE,
                RegistryRecords.write(new RegistryRecords.StateRecord(
                        nextVersion,
                        active,
                        others,
                        new TreeSet<>(retired),
                        new TreeSet<>(),
                        everActive,
                        retiredAt,
                        Map.of(active, CREATED.toEpochMilli()),
                        basedOn,
                        seq)));
    }

    private static void write(String name, String note, List<Record> records) throws IOException {
        write(name, note, 0, records);
    }

    private static void write(String name, String note, long removeGraceMs, List<Record> records) throws IOException {
        try (OutputStream out = Files.newOutputStream(DIR.resolve(name + ".json"));
                JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("note", note);
            if (removeGraceMs > 0) {
                json.writeNumberField("removeGraceMs", removeGraceMs);
            }
            json.writeArrayFieldStart("records");
            for (Record r : records) {
                json.writeStartObject();
                json.writeStringField("key", r.key());
                if (r.value() == null) {
                    json.writeNullField("value");
                } else {
                    json.writeStringField("value", Base64.getEncoder().encodeToString(r.value()));
                }
                if (r.time() >= 0) {
                    json.writeNumberField("time", r.time());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeStringField("expect", expected(replay(records, removeGraceMs)));
            json.writeEndObject();
        }
    }

    // ---- reading ----

    private static Map<String, Object> read(Path file) throws IOException {
        Map<String, Object> parsed = new LinkedHashMap<>();
        List<Record> records = new ArrayList<>();
        try (JsonParser json = JSON.createParser(file.toFile())) {
            json.nextToken();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken token = json.nextToken();
                if (field.equals("records")) {
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        String key = null;
                        byte[] value = null;
                        long time = -1;
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String name = json.currentName();
                            JsonToken t = json.nextToken();
                            if (name.equals("key")) {
                                key = json.getText();
                            } else if (name.equals("value") && t != JsonToken.VALUE_NULL) {
                                value = Base64.getDecoder().decode(json.getText());
                            } else if (name.equals("time")) {
                                time = json.getLongValue();
                            }
                        }
                        records.add(new Record(key, value, time));
                    }
                } else if (token == JsonToken.VALUE_STRING) {
                    parsed.put(field, json.getText());
                } else if (token == JsonToken.VALUE_NUMBER_INT) {
                    parsed.put(field, json.getLongValue());
                } else {
                    json.skipChildren();
                }
            }
        }
        parsed.put("records", records);
        return parsed;
    }

    @SuppressWarnings("unchecked")
    private static List<Record> records(Map<String, Object> parsed) {
        return (List<Record>) parsed.get("records");
    }
}
