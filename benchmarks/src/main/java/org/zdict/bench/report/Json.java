package org.zdict.bench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads JSON into plain maps, lists, strings, doubles, booleans and nulls (enough for result files). */
final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {}

    static Object read(Path file) {
        try {
            return parse(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    static Object parse(String text) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            parser.nextToken();
            return value(parser);
        } catch (IOException e) {
            throw new IllegalArgumentException("Not valid JSON: " + e.getMessage(), e);
        }
    }

    private static Object value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT:
                Map<String, Object> object = new LinkedHashMap<>();
                while (parser.nextToken() != JsonToken.END_OBJECT) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.put(name, value(parser));
                }
                return object;
            case START_ARRAY:
                List<Object> array = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser));
                }
                return array;
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return parser.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IllegalArgumentException("Unexpected JSON token " + token);
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> array(Object value) {
        return (List<Object>) value;
    }

    static double number(Object value) {
        if (value instanceof Double d) {
            return d;
        }
        if (value instanceof String s) {
            return s.equals("NaN") ? Double.NaN : Double.parseDouble(s);
        }
        throw new IllegalArgumentException("Not a number: " + value);
    }
}
