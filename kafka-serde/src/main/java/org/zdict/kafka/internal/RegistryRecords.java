package org.zdict.kafka.internal;

import static org.zdict.registry.support.VersionJson.expect;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.SetsJson;
import org.zdict.registry.support.VersionJson;

/**
 * The one place of the registry topic's value format (docs/REGISTRY.md): a {@code dict/VERSION/WRITER}
 * record per published version and the {@code state} record ({@link RegistryKeys}). Immutable records. A
 * dictionary record's facts are core's {@link VersionJson}, as in a folder registry's manifest; fields a
 * previous release does not know are only written when they are not the default.
 */
public final class RegistryRecords {
    /**
     * The largest record value a reader accepts, 8 MiB: a dictionary of up to about 6 MiB, written in base64,
     * with its facts. Publishers write nothing larger, and readers skip larger
     * values unread. (The topic's {@code max.message.bytes}, 1 MiB by default, must be raised for
     * dictionaries over about 750 KiB.)
     */
    public static final int MAX_VALUE_BYTES = 8 << 20;

    private static final String ACTIVE_BY_SUBJECT = "activeBySubject";
    private static final JsonFactory JSON = new JsonFactory();

    private RegistryRecords() {}

    /** A {@code dict/VERSION/WRITER} record: one published version, its immutable facts and bytes. */
    public record DictionaryRecord(
            int version,
            String subject,
            String sha256,
            int level,
            Instant createdAt,
            Map<String, String> metadata,
            byte[] content) {
        /** The record of the version {@code info} describes, with its bytes {@code content}. */
        public static DictionaryRecord of(org.zdict.registry.DictionaryInfo info, byte[] content) {
            return new DictionaryRecord(
                    info.version(),
                    info.subject(),
                    info.sha256(),
                    info.level(),
                    info.createdAt(),
                    info.metadata(),
                    content);
        }
    }

    /**
     * The {@code state} record: the lifecycle of every version, replaced as a whole by each change
     * (by the registry admin module). Immutable: its sets and maps are unmodifiable.
     *
     * @param nextVersion the lowest number never used
     * @param active the active version of the default subject, 0 when none
     * @param activeBySubject the active version of each other subject that has one
     * @param sets the dictionary set of each subject whose active state is one (docs/FORMAT.md), its
     *     fallback that subject's active version in this record; written as {@code setsBySubject}, without
     *     the fallback (readers of the previous release skip it and write with the fallback)
     * @param retired retired versions
     * @param removed removed versions (never reused, their records are tombstoned)
     * @param everActive versions that have been active at some time (records may use them)
     * @param retiredAt when each retired version was retired, epoch milliseconds
     * @param activatedAt when each version that is or was active last became active, epoch milliseconds
     *     (readers of the previous release skip it)
     * @param basedOn the offset of the state record this one replaces, -1 for the first
     * @param sequence the number of this state record in the registry's history: the one it replaces plus
     *     one (1 for the first); unlike {@code basedOn}, it survives a copy of the topic whose offsets differ
     *     (MirrorMaker 2). -1 in records of the previous release, which lack it (readers skip it)
     */
    public record StateRecord(
            int nextVersion,
            int active,
            Map<String, Integer> activeBySubject,
            SortedSet<Integer> retired,
            SortedSet<Integer> removed,
            SortedSet<Integer> everActive,
            Map<Integer, Long> retiredAt,
            Map<Integer, Long> activatedAt,
            long basedOn,
            long sequence,
            SortedMap<String, DictionarySet> sets) {
        public static final StateRecord INITIAL = new StateRecord(
                1, 0, Map.of(), new TreeSet<>(), new TreeSet<>(), new TreeSet<>(), Map.of(), Map.of(), -1, 0);

        /** A state record without dictionary sets. */
        public StateRecord(
                int nextVersion,
                int active,
                Map<String, Integer> activeBySubject,
                SortedSet<Integer> retired,
                SortedSet<Integer> removed,
                SortedSet<Integer> everActive,
                Map<Integer, Long> retiredAt,
                Map<Integer, Long> activatedAt,
                long basedOn,
                long sequence) {
            this(
                    nextVersion,
                    active,
                    activeBySubject,
                    retired,
                    removed,
                    everActive,
                    retiredAt,
                    activatedAt,
                    basedOn,
                    sequence,
                    new TreeMap<>());
        }

        /**
         * Whether {@code next} replaces this record, the one in force: by sequence number when both have
         * one (so a copy of the topic with other offsets is followed, and a record written twice counts
         * once), else by {@code basedOn}, the offset of this record in the topic.
         */
        public boolean isReplacedBy(StateRecord next, long offsetOfThis) {
            return sequence >= 0 && next.sequence() >= 0
                    ? next.sequence() == sequence + 1
                    : next.basedOn() == offsetOfThis;
        }

        /** The sequence number of the record that replaces this one. */
        public long nextSequence() {
            return Math.max(sequence, 0) + 1;
        }

        public StateRecord {
            activeBySubject = Collections.unmodifiableSortedMap(new TreeMap<>(activeBySubject));
            retired = Collections.unmodifiableSortedSet(new TreeSet<>(retired));
            removed = Collections.unmodifiableSortedSet(new TreeSet<>(removed));
            everActive = Collections.unmodifiableSortedSet(new TreeSet<>(everActive));
            retiredAt = Map.copyOf(retiredAt);
            activatedAt = Map.copyOf(activatedAt);
            sets = Collections.unmodifiableSortedMap(new TreeMap<>(sets));
            for (Map.Entry<String, DictionarySet> e : sets.entrySet()) {
                int fallback = activeVersion(e.getKey(), active, activeBySubject);
                if (e.getValue().fallback() != fallback) {
                    throw new IllegalArgumentException("'" + SetsJson.FIELD + "' names a dictionary set for subject '"
                            + e.getKey() + "', whose active version in the record is "
                            + (fallback == 0 ? "none" : Integer.toString(fallback)) + ", not its fallback "
                            + e.getValue().fallback());
                }
            }
        }

        /** {@return this record without dictionary sets: every subject routes to its active version} */
        public StateRecord withoutSets() {
            return new StateRecord(
                    nextVersion,
                    active,
                    activeBySubject,
                    retired,
                    removed,
                    everActive,
                    retiredAt,
                    activatedAt,
                    basedOn,
                    sequence);
        }

        /** The active version {@code subject} has in a record, 0 when none. */
        private static int activeVersion(String subject, int active, Map<String, Integer> activeBySubject) {
            if (subject.equals(DictionaryInfo.DEFAULT_SUBJECT)) {
                return active;
            }
            return activeBySubject.getOrDefault(subject, 0);
        }

        /** Whether this record makes {@code version}, of {@code subject}, that subject's active version. */
        public boolean isActive(String subject, int version) {
            if (subject.equals(DictionaryInfo.DEFAULT_SUBJECT)) {
                return version == active;
            }
            Integer other = activeBySubject.get(subject);
            return other != null && other == version;
        }
    }

    public static byte[] write(DictionaryRecord p) {
        return generate(json -> VersionJson.write(
                json,
                new VersionJson.Facts(p.version(), p.subject(), p.sha256(), p.level(), p.createdAt(), p.metadata()),
                new VersionJson.Extras() {
                    @Override
                    public void last(JsonGenerator record) throws IOException {
                        record.writeFieldName("content");
                        record.writeBinary(p.content());
                    }
                }));
    }

    public static byte[] write(StateRecord s) {
        return generate(json -> {
            json.writeNumberField("nextVersion", s.nextVersion());
            json.writeNumberField("active", s.active());
            if (!s.activeBySubject().isEmpty()) {
                json.writeObjectFieldStart(ACTIVE_BY_SUBJECT);
                for (Map.Entry<String, Integer> e : s.activeBySubject().entrySet()) {
                    json.writeNumberField(e.getKey(), e.getValue());
                }
                json.writeEndObject();
            }
            SetsJson.write(json, s.sets());
            writeInts(json, "retired", s.retired());
            writeInts(json, "removed", s.removed());
            writeInts(json, "everActive", s.everActive());
            json.writeObjectFieldStart("retiredAt");
            for (Map.Entry<Integer, Long> e : new TreeMap<>(s.retiredAt()).entrySet()) {
                json.writeNumberField(Integer.toString(e.getKey()), e.getValue());
            }
            json.writeEndObject();
            if (!s.activatedAt().isEmpty()) {
                writeTimes(json, "activatedAt", s.activatedAt());
            }
            json.writeNumberField("basedOn", s.basedOn());
            if (s.sequence() >= 0) {
                json.writeNumberField("sequence", s.sequence());
            }
        });
    }

    public static DictionaryRecord readDictionaryRecord(byte[] value) {
        try (JsonParser json = JSON.createParser(value)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, json, "a dictionary record object");
            Content content = new Content(json);
            VersionJson.Facts facts = VersionJson.read(json, VersionJson.Values.LENIENT, content);
            if (facts.version() <= 0 || facts.sha256() == null || facts.createdAt() == null || content.bytes == null) {
                throw new IOException("incomplete dictionary record (needs version, sha256, createdAt, content)");
            }
            return new DictionaryRecord(
                    facts.version(),
                    facts.subject(),
                    facts.sha256(),
                    facts.level(),
                    facts.createdAt(),
                    facts.metadata(),
                    content.bytes);
        } catch (IOException | RuntimeException e) {
            throw new RegistryException("Unreadable dictionary record in the registry topic: " + e.getMessage(), e);
        }
    }

    /** A dictionary record's own field: the dictionary's bytes, in base64. */
    private static final class Content implements VersionJson.OwnFields {
        private final JsonParser json;
        private byte[] bytes;

        Content(JsonParser json) {
            this.json = json;
        }

        @Override
        public boolean read(String field, JsonToken value) throws IOException {
            if (!field.equals("content")) {
                return false;
            }
            bytes = json.getBinaryValue();
            return true;
        }
    }

    public static StateRecord readStateRecord(byte[] value) {
        try (JsonParser json = JSON.createParser(value)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, json, "a state record object");
            int nextVersion = 1;
            int active = 0;
            long basedOn = -1;
            long sequence = -1;
            Map<String, Integer> activeBySubject = new TreeMap<>();
            SortedSet<Integer> retired = new TreeSet<>();
            SortedSet<Integer> removed = new TreeSet<>();
            SortedSet<Integer> everActive = new TreeSet<>();
            Map<Integer, Long> retiredAt = new TreeMap<>();
            Map<Integer, Long> activatedAt = new TreeMap<>();
            SortedMap<String, SetsJson.StoredSet> stored = new TreeMap<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken token = json.nextToken();
                switch (field) {
                    case "nextVersion" -> nextVersion = json.getIntValue();
                    case "active" -> active = json.getIntValue();
                    case "basedOn" -> basedOn = json.getLongValue();
                    case "sequence" -> sequence = json.getLongValue();
                    case "retired" -> readInts(json, token, retired);
                    case "removed" -> readInts(json, token, removed);
                    case "everActive" -> readInts(json, token, everActive);
                    case ACTIVE_BY_SUBJECT -> {
                        expect(token, JsonToken.START_OBJECT, json, "an " + ACTIVE_BY_SUBJECT + " object");
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String subject = DictionaryRegistry.checkSubject(json.currentName());
                            expect(json.nextToken(), JsonToken.VALUE_NUMBER_INT, json, "a version for " + subject);
                            activeBySubject.put(subject, json.getIntValue());
                        }
                    }
                    case SetsJson.FIELD -> stored = SetsJson.read(json);
                    case "retiredAt" -> readTimes(json, token, "retiredAt", retiredAt);
                    case "activatedAt" -> readTimes(json, token, "activatedAt", activatedAt);
                    default -> json.skipChildren();
                }
            }
            for (String subject : stored.keySet()) {
                DictionaryRegistry.checkSubject(subject);
            }
            int defaultActive = active;
            SortedMap<String, DictionarySet> sets = SetsJson.resolve(stored, subject -> {
                int version = StateRecord.activeVersion(subject, defaultActive, activeBySubject);
                return version > 0 ? OptionalInt.of(version) : OptionalInt.empty();
            });
            return new StateRecord(
                    nextVersion,
                    active,
                    activeBySubject,
                    retired,
                    removed,
                    everActive,
                    retiredAt,
                    activatedAt,
                    basedOn,
                    sequence,
                    sets);
        } catch (IOException | RuntimeException e) {
            throw new RegistryException("Unreadable state record in the registry topic: " + e.getMessage(), e);
        }
    }

    private interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    private static byte[] generate(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            body.write(json);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeInts(JsonGenerator json, String field, SortedSet<Integer> values) throws IOException {
        json.writeArrayFieldStart(field);
        for (int v : values) {
            json.writeNumber(v);
        }
        json.writeEndArray();
    }

    private static void writeTimes(JsonGenerator json, String field, Map<Integer, Long> times) throws IOException {
        json.writeObjectFieldStart(field);
        for (Map.Entry<Integer, Long> e : new TreeMap<>(times).entrySet()) {
            json.writeNumberField(Integer.toString(e.getKey()), e.getValue());
        }
        json.writeEndObject();
    }

    private static void readTimes(JsonParser json, JsonToken token, String field, Map<Integer, Long> into)
            throws IOException {
        expect(token, JsonToken.START_OBJECT, json, "a " + field + " object");
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            int version = Integer.parseInt(json.currentName());
            json.nextToken();
            into.put(version, json.getLongValue());
        }
    }

    private static void readInts(JsonParser json, JsonToken token, SortedSet<Integer> into) throws IOException {
        expect(token, JsonToken.START_ARRAY, json, "an array of versions");
        while (json.nextToken() == JsonToken.VALUE_NUMBER_INT) {
            into.add(json.getIntValue());
        }
    }
}
