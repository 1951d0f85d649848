package org.zdict.registry.support;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import org.zdict.registry.DictionarySet;

/**
 * The {@code setsBySubject} object of a folder registry's manifest and of a Kafka registry's state record
 * (docs/FORMAT.md, "Sets in the manifest"): each set's rule and members. A set's fallback is not written:
 * it is its subject's active version, recorded where every active version is.
 */
public final class SetsJson {
    public static final String FIELD = "setsBySubject";

    private SetsJson() {}

    /** Writes {@code sets} as the {@value #FIELD} field, or nothing when there are none. */
    public static void write(JsonGenerator json, SortedMap<String, DictionarySet> sets) throws IOException {
        if (sets.isEmpty()) {
            return;
        }
        json.writeObjectFieldStart(FIELD);
        for (Map.Entry<String, DictionarySet> e : sets.entrySet()) {
            json.writeObjectFieldStart(e.getKey());
            json.writeStringField("rule", e.getValue().rule().text());
            json.writeObjectFieldStart("members");
            for (Map.Entry<String, Integer> member : e.getValue().members().entrySet()) {
                json.writeNumberField(member.getKey(), member.getValue());
            }
            json.writeEndObject();
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    /** A set as stored: its rule and members, the fallback still to be found. */
    public record StoredSet(DictionarySet.Rule rule, SortedMap<String, Integer> members) {
        /** {@return the set with {@code active}, its subject's active version, as its fallback} */
        public DictionarySet withFallback(String subject, OptionalInt active) throws IOException {
            if (active.isEmpty()) {
                throw new IOException("'" + FIELD + "' names a dictionary set for subject '" + subject
                        + "', which has no active version to fall back to");
            }
            try {
                return new DictionarySet(rule, active.getAsInt(), members);
            } catch (IllegalArgumentException e) {
                throw new IOException("the dictionary set of subject '" + subject + "': " + e.getMessage(), e);
            }
        }
    }

    /** Reads the {@value #FIELD} object the parser is at (its START_OBJECT just read). */
    public static SortedMap<String, StoredSet> read(JsonParser json) throws IOException {
        SortedMap<String, StoredSet> sets = new TreeMap<>();
        VersionJson.expect(json.currentToken(), JsonToken.START_OBJECT, json, "'" + FIELD + "' object");
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String subject = json.currentName();
            VersionJson.expect(json.nextToken(), JsonToken.START_OBJECT, json, "dictionary set of '" + subject + "'");
            DictionarySet.Rule rule = null;
            SortedMap<String, Integer> members = null;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                switch (field) {
                    case "rule" -> {
                        VersionJson.expect(value, JsonToken.VALUE_STRING, json, "rule of the set of '" + subject + "'");
                        try {
                            rule = DictionarySet.Rule.parse(json.getText());
                        } catch (IllegalArgumentException e) {
                            throw new IOException(
                                    "the dictionary set of subject '" + subject + "': " + e.getMessage(), e);
                        }
                    }
                    case "members" -> {
                        VersionJson.expect(
                                value, JsonToken.START_OBJECT, json, "members of the set of '" + subject + "'");
                        members = new TreeMap<>();
                        while (json.nextToken() == JsonToken.FIELD_NAME) {
                            String kind = json.currentName();
                            if (members.put(kind, VersionJson.intValue(json, json.nextToken(), "kind " + kind))
                                    != null) {
                                throw new IOException("the dictionary set of subject '" + subject + "' names kind '"
                                        + kind + "' twice");
                            }
                        }
                    }
                    default -> json.skipChildren();
                }
            }
            if (rule == null || members == null) {
                throw new IOException("the dictionary set of subject '" + subject + "' lacks its "
                        + (rule == null ? "'rule'" : "'members'"));
            }
            sets.put(subject, new StoredSet(rule, members));
        }
        return sets;
    }

    /** The stored sets with their fallbacks, each its subject's active version. */
    public static SortedMap<String, DictionarySet> resolve(
            SortedMap<String, StoredSet> stored, Function<String, OptionalInt> activeVersion) throws IOException {
        SortedMap<String, DictionarySet> sets = new TreeMap<>();
        for (Map.Entry<String, StoredSet> e : stored.entrySet()) {
            sets.put(e.getKey(), e.getValue().withFallback(e.getKey(), activeVersion.apply(e.getKey())));
        }
        return sets;
    }
}
