package org.zdict.registry.support;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.zdict.registry.DictionaryInfo;

/**
 * Reads and writes a directory registry's {@code manifest.json} with jackson-core's streaming API. The
 * layout is described in docs/FORMAT.md. Subjects are written so that readers of the previous release,
 * which skip unknown fields, see every version and only the {@value DictionaryInfo#DEFAULT_SUBJECT}
 * subject's active version: a record names its {@code subject} only when it is not the default one, and
 * the active version of another subject is written {@code "available"} and named in the top-level
 * {@code activeBySubject} object. A registry with only the default subject is written exactly as before.
 */
final class ManifestJson {
    static final int MANIFEST_FORMAT = 1;
    private static final String ACTIVE_BY_SUBJECT = "activeBySubject";
    /**
     * Metadata key under which a dictionary's record keeps when it last became active (ISO-8601), where
     * the previous release reads it; publishing refuses it as a user's key.
     */
    public static final String ACTIVATED_AT = "activatedAt";
    /** Metadata key under which a dictionary's record keeps when it was retired (ISO-8601), likewise. */
    public static final String RETIRED_AT = "retiredAt";

    private static final JsonFactory JSON = new JsonFactory();

    private ManifestJson() {}

    static byte[] write(VersionTable table) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("format", MANIFEST_FORMAT);
            json.writeNumberField("nextVersion", table.nextVersion());
            Map<String, Integer> otherActives = new TreeMap<>(table.actives());
            otherActives.remove(DictionaryInfo.DEFAULT_SUBJECT);
            if (!otherActives.isEmpty()) {
                json.writeObjectFieldStart(ACTIVE_BY_SUBJECT);
                for (Map.Entry<String, Integer> e : otherActives.entrySet()) {
                    json.writeNumberField(e.getKey(), e.getValue());
                }
                json.writeEndObject();
            }
            json.writeArrayFieldStart("dictionaries");
            for (DictionaryInfo info : table.versions().values()) {
                boolean isDefault = info.subject().equals(DictionaryInfo.DEFAULT_SUBJECT);
                json.writeStartObject();
                json.writeNumberField("version", info.version());
                if (!isDefault) {
                    json.writeStringField("subject", info.subject());
                }
                json.writeStringField("file", RegistryFolder.fileName(info.version()));
                DictionaryInfo.Status status = info.status() == DictionaryInfo.Status.ACTIVE && !isDefault
                        ? DictionaryInfo.Status.AVAILABLE
                        : info.status();
                json.writeStringField("status", status.label());
                json.writeStringField("sha256", info.sha256());
                json.writeNumberField("size", info.size());
                json.writeNumberField("level", info.level());
                json.writeStringField("createdAt", info.createdAt().toString());
                json.writeObjectFieldStart("metadata");
                for (Map.Entry<String, String> e : storedMetadata(info).entrySet()) {
                    json.writeStringField(e.getKey(), e.getValue());
                }
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write('\n');
        return out.toByteArray();
    }

    /** Parses a manifest; any structural problem becomes an IOException naming what is wrong. */
    static VersionTable read(byte[] content) throws IOException {
        try (JsonParser json = JSON.createParser(content)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, json, "the manifest object");
            int format = -1;
            int nextVersion = -1;
            List<DictionaryInfo> records = new ArrayList<>();
            Map<String, Integer> activeBySubject = new TreeMap<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                switch (field) {
                    case "format" -> format = intValue(json, value, field);
                    case "nextVersion" -> nextVersion = intValue(json, value, field);
                    case ACTIVE_BY_SUBJECT -> {
                        expect(value, JsonToken.START_OBJECT, json, "'" + ACTIVE_BY_SUBJECT + "' object");
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String subject = json.currentName();
                            activeBySubject.put(subject, intValue(json, json.nextToken(), field + "." + subject));
                        }
                    }
                    case "dictionaries" -> {
                        expect(value, JsonToken.START_ARRAY, json, "'dictionaries' array");
                        while (json.nextToken() == JsonToken.START_OBJECT) {
                            records.add(readRecord(json));
                        }
                    }
                    default -> json.skipChildren();
                }
            }
            if (format != MANIFEST_FORMAT) {
                throw new IOException("unsupported manifest format " + format + ", expected " + MANIFEST_FORMAT);
            }
            if (nextVersion < 1) {
                throw new IOException("missing or invalid 'nextVersion'");
            }
            return VersionTable.of(nextVersion, withActives(records, activeBySubject));
        } catch (IllegalArgumentException | DateTimeParseException | org.zdict.RegistryException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The records with the active versions of the other subjects, named in {@code activeBySubject}, active. */
    private static List<DictionaryInfo> withActives(List<DictionaryInfo> records, Map<String, Integer> activeBySubject)
            throws IOException {
        Map<String, Integer> pending = new TreeMap<>(activeBySubject);
        List<DictionaryInfo> result = new ArrayList<>(records.size());
        for (DictionaryInfo info : records) {
            Integer active = pending.get(info.subject());
            if (active != null && active == info.version()) {
                if (info.status() != DictionaryInfo.Status.AVAILABLE) {
                    throw new IOException("'" + ACTIVE_BY_SUBJECT + "' names version " + info.version()
                            + " of subject '" + info.subject() + "', which is "
                            + info.status().label()
                            + ", not available");
                }
                pending.remove(info.subject());
                info = info.withStatus(DictionaryInfo.Status.ACTIVE);
            }
            result.add(info);
        }
        if (!pending.isEmpty()) {
            throw new IOException("'" + ACTIVE_BY_SUBJECT + "' names versions that are not in their subject: " + pending
                    + " (default's active version is the one with status active)");
        }
        return result;
    }

    private static DictionaryInfo readRecord(JsonParser json) throws IOException {
        int version = -1;
        String subject = DictionaryInfo.DEFAULT_SUBJECT;
        int size = -1;
        int level = 0;
        String sha256 = null;
        String status = null;
        Instant createdAt = null;
        Map<String, String> metadata = new TreeMap<>();
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            switch (field) {
                case "version" -> version = intValue(json, value, field);
                case "size" -> size = intValue(json, value, field);
                case "level" -> level = intValue(json, value, field);
                case "subject" -> subject = textValue(json, value, field);
                case "sha256" -> sha256 = textValue(json, value, field);
                case "status" -> status = textValue(json, value, field);
                case "createdAt" -> createdAt = Instant.parse(textValue(json, value, field));
                case "metadata" -> {
                    expect(value, JsonToken.START_OBJECT, json, "'metadata' object");
                    while (json.nextToken() == JsonToken.FIELD_NAME) {
                        String key = json.currentName();
                        metadata.put(key, textValue(json, json.nextToken(), "metadata." + key));
                    }
                }
                default -> json.skipChildren();
            }
        }
        if (version < 1 || size < 0 || sha256 == null || status == null || createdAt == null) {
            throw new IOException("incomplete dictionary record near "
                    + json.currentLocation().offsetDescription() + " (needs version, size, sha256, status, createdAt)");
        }
        DictionaryInfo.Status parsed = DictionaryInfo.Status.ofLabel(status);
        if (parsed == DictionaryInfo.Status.ACTIVE && !subject.equals(DictionaryInfo.DEFAULT_SUBJECT)) {
            throw new IOException("version " + version + " of subject '" + subject + "' has status active; the"
                    + " active version of a subject other than default is named in '" + ACTIVE_BY_SUBJECT + "'");
        }
        Instant activatedAt = takeTime(metadata, ACTIVATED_AT);
        Instant retiredAt = takeTime(metadata, RETIRED_AT);
        return DictionaryInfo.builder(version)
                .subject(subject)
                .sha256(sha256)
                .size(size)
                .level(level)
                .createdAt(createdAt)
                .status(parsed)
                .metadata(metadata)
                .activatedAt(activatedAt)
                .retiredAt(retiredAt)
                .build();
    }

    /** The metadata as stored: the user's, with the lifecycle times under their keys, sorted. */
    private static Map<String, String> storedMetadata(DictionaryInfo info) {
        Map<String, String> stored = new TreeMap<>(info.metadata());
        info.activatedAt().ifPresent(at -> stored.put(ACTIVATED_AT, at.toString()));
        info.retiredAt().ifPresent(at -> stored.put(RETIRED_AT, at.toString()));
        return stored;
    }

    /**
     * Removes the time under {@code key} from {@code metadata} and returns it; null if absent. A value that
     * is not an ISO-8601 time stays in the metadata as it was, so rewriting the manifest keeps it.
     */
    private static Instant takeTime(Map<String, String> metadata, String key) {
        String value = metadata.get(key);
        if (value == null) {
            return null;
        }
        try {
            Instant at = Instant.parse(value);
            metadata.remove(key);
            return at;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static int intValue(JsonParser json, JsonToken token, String field) throws IOException {
        expect(token, JsonToken.VALUE_NUMBER_INT, json, "an integer for '" + field + "'");
        return json.getIntValue();
    }

    private static String textValue(JsonParser json, JsonToken token, String field) throws IOException {
        expect(token, JsonToken.VALUE_STRING, json, "a string for '" + field + "'");
        return json.getText();
    }

    private static void expect(JsonToken actual, JsonToken expected, JsonParser json, String what) throws IOException {
        if (actual != expected) {
            throw new IOException(
                    "expected " + what + " at " + json.currentLocation().offsetDescription() + ", found " + actual);
        }
    }
}
