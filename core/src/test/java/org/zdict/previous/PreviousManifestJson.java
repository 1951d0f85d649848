/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, core/.../registry/ManifestJson.java),
 * renamed into org.zdict.previous; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

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

/**
 * Reads and writes a directory registry's {@code manifest.json} with jackson-core's streaming API. The
 * layout is described in docs/FORMAT.md.
 */
public final class PreviousManifestJson {
    static final int MANIFEST_FORMAT = 1;
    private static final JsonFactory JSON = new JsonFactory();

    private PreviousManifestJson() {}

    public static byte[] write(PreviousRegistryState state) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("format", MANIFEST_FORMAT);
            json.writeNumberField("nextVersion", state.nextVersion());
            json.writeArrayFieldStart("dictionaries");
            for (PreviousDictionaryInfo info : state.versions().values()) {
                json.writeStartObject();
                json.writeNumberField("version", info.version());
                json.writeStringField("file", String.format("v%06d.dict", info.version()));
                json.writeStringField("status", info.status().label());
                json.writeStringField("sha256", info.sha256());
                json.writeNumberField("size", info.size());
                json.writeNumberField("level", info.level());
                json.writeStringField("createdAt", info.createdAt().toString());
                json.writeObjectFieldStart("metadata");
                for (Map.Entry<String, String> e : info.metadata().entrySet()) {
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
    public static PreviousRegistryState read(byte[] content) throws IOException {
        try (JsonParser json = JSON.createParser(content)) {
            expect(json.nextToken(), JsonToken.START_OBJECT, json, "the manifest object");
            int format = -1;
            int nextVersion = -1;
            List<PreviousDictionaryInfo> records = new ArrayList<>();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                switch (field) {
                    case "format" -> format = intValue(json, value, field);
                    case "nextVersion" -> nextVersion = intValue(json, value, field);
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
            return PreviousRegistryState.of(nextVersion, records);
        } catch (IllegalArgumentException | DateTimeParseException | org.zdict.RegistryException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static PreviousDictionaryInfo readRecord(JsonParser json) throws IOException {
        int version = -1;
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
        return new PreviousDictionaryInfo(
                version, sha256, size, level, createdAt, PreviousDictionaryStatus.ofLabel(status), metadata);
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
