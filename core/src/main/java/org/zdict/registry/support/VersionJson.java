package org.zdict.registry.support;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;

/**
 * A version's facts as JSON: the one model of the two places zdict stores them, a record of a folder
 * registry's {@code manifest.json} ({@code ManifestJson}) and a {@code dict/VERSION/WRITER} record of the
 * Kafka registry's topic (kafka-serde's {@code RegistryRecords}). Both write the facts under the same names and
 * in the same order, name the {@code subject} only when it is not {@value DictionaryInfo#DEFAULT_SUBJECT}
 * (readers of the previous release, which skip unknown fields, see such a record as it was before subjects),
 * and write the metadata sorted by key. Both read a missing subject as the default one, refuse an invalid
 * subject name and skip fields they do not know. Each format adds its own fields at fixed places ({@link
 * Extras}, {@link OwnFields}), decides which facts a record must have, and says how strictly a fact's JSON
 * type is checked ({@link Values}).
 */
public final class VersionJson {
    private VersionJson() {}

    /**
     * A version's facts. As read, a fact the record lacks is -1 ({@code version}), {@code null} ({@code
     * sha256}, {@code createdAt}), 0 ({@code level}) or {@value DictionaryInfo#DEFAULT_SUBJECT} ({@code
     * subject}); the format decides which are required.
     */
    public record Facts(
            int version, String subject, String sha256, int level, Instant createdAt, Map<String, String> metadata) {}

    /** How a reader takes the value of a fact. */
    public enum Values {
        /**
         * Each fact has its JSON type, an integer for {@code version} and {@code level} and a string for the
         * others; any other value is an IOException naming the field and the offset (the folder manifest).
         */
        TYPED,
        /**
         * A number's integer part where an integer is expected, and a scalar's JSON text where a string is (the
         * registry topic's records, as docs/REGISTRY.md section 5.1 specifies for its readers).
         */
        LENIENT
    }

    /** What a format writes beside the facts, at the places its layout has them; each writes nothing by default. */
    public interface Extras {
        /** Written after {@code version} and {@code subject} (the manifest's {@code file} and {@code status}). */
        default void afterSubject(JsonGenerator json) throws IOException {}

        /** Written after {@code sha256} (the manifest's {@code size}). */
        default void afterSha256(JsonGenerator json) throws IOException {}

        /** Written last, after {@code metadata} (the topic record's {@code content}). */
        default void last(JsonGenerator json) throws IOException {}
    }

    /** Reads a format's own fields, the ones that are not facts. */
    public interface OwnFields {
        /**
         * Reads the value of {@code field}, whose first token {@code value} the parser is at; returns false for a
         * field the format does not know either, which is then skipped.
         */
        boolean read(String field, JsonToken value) throws IOException;
    }

    /** Writes the facts and the format's {@code extras} as fields of the object {@code json} is in. */
    public static void write(JsonGenerator json, Facts facts, Extras extras) throws IOException {
        json.writeNumberField("version", facts.version());
        if (!facts.subject().equals(DictionaryInfo.DEFAULT_SUBJECT)) {
            json.writeStringField("subject", facts.subject());
        }
        extras.afterSubject(json);
        json.writeStringField("sha256", facts.sha256());
        extras.afterSha256(json);
        json.writeNumberField("level", facts.level());
        json.writeStringField("createdAt", facts.createdAt().toString());
        json.writeObjectFieldStart("metadata");
        for (Map.Entry<String, String> e : new TreeMap<>(facts.metadata()).entrySet()) {
            json.writeStringField(e.getKey(), e.getValue());
        }
        json.writeEndObject();
        extras.last(json);
    }

    /**
     * Reads the fields of the object whose start the parser has just read, up to its end: the facts, taken
     * as {@code values} says, the format's {@code own} fields, and skips the rest.
     *
     * @throws IOException a fact whose value {@code values} refuses
     * @throws IllegalArgumentException an invalid subject name
     * @throws java.time.format.DateTimeParseException a {@code createdAt} that is not an ISO-8601 instant
     */
    public static Facts read(JsonParser json, Values values, OwnFields own) throws IOException {
        int version = -1;
        String subject = DictionaryInfo.DEFAULT_SUBJECT;
        String sha256 = null;
        int level = 0;
        Instant createdAt = null;
        Map<String, String> metadata = new TreeMap<>();
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            switch (field) {
                case "version" -> version = integer(json, value, field, values);
                case "subject" -> subject = DictionaryRegistry.checkSubject(text(json, value, field, values));
                case "sha256" -> sha256 = text(json, value, field, values);
                case "level" -> level = integer(json, value, field, values);
                case "createdAt" -> createdAt = Instant.parse(text(json, value, field, values));
                case "metadata" -> {
                    expect(value, JsonToken.START_OBJECT, json, "a 'metadata' object");
                    while (json.nextToken() == JsonToken.FIELD_NAME) {
                        String key = json.currentName();
                        metadata.put(key, text(json, json.nextToken(), "metadata." + key, values));
                    }
                }
                default -> {
                    if (!own.read(field, value)) {
                        json.skipChildren();
                    }
                }
            }
        }
        return new Facts(version, subject, sha256, level, createdAt, metadata);
    }

    private static int integer(JsonParser json, JsonToken token, String field, Values values) throws IOException {
        return values == Values.TYPED ? intValue(json, token, field) : json.getIntValue();
    }

    private static String text(JsonParser json, JsonToken token, String field, Values values) throws IOException {
        return values == Values.TYPED ? textValue(json, token, field) : json.getText();
    }

    /** The integer {@code token} holds, else an IOException naming {@code field} and the offset. */
    public static int intValue(JsonParser json, JsonToken token, String field) throws IOException {
        expect(token, JsonToken.VALUE_NUMBER_INT, json, "an integer for '" + field + "'");
        return json.getIntValue();
    }

    /** The string {@code token} holds, else an IOException naming {@code field} and the offset. */
    public static String textValue(JsonParser json, JsonToken token, String field) throws IOException {
        expect(token, JsonToken.VALUE_STRING, json, "a string for '" + field + "'");
        return json.getText();
    }

    /** Throws an IOException naming {@code what} was expected at the parser's offset unless {@code actual} is it. */
    public static void expect(JsonToken actual, JsonToken expected, JsonParser json, String what) throws IOException {
        if (actual != expected) {
            throw new IOException(
                    "expected " + what + " at " + json.currentLocation().offsetDescription() + ", found " + actual);
        }
    }
}
