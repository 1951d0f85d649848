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
import java.util.SortedMap;
import java.util.TreeMap;
import org.zdict.registry.DictionaryInfo;

/**
 * Reads and writes a directory registry's {@code manifest.json} with jackson-core's streaming API. The
 * layout is described in docs/FORMAT.md. Subjects are written so that readers of the previous release,
 * which skip unknown fields, see every version and only the {@value DictionaryInfo#DEFAULT_SUBJECT}
 * subject's active version: a record names its {@code subject} only when it is not the default one, and
 * the active version of another subject is written {@code "available"} and named in the top-level
 * {@code activeBySubject} object. A registry with only the default subject is written exactly as before.
 * Each version's facts are written and read by {@link VersionJson}, as in the Kafka registry's topic
 * records; a manifest record adds its {@code file}, {@code status} and {@code size}.
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
            SetsJson.write(json, table.sets());
            json.writeArrayFieldStart("dictionaries");
            for (DictionaryInfo info : table.versions().values()) {
                json.writeStartObject();
                VersionJson.write(json, facts(info), new VersionJson.Extras() {
                    @Override
                    public void afterSubject(JsonGenerator record) throws IOException {
                        record.writeStringField("file", RegistryFolder.fileName(info.version()));
                        record.writeStringField("status", storedStatus(info).label());
                    }

                    @Override
                    public void afterSha256(JsonGenerator record) throws IOException {
                        record.writeNumberField("size", info.size());
                    }
                });
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
            VersionJson.expect(json.nextToken(), JsonToken.START_OBJECT, json, "the manifest object");
            int format = -1;
            int nextVersion = -1;
            List<DictionaryInfo> records = new ArrayList<>();
            Map<String, Integer> activeBySubject = new TreeMap<>();
            SortedMap<String, SetsJson.StoredSet> sets = new TreeMap<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                switch (field) {
                    case "format" -> format = VersionJson.intValue(json, value, field);
                    case "nextVersion" -> nextVersion = VersionJson.intValue(json, value, field);
                    case ACTIVE_BY_SUBJECT -> {
                        VersionJson.expect(value, JsonToken.START_OBJECT, json, "'" + ACTIVE_BY_SUBJECT + "' object");
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String subject = json.currentName();
                            activeBySubject.put(
                                    subject, VersionJson.intValue(json, json.nextToken(), field + "." + subject));
                        }
                    }
                    case SetsJson.FIELD -> sets = SetsJson.read(json);
                    case "dictionaries" -> {
                        VersionJson.expect(value, JsonToken.START_ARRAY, json, "'dictionaries' array");
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
            VersionTable table = VersionTable.of(nextVersion, withActives(records, activeBySubject));
            return sets.isEmpty()
                    ? table
                    : new VersionTable(nextVersion, table.versions(), SetsJson.resolve(sets, table::activeVersion));
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
        RecordFields own = new RecordFields(json);
        VersionJson.Facts facts = VersionJson.read(json, VersionJson.Values.TYPED, own);
        if (facts.version() < 1
                || own.size < 0
                || facts.sha256() == null
                || own.status == null
                || facts.createdAt() == null) {
            throw new IOException("incomplete dictionary record near "
                    + json.currentLocation().offsetDescription() + " (needs version, size, sha256, status, createdAt)");
        }
        DictionaryInfo.Status parsed = DictionaryInfo.Status.ofLabel(own.status);
        if (parsed == DictionaryInfo.Status.ACTIVE && !facts.subject().equals(DictionaryInfo.DEFAULT_SUBJECT)) {
            throw new IOException("version " + facts.version() + " of subject '" + facts.subject()
                    + "' has status active; the active version of a subject other than default is named in '"
                    + ACTIVE_BY_SUBJECT + "'");
        }
        Map<String, String> metadata = new TreeMap<>(facts.metadata());
        Instant activatedAt = takeTime(metadata, ACTIVATED_AT);
        Instant retiredAt = takeTime(metadata, RETIRED_AT);
        return DictionaryInfo.builder(facts.version())
                .subject(facts.subject())
                .sha256(facts.sha256())
                .size(own.size)
                .level(facts.level())
                .createdAt(facts.createdAt())
                .status(parsed)
                .metadata(metadata)
                .activatedAt(activatedAt)
                .retiredAt(retiredAt)
                .build();
    }

    /** A manifest record's own fields: {@code size} and {@code status} ({@code file} is derived from the version). */
    private static final class RecordFields implements VersionJson.OwnFields {
        private final JsonParser json;
        private int size = -1;
        private String status;

        RecordFields(JsonParser json) {
            this.json = json;
        }

        @Override
        public boolean read(String field, JsonToken value) throws IOException {
            switch (field) {
                case "size" -> size = VersionJson.intValue(json, value, field);
                case "status" -> status = VersionJson.textValue(json, value, field);
                default -> {
                    return false;
                }
            }
            return true;
        }
    }

    /** The facts as stored: the metadata with the lifecycle times under their keys. */
    private static VersionJson.Facts facts(DictionaryInfo info) {
        return new VersionJson.Facts(
                info.version(), info.subject(), info.sha256(), info.level(), info.createdAt(), storedMetadata(info));
    }

    /**
     * The status as stored: the active version of a subject other than the default one is written {@code
     * available} (and named in {@code activeBySubject}).
     */
    private static DictionaryInfo.Status storedStatus(DictionaryInfo info) {
        return info.status() == DictionaryInfo.Status.ACTIVE && !info.subject().equals(DictionaryInfo.DEFAULT_SUBJECT)
                ? DictionaryInfo.Status.AVAILABLE
                : info.status();
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
}
