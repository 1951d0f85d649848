package org.zdict.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.zdict.internal.TopLevelJson;
import org.zdict.registry.DictionarySet;

/**
 * Runs every case of the conformance folder's {@code routing.json} (conformance/README.md): the kind
 * the rule gives the event or the headers, and the version a writer takes for it. The Python package's
 * tests run the same file.
 */
class RoutingConformanceTest {
    private static final JsonFactory JSON = new JsonFactory();

    /** A case as {@code routing.json} states it; {@code headers} null when the writer has none. */
    record RoutingCase(
            String name,
            String rule,
            Map<String, Integer> members,
            int fallback,
            byte[] event,
            List<String[]> headers,
            String kind,
            int version) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<RoutingCase> cases() throws IOException {
        List<RoutingCase> cases = read();
        assertTrue(cases.size() >= 30, "routing.json lists " + cases.size() + " cases");
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void givesTheKindAndVersionTheSuiteStates(RoutingCase c) {
        DictionarySet.Rule rule = DictionarySet.Rule.parse(c.rule());
        DictionarySet set = new DictionarySet(rule, c.fallback(), c.members());
        assertEquals(c.kind(), kindOf(rule, c), "kind");
        int version = c.headers() == null
                ? set.versionFor(c.event(), 0, c.event().length)
                : set.versionForHeader(lastHeader(c.headers(), set.headerName()));
        assertEquals(c.version(), version, "version");
    }

    /** The event amid closing braces: the scan reads only its {@code length} bytes from {@code offset}. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readsOnlyTheEventsBytesOfALargerBuffer(RoutingCase c) {
        DictionarySet.Rule rule = DictionarySet.Rule.parse(c.rule());
        DictionarySet set = new DictionarySet(rule, c.fallback(), c.members());
        byte[] padded = new byte[c.event().length + 6];
        Arrays.fill(padded, (byte) '}');
        System.arraycopy(c.event(), 0, padded, 3, c.event().length);
        if (c.headers() == null) {
            assertEquals(c.version(), set.versionFor(padded, 3, c.event().length));
        }
    }

    /** The kind the rule gives: the event's for field and shape, the last header's for header. */
    private static String kindOf(DictionarySet.Rule rule, RoutingCase c) {
        byte[] event = c.event();
        if (rule instanceof DictionarySet.Rule.Field field) {
            long range =
                    TopLevelJson.fieldValue(event, 0, event.length, field.name().getBytes(StandardCharsets.UTF_8));
            if (range == TopLevelJson.NONE || (int) range > DictionarySet.MAX_KIND_BYTES) {
                return null;
            }
            return new String(event, (int) (range >>> 32), (int) range, StandardCharsets.UTF_8);
        }
        if (rule instanceof DictionarySet.Rule.Shape) {
            long shape = TopLevelJson.shape(event, 0, event.length);
            return shape == TopLevelJson.NONE ? null : DictionarySet.shapeKind(shape);
        }
        if (c.headers() == null) {
            return null;
        }
        byte[] value = lastHeader(c.headers(), ((DictionarySet.Rule.Header) rule).name());
        return value == null || value.length > DictionarySet.MAX_KIND_BYTES
                ? null
                : new String(value, StandardCharsets.UTF_8);
    }

    /** The value of the last header named {@code name}, or null when there is none or its value is null. */
    private static byte[] lastHeader(List<String[]> headers, String name) {
        String value = null;
        for (String[] header : headers) {
            if (header[0].equals(name)) {
                value = header[1];
            }
        }
        return value == null ? null : value.getBytes(StandardCharsets.UTF_8);
    }

    private static List<RoutingCase> read() throws IOException {
        List<RoutingCase> cases = new ArrayList<>();
        try (JsonParser json = JSON.createParser(
                ConformanceSuite.folder().resolve("routing.json").toFile())) {
            while (json.nextToken() != null) {
                if (json.currentToken() == JsonToken.FIELD_NAME && "cases".equals(json.currentName())) {
                    json.nextToken();
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        cases.add(readCase(json));
                    }
                }
            }
        }
        return cases;
    }

    private static RoutingCase readCase(JsonParser json) throws IOException {
        String name = null;
        String rule = null;
        Map<String, Integer> members = new LinkedHashMap<>();
        int fallback = 0;
        byte[] event = null;
        List<String[]> headers = null;
        String kind = null;
        int version = 0;
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            switch (field) {
                case "name" -> name = json.getText();
                case "rule" -> rule = json.getText();
                case "fallback" -> fallback = json.getIntValue();
                case "event" -> event = json.getText().getBytes(StandardCharsets.UTF_8);
                case "eventBase64" -> event = Base64.getDecoder().decode(json.getText());
                case "kind" -> kind = value == JsonToken.VALUE_NULL ? null : json.getText();
                case "version" -> version = json.getIntValue();
                case "members" -> {
                    while (json.nextToken() == JsonToken.FIELD_NAME) {
                        String member = json.currentName();
                        json.nextToken();
                        members.put(member, json.getIntValue());
                    }
                }
                case "headers" -> headers = readHeaders(json);
                default -> json.skipChildren();
            }
        }
        return new RoutingCase(name, rule, members, fallback, event, headers, kind, version);
    }

    private static List<String[]> readHeaders(JsonParser json) throws IOException {
        List<String[]> headers = new ArrayList<>();
        while (json.nextToken() == JsonToken.START_ARRAY) {
            json.nextToken();
            String name = json.getText();
            JsonToken value = json.nextToken();
            headers.add(new String[] {name, value == JsonToken.VALUE_NULL ? null : json.getText()});
            json.nextToken();
        }
        return headers;
    }
}
