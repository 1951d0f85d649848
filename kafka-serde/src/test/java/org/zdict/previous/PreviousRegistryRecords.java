/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, kafka-serde/.../kafka/RegistryRecords.java),
 * renamed into org.zdict.previous and made public; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;

/**
 * The JSON values of the registry topic (layout in docs/KAFKA.md): one record per published version
 * under key {@code dict/VERSION/WRITER}, and the lifecycle state under key {@code state}.
 */
public final class PreviousRegistryRecords {
    public static final String STATE_KEY = "state";
    public static final String DICT_KEY_PREFIX = "dict/";
    private static final JsonFactory JSON = new JsonFactory();

    private PreviousRegistryRecords() {}

    /** A published version: its immutable facts and bytes. */
    public record Published(
            int version, String sha256, int level, Instant createdAt, Map<String, String> metadata, byte[] content) {}

    /**
     * The lifecycle state.
     *
     * @param nextVersion the lowest number never used
     * @param active the active version, 0 when none
     * @param retired retired versions
     * @param removed removed versions (never reused, their records are tombstoned)
     * @param everActive versions that have been active at some time (records may use them)
     * @param retiredAt when each retired version was retired, epoch milliseconds
     * @param basedOn the offset of the state record this one replaces, -1 for the first
     */
    public record State(
            int nextVersion,
            int active,
            SortedSet<Integer> retired,
            SortedSet<Integer> removed,
            SortedSet<Integer> everActive,
            Map<Integer, Long> retiredAt,
            long basedOn) {
        public static final State INITIAL =
                new State(1, 0, new TreeSet<>(), new TreeSet<>(), new TreeSet<>(), Map.of(), -1);

        public State {
            retired = new TreeSet<>(retired);
            removed = new TreeSet<>(removed);
            everActive = new TreeSet<>(everActive);
            retiredAt = Map.copyOf(retiredAt);
        }

        /** The state record for the change from {@code before} (this record's view) to {@code after}. */
        public State next(PreviousRegistryState before, PreviousRegistryState after, long basedOn, long nowMillis) {
            SortedSet<Integer> nextRemoved = new TreeSet<>(removed);
            for (int v : before.versions().keySet()) {
                if (!after.versions().containsKey(v)) {
                    nextRemoved.add(v);
                }
            }
            SortedSet<Integer> nextRetired = new TreeSet<>();
            for (PreviousDictionaryInfo info : after.versions().values()) {
                if (info.status() == PreviousDictionaryStatus.RETIRED) {
                    nextRetired.add(info.version());
                }
            }
            SortedSet<Integer> nextEverActive = new TreeSet<>(everActive);
            after.activeVersion().ifPresent(nextEverActive::add);
            nextEverActive.removeAll(nextRemoved);
            Map<Integer, Long> nextRetiredAt = new TreeMap<>(retiredAt);
            nextRetiredAt.keySet().retainAll(nextRetired);
            for (int v : nextRetired) {
                nextRetiredAt.putIfAbsent(v, nowMillis);
            }
            return new State(
                    after.nextVersion(),
                    after.activeVersion().orElse(0),
                    nextRetired,
                    nextRemoved,
                    nextEverActive,
                    nextRetiredAt,
                    basedOn);
        }
    }

    public static String dictKey(int version, String writer) {
        return DICT_KEY_PREFIX + version + "/" + writer;
    }

    /** The version named by a {@code dict/VERSION/WRITER} key, or -1 if the key has another shape. */
    public static int versionOfKey(String key) {
        if (key == null || !key.startsWith(DICT_KEY_PREFIX)) {
            return -1;
        }
        int slash = key.indexOf('/', DICT_KEY_PREFIX.length());
        if (slash < 0) {
            return -1;
        }
        try {
            int version = Integer.parseInt(key.substring(DICT_KEY_PREFIX.length(), slash));
            return version > 0 ? version : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static byte[] write(Published p) {
        return generate(json -> {
            json.writeNumberField("version", p.version());
            json.writeStringField("sha256", p.sha256());
            json.writeNumberField("level", p.level());
            json.writeStringField("createdAt", p.createdAt().toString());
            json.writeObjectFieldStart("metadata");
            for (Map.Entry<String, String> e : new TreeMap<>(p.metadata()).entrySet()) {
                json.writeStringField(e.getKey(), e.getValue());
            }
            json.writeEndObject();
            json.writeFieldName("content");
            json.writeBinary(p.content());
        });
    }

    public static byte[] write(State s) {
        return generate(json -> {
            json.writeNumberField("nextVersion", s.nextVersion());
            json.writeNumberField("active", s.active());
            writeInts(json, "retired", s.retired());
            writeInts(json, "removed", s.removed());
            writeInts(json, "everActive", s.everActive());
            json.writeObjectFieldStart("retiredAt");
            for (Map.Entry<Integer, Long> e : new TreeMap<>(s.retiredAt()).entrySet()) {
                json.writeNumberField(Integer.toString(e.getKey()), e.getValue());
            }
            json.writeEndObject();
            json.writeNumberField("basedOn", s.basedOn());
        });
    }

    public static Published readPublished(byte[] value) {
        try (JsonParser json = JSON.createParser(value)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, "a dictionary record object");
            int version = 0;
            int level = 0;
            String sha256 = null;
            Instant createdAt = null;
            byte[] content = null;
            Map<String, String> metadata = new TreeMap<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken token = json.nextToken();
                switch (field) {
                    case "version" -> version = json.getIntValue();
                    case "level" -> level = json.getIntValue();
                    case "sha256" -> sha256 = json.getText();
                    case "createdAt" -> createdAt = Instant.parse(json.getText());
                    case "content" -> content = json.getBinaryValue();
                    case "metadata" -> {
                        expect(token, JsonToken.START_OBJECT, "a metadata object");
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String key = json.currentName();
                            json.nextToken();
                            metadata.put(key, json.getText());
                        }
                    }
                    default -> json.skipChildren();
                }
            }
            if (version <= 0 || sha256 == null || createdAt == null || content == null) {
                throw new IOException("incomplete dictionary record (needs version, sha256, createdAt, content)");
            }
            return new Published(version, sha256, level, createdAt, metadata, content);
        } catch (IOException | RuntimeException e) {
            throw new RegistryException("Unreadable dictionary record in the registry topic: " + e.getMessage(), e);
        }
    }

    public static State readState(byte[] value) {
        try (JsonParser json = JSON.createParser(value)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, "a state record object");
            int nextVersion = 1;
            int active = 0;
            long basedOn = -1;
            SortedSet<Integer> retired = new TreeSet<>();
            SortedSet<Integer> removed = new TreeSet<>();
            SortedSet<Integer> everActive = new TreeSet<>();
            Map<Integer, Long> retiredAt = new TreeMap<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken token = json.nextToken();
                switch (field) {
                    case "nextVersion" -> nextVersion = json.getIntValue();
                    case "active" -> active = json.getIntValue();
                    case "basedOn" -> basedOn = json.getLongValue();
                    case "retired" -> readInts(json, token, retired);
                    case "removed" -> readInts(json, token, removed);
                    case "everActive" -> readInts(json, token, everActive);
                    case "retiredAt" -> {
                        expect(token, JsonToken.START_OBJECT, "a retiredAt object");
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            int version = Integer.parseInt(json.currentName());
                            json.nextToken();
                            retiredAt.put(version, json.getLongValue());
                        }
                    }
                    default -> json.skipChildren();
                }
            }
            return new State(nextVersion, active, retired, removed, everActive, retiredAt, basedOn);
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

    private static void readInts(JsonParser json, JsonToken token, SortedSet<Integer> into) throws IOException {
        expect(token, JsonToken.START_ARRAY, "an array of versions");
        while (json.nextToken() == JsonToken.VALUE_NUMBER_INT) {
            into.add(json.getIntValue());
        }
    }

    private static void expect(JsonToken actual, JsonToken expected, String what) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + what + ", found " + actual);
        }
    }
}
