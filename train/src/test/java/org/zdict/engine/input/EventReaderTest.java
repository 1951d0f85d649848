package org.zdict.engine.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventReaderTest {

    private static List<String> read(String input, OnError onError, List<MalformedEventException> skipped)
            throws IOException {
        List<String> events = new ArrayList<>();
        try (EventReader reader = new EventReader(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), "test.json", onError, skipped::add)) {
            for (byte[] event = reader.next(); event != null; event = reader.next()) {
                events.add(new String(event, StandardCharsets.UTF_8));
            }
        }
        return events;
    }

    private static List<String> read(String input) throws IOException {
        return read(input, OnError.FAIL, new ArrayList<>());
    }

    @Test
    void returnsJsonLinesEventsByteForByte() throws IOException {
        assertEquals(
                List.of("{\"a\": 1,  \"b\":\"\\u00e9\"}", "{\"c\":[1,2,{\"d\":null}]}"),
                read("{\"a\": 1,  \"b\":\"\\u00e9\"}\n{\"c\":[1,2,{\"d\":null}]}\n"));
    }

    @Test
    void handlesCrLfBlankLinesAndNoFinalNewline() throws IOException {
        assertEquals(List.of("{\"a\":1}", "{\"b\":2}"), read("{\"a\":1}\r\n\r\n{\"b\":2}"));
    }

    @Test
    void unwrapsATopLevelArray() throws IOException {
        assertEquals(List.of("{\"a\":1}", "{\"b\":[2]}", "3"), read("[ {\"a\":1},\n {\"b\":[2]}, 3 ]"));
    }

    @Test
    void splitsConcatenatedPrettyPrintedValues() throws IOException {
        assertEquals(List.of("{\n  \"a\": 1\n}", "{\"b\":2}"), read("{\n  \"a\": 1\n}{\"b\":2}\n"));
    }

    @Test
    void readsEventsLargerThanItsBuffer() throws IOException {
        String big = "{\"x\":\"" + "y".repeat(300_000) + "\"}";
        assertEquals(List.of("{\"a\":1}", big, "{\"b\":2}"), read("{\"a\":1}\n" + big + "\n{\"b\":2}\n"));
    }

    @Test
    void readsManyEventsAcrossBufferRefills() throws IOException {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            input.append("{\"i\":").append(i).append(",\"pad\":\"abcdefghij\"}\n");
        }
        List<String> events = read(input.toString());
        assertEquals(20_000, events.size());
        assertEquals("{\"i\":19999,\"pad\":\"abcdefghij\"}", events.get(19_999));
    }

    @Test
    void failsWithLineAndOffsetOfAMalformedEvent() {
        MalformedEventException e = assertThrows(
                MalformedEventException.class, () -> read("{\"a\":1}\n{\"b\":2}\n{\"c\": tru}\n{\"d\":4}\n"));
        assertEquals(3, e.line());
        assertEquals("test.json", e.source());
        assertTrue(e.offset() >= 16 && e.offset() <= 27, "offset " + e.offset());
        assertTrue(e.getMessage().startsWith("Malformed event in test.json at line 3 (byte offset "), e.getMessage());
    }

    @Test
    void countsLinesAcrossBufferRefills() {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            input.append("{\"i\":").append(i).append("}\n");
        }
        input.append("{oops}\n");
        MalformedEventException e = assertThrows(MalformedEventException.class, () -> read(input.toString()));
        assertEquals(10_001, e.line());
    }

    @Test
    void skipsMalformedLinesAndGoesOn() throws IOException {
        List<MalformedEventException> skipped = new ArrayList<>();
        List<String> events =
                read("{\"a\":1}\n{\"b\": \n{\"c\":3}\nnot json\n{\"d\":4}\n{\"e\":", OnError.SKIP, skipped);
        assertEquals(List.of("{\"a\":1}", "{\"c\":3}", "{\"d\":4}"), events);
        assertEquals(3, skipped.size());
        assertEquals(2, skipped.get(0).line());
        assertEquals(4, skipped.get(1).line());
        assertEquals(6, skipped.get(2).line());
    }

    @Test
    void skipsMalformedElementsInsideAnArray() throws IOException {
        List<MalformedEventException> skipped = new ArrayList<>();
        List<String> events = read("[\n{\"a\":1},\n{\"b\":},\n{\"c\":3}\n]\n{\"d\":4}\n", OnError.SKIP, skipped);
        assertEquals(List.of("{\"a\":1}", "{\"c\":3}", "{\"d\":4}"), events);
        assertEquals(1, skipped.size());
        assertEquals(3, skipped.get(0).line());
    }

    @Test
    void returnsNothingForEmptyInput() throws IOException {
        assertEquals(List.of(), read(""));
        assertEquals(List.of(), read("\n \n"));
        assertEquals(List.of(), read("[]"));
    }
}
