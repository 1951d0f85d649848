package org.zdict.registry.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionJsonTest {
    private static final JsonFactory JSON = new JsonFactory();
    private static final Instant CREATED = Instant.parse("2026-11-30T09:15:00Z");

    @Test
    void writesTheFactsInOneOrderWithTheFormatsFieldsInTheirPlacesAndNoDefaultSubject() throws IOException {
        VersionJson.Facts facts = new VersionJson.Facts(3, "default", "ab", 5, CREATED, Map.of("z", "1", "a", "2"));
        String written = write(facts, new VersionJson.Extras() {
            @Override
            public void afterSubject(JsonGenerator json) throws IOException {
                json.writeStringField("status", "active");
            }

            @Override
            public void last(JsonGenerator json) throws IOException {
                json.writeStringField("content", "YWJj");
            }
        });
        assertEquals(
                "{\"version\":3,\"status\":\"active\",\"sha256\":\"ab\",\"level\":5,"
                        + "\"createdAt\":\"2026-11-30T09:15:00Z\",\"metadata\":{\"a\":\"2\",\"z\":\"1\"},\"content\":\"YWJj\"}",
                written);
        String other = write(
                new VersionJson.Facts(4, "orders-value", "cd", 0, CREATED, Map.of()), new VersionJson.Extras() {});
        assertTrue(other.startsWith("{\"version\":4,\"subject\":\"orders-value\",\"sha256\""), other);
    }

    @Test
    void readsTheFactsHandsTheFormatItsOwnFieldsAndSkipsUnknownOnes() throws IOException {
        List<String> own = new ArrayList<>();
        VersionJson.Facts facts = read(
                "{\"extra\":{\"deep\":[1,{}]},\"version\":7,\"size\":9,\"sha256\":\"ab\",\"createdAt\":\"2026-11-30T09:15:00Z\"}",
                VersionJson.Values.TYPED,
                own);
        assertEquals(new VersionJson.Facts(7, "default", "ab", 0, CREATED, Map.of()), facts);
        assertEquals(List.of("extra", "size"), own);
    }

    @Test
    void typedValuesNameTheFieldAndOffsetLenientOnesTakeTheIntegerPartAndTheText() throws IOException {
        String record = "{\"version\":1.7,\"sha256\":null,\"metadata\":{\"b\":5}}";
        IOException refused =
                assertThrows(IOException.class, () -> read(record, VersionJson.Values.TYPED, new ArrayList<>()));
        assertTrue(refused.getMessage().startsWith("expected an integer for 'version' at "), refused.getMessage());
        VersionJson.Facts lenient = read(record, VersionJson.Values.LENIENT, new ArrayList<>());
        assertEquals(new VersionJson.Facts(1, "default", "null", 0, null, Map.of("b", "5")), lenient);
    }

    @Test
    void refusesAnInvalidSubjectEitherWay() {
        for (VersionJson.Values values : VersionJson.Values.values()) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> read("{\"subject\":\"a b\"}", values, new ArrayList<>()));
            assertTrue(e.getMessage().startsWith("Invalid subject name 'a b'"), e.getMessage());
        }
    }

    private static String write(VersionJson.Facts facts, VersionJson.Extras extras) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            VersionJson.write(json, facts, extras);
            json.writeEndObject();
        }
        return out.toString();
    }

    /** Reads a record; the format's own fields are recorded in {@code own}, "size" read as known, others not. */
    private static VersionJson.Facts read(String record, VersionJson.Values values, List<String> own)
            throws IOException {
        try (JsonParser json = JSON.createParser(record)) {
            assertEquals(JsonToken.START_OBJECT, json.nextToken());
            return VersionJson.read(json, values, (field, value) -> {
                own.add(field);
                return field.equals("size");
            });
        }
    }
}
