package org.zdict.engine.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.zdict.engine.input.EventReader;
import org.zdict.engine.input.MalformedEventException;
import org.zdict.engine.input.OnError;

/**
 * Fuzzes the streaming JSON event reader that feeds training. For any input, read in chunks of any
 * size: it ends (never loops), each event is one whole JSON value copied exactly from the input in
 * order, bad input surfaces only as {@link MalformedEventException} with a sane position, and failing
 * fast yields a prefix of what skipping yields. Without JAZZER_FUZZ this only replays the corpus under
 * {@code src/test/resources/org/zdict/engine/fuzz/EventReaderFuzzTestInputs/}.
 */
class EventReaderFuzzTest {
    private static final JsonFactory JSON = new JsonFactory();

    @FuzzTest(maxDuration = "10m")
    void readsEventsOrReportsThem(FuzzedDataProvider data) throws IOException {
        int chunk = data.consumeInt(1, 4096);
        int copies = data.consumeBoolean() ? data.consumeInt(1, 400) : 1;
        byte[] once = data.consumeRemainingAsBytes();
        byte[] input = repeat(once, Math.max(1, Math.min(copies, 200_000 / Math.max(1, once.length))));

        List<MalformedEventException> skips = new ArrayList<>();
        List<byte[]> skipping = readAll(input, chunk, OnError.SKIP, skips);
        for (MalformedEventException e : skips) {
            assertSanePosition(e, input);
        }
        List<byte[]> failing = new ArrayList<>();
        try {
            failing = readAll(input, chunk, OnError.FAIL, null);
            assertTrue(skips.isEmpty(), "SKIP mode skipped " + skips.size() + " event(s) FAIL mode accepted");
        } catch (MalformedEventException e) {
            assertSanePosition(e, input);
            assertTrue(!skips.isEmpty(), "FAIL mode failed where SKIP mode skipped nothing: " + e.getMessage());
            failing = FailingRead.eventsBefore(input, chunk);
        }
        assertTrue(failing.size() <= skipping.size(), "FAIL mode read more events than SKIP mode");
        for (int i = 0; i < failing.size(); i++) {
            assertTrue(Arrays.equals(failing.get(i), skipping.get(i)), "the modes disagree on event " + i);
        }
        int from = 0;
        for (byte[] event : skipping) {
            assertWholeJsonValue(event);
            int at = indexOf(input, event, from);
            assertTrue(at >= 0, "event not copied from the input in order: " + new String(event));
            from = at + event.length;
        }
    }

    private static List<byte[]> readAll(byte[] input, int chunk, OnError onError, List<MalformedEventException> skips)
            throws IOException {
        List<byte[]> events = new ArrayList<>();
        Consumer<MalformedEventException> onSkip = e -> {
            skips.add(e);
            assertTrue(skips.size() <= input.length + 1, "more skips than input bytes: the reader loops at " + e);
        };
        try (EventReader reader = new EventReader(new Chunked(input, chunk), "fuzz", onError, onSkip)) {
            byte[] event;
            while ((event = reader.next()) != null) {
                events.add(event);
                assertTrue(events.size() <= input.length, "more events than input bytes: the reader loops");
            }
            if (skips != null) {
                assertEquals(skips.size(), reader.skippedCount());
            }
            assertNull(reader.next(), "input ended but the reader yields more");
        }
        return events;
    }

    /** The events FAIL mode returns before it throws. */
    private static final class FailingRead {
        static List<byte[]> eventsBefore(byte[] input, int chunk) throws IOException {
            List<byte[]> events = new ArrayList<>();
            try (EventReader reader = new EventReader(new Chunked(input, chunk), "fuzz", OnError.FAIL, e -> {})) {
                byte[] event;
                while ((event = reader.next()) != null) {
                    events.add(event);
                }
                fail("FAIL mode threw once and not the second time");
            } catch (MalformedEventException e) {
                return events;
            }
            return events;
        }
    }

    private static void assertSanePosition(MalformedEventException e, byte[] input) {
        assertTrue(e.line() >= 1, "line " + e.line());
        assertTrue(e.offset() >= 0 && e.offset() <= input.length, "offset " + e.offset() + " of " + input.length);
        assertTrue(e.getMessage().contains("fuzz"), e.getMessage());
    }

    private static void assertWholeJsonValue(byte[] event) throws IOException {
        try (JsonParser parser = JSON.createParser(event)) {
            assertTrue(parser.nextToken() != null, "an empty event");
            parser.skipChildren();
            assertNull(parser.nextToken(), "event holds more than one JSON value: " + new String(event));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            fail("event is not valid JSON on its own: " + new String(event) + " (" + e.getOriginalMessage() + ")");
        }
    }

    private static byte[] repeat(byte[] once, int copies) {
        byte[] all = new byte[once.length * copies];
        for (int i = 0; i < copies; i++) {
            System.arraycopy(once, 0, all, i * once.length, once.length);
        }
        return all;
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** An input stream that returns at most {@code chunk} bytes per read, as pipes and gzip streams do. */
    private static final class Chunked extends InputStream {
        private final ByteArrayInputStream in;
        private final int chunk;

        Chunked(byte[] input, int chunk) {
            this.in = new ByteArrayInputStream(input);
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, chunk));
        }
    }
}
