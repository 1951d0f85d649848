package org.zdict.engine.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Splits a stream of JSON into events, returning each event's bytes exactly as they appear in the
 * input: JSON Lines, concatenated JSON values, or JSON arrays of events (a top-level array is unwrapped
 * one level). Reads with jackson-core's streaming parser and keeps only the current event in memory, so
 * inputs of any size stream through.
 *
 * <p>A malformed event either fails with its line and byte offset ({@link OnError#FAIL}) or is reported
 * and skipped ({@link OnError#SKIP}): reading resumes on the line after the one where the bad event
 * started.
 */
public final class EventReader implements Events {
    private static final String NOT_UTF8 =
            "not UTF-8 JSON (a NUL byte or a UTF-16/UTF-32 byte order mark; convert the input to UTF-8)";
    private static final JsonFactory JSON =
            JsonFactory.builder().disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();

    private final InputStream in;
    private final String source;
    private final OnError onError;
    private final Consumer<MalformedEventException> skipped;
    private final Window window = new Window();

    private JsonParser parser;
    /** Absolute offset of the parser's byte 0. */
    private long parserBase;
    /** A byte served to a new parser before the input (a '[' to resume inside an array), or -1. */
    private int virtualByte = -1;

    private boolean inArray;
    private long skippedCount;
    /** Where the last resume after a malformed event started reading, or -1. */
    private long lastResume = -1;
    /** Set when skipping reached the end of the input. */
    private boolean finished;

    /**
     * @param in the (already decompressed) input; not closed by this reader
     * @param source the input's name for error messages
     * @param skipped told about every skipped event when {@code onError} is {@link OnError#SKIP}
     */
    public EventReader(InputStream in, String source, OnError onError, Consumer<MalformedEventException> skipped) {
        this.in = in;
        this.source = source;
        this.onError = onError;
        this.skipped = skipped;
    }

    /** How many malformed events were skipped. */
    @Override
    public long skippedCount() {
        return skippedCount;
    }

    /** How many bytes of input were read so far: the whole input once {@link #next} returned null. */
    @Override
    public long inputBytes() {
        return window.filled();
    }

    /**
     * The next event's bytes, or null at the end of the input.
     *
     * @throws MalformedEventException for a malformed event under {@link OnError#FAIL}
     * @throws IOException if the input cannot be read
     */
    @Override
    public byte[] next() throws IOException {
        while (!finished) {
            long eventStart = -1;
            try {
                if (parser == null) {
                    long notUtf8 = firstNonUtf8Marker();
                    if (notUtf8 >= 0) {
                        malformed(notUtf8, notUtf8, NOT_UTF8);
                        continue;
                    }
                    parser = JSON.createParser(feeder);
                }
                JsonToken token = parser.nextToken();
                if (token == null) {
                    return null;
                }
                if (token == JsonToken.START_ARRAY
                        && !inArray
                        && parser.getParsingContext().getParent().inRoot()) {
                    inArray = true;
                    continue;
                }
                if (token == JsonToken.END_ARRAY && inArray) {
                    inArray = false;
                    continue;
                }
                long tokenOffset = parser.currentTokenLocation().getByteOffset();
                if (tokenOffset < 0) {
                    malformed(window.served(), window.served(), NOT_UTF8);
                    continue;
                }
                eventStart = parserBase + tokenOffset;
                window.keepFrom(eventStart);
                if (token.isStructStart()) {
                    parser.skipChildren();
                } else {
                    parser.finishToken();
                }
                long eventEnd = parserBase + parser.currentLocation().getByteOffset();
                if (eventEnd <= eventStart) {
                    malformed(eventStart, eventStart, "an event with no JSON value");
                    continue;
                }
                byte[] event = window.slice(eventStart, eventEnd);
                window.keepFrom(eventEnd);
                return event;
            } catch (JsonProcessingException e) {
                long errorOffset = e.getLocation() == null || e.getLocation().getByteOffset() < 0
                        ? window.served()
                        : parserBase + e.getLocation().getByteOffset();
                long problemAt = eventStart >= 0 ? eventStart : Math.min(errorOffset, window.served());
                malformed(problemAt, errorOffset, problem(e));
            }
        }
        return null;
    }

    /** Reports a malformed event: throws under {@link OnError#FAIL}, else skips past its line. */
    private void malformed(long problemAt, long errorOffset, String problem) throws IOException {
        long at = Math.max(problemAt, window.keptFrom());
        MalformedEventException malformed =
                new MalformedEventException(source, window.lineOf(at), errorOffset, problem);
        if (onError == OnError.FAIL) {
            throw malformed;
        }
        skippedCount++;
        skipped.accept(malformed);
        resumeAfterLineOf(at);
    }

    /**
     * Where the bytes a new parser would start on show UTF-16 or UTF-32 (a NUL byte or a UTF-16 byte
     * order mark among its first four bytes, which Jackson would take as another encoding), or -1.
     */
    private long firstNonUtf8Marker() throws IOException {
        long position = window.served();
        int seen = virtualByte >= 0 ? 1 : 0;
        int first = virtualByte >= 0 ? virtualByte : window.byteAt(position);
        for (int i = 0; i < 4 - seen; i++) {
            int b = window.byteAt(position + i);
            if (b < 0) {
                break;
            }
            if (b == 0) {
                return position + i;
            }
        }
        int second = window.byteAt(position + 1 - seen);
        if ((first == 0xFE && second == 0xFF) || (first == 0xFF && second == 0xFE)) {
            return position;
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        if (parser != null) {
            parser.close();
        }
    }

    private static String problem(JsonProcessingException e) {
        String message = e.getOriginalMessage();
        if (message == null) {
            return e.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        // Jackson's own positions count from where the current parser started; ours are absolute.
        return line.replaceAll("\\s*\\(start marker at \\[.*?\\]\\)", "").strip();
    }

    /**
     * Drops the broken parser and starts a new one on the line after {@code offset}. Every resume lands
     * past the previous one, so skipping always makes progress and ends at the end of the input.
     */
    private void resumeAfterLineOf(long offset) throws IOException {
        if (parser != null) {
            parser.close();
            parser = null;
        }
        virtualByte = -1;
        long resume = window.afterNextNewline(Math.max(offset, lastResume));
        if (inArray) {
            resume = window.skipSeparators(resume);
            if (window.byteAt(resume) == ']') {
                inArray = false;
                resume++;
            }
        }
        if (resume <= lastResume || window.byteAt(resume) < 0) {
            finished = true;
            return;
        }
        lastResume = resume;
        window.rewind(resume);
        if (inArray) {
            virtualByte = '[';
            parserBase = resume - 1;
            inArray = false; // the new parser opens the array again on the virtual '['
        } else {
            parserBase = resume;
        }
    }

    private final InputStream feeder = new InputStream() {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (virtualByte >= 0) {
                b[off] = (byte) virtualByte;
                virtualByte = -1;
                return 1;
            }
            return window.serve(b, off, len);
        }
    };

    /**
     * The bytes between the start of the current event and what the parser has read ahead, with their
     * absolute offsets in the input, and line numbers counted as bytes are dropped.
     */
    private final class Window {
        private byte[] buffer = new byte[1 << 16];
        private long start;
        private int length;
        private long served;
        private long keepFrom;
        private long linesCountedTo;
        private long newlinesBefore;
        private boolean eof;

        long served() {
            return served;
        }

        long filled() {
            return start + length;
        }

        long keptFrom() {
            return keepFrom;
        }

        void keepFrom(long offset) {
            keepFrom = Math.max(keepFrom, offset);
        }

        int serve(byte[] b, int off, int len) throws IOException {
            if (served == start + length && !fill()) {
                return -1;
            }
            int available = (int) (start + length - served);
            int n = Math.min(len, available);
            System.arraycopy(buffer, (int) (served - start), b, off, n);
            served += n;
            return n;
        }

        byte[] slice(long from, long to) {
            return Arrays.copyOfRange(buffer, (int) (from - start), (int) (to - start));
        }

        void rewind(long offset) {
            served = offset;
            keepFrom(offset);
        }

        /** 1-based line number of {@code offset}, which must not be before the kept bytes. */
        long lineOf(long offset) {
            countLinesTo(offset);
            return newlinesBefore + 1;
        }

        /** The offset just after the first newline at or after {@code offset} (or the end of input). */
        long afterNextNewline(long offset) throws IOException {
            long position = offset;
            while (true) {
                int b = byteAt(position);
                if (b < 0) {
                    return position;
                }
                position++;
                if (b == '\n') {
                    return position;
                }
            }
        }

        /** Skips whitespace and commas from {@code offset}. */
        long skipSeparators(long offset) throws IOException {
            long position = offset;
            while (true) {
                int b = byteAt(position);
                if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != ',') {
                    return position;
                }
                position++;
            }
        }

        /** The byte at {@code offset} (reading more input if needed), or -1 past the end. */
        int byteAt(long offset) throws IOException {
            while (offset >= start + length) {
                if (!fill()) {
                    return -1;
                }
            }
            return buffer[(int) (offset - start)] & 0xFF;
        }

        private boolean fill() throws IOException {
            if (eof) {
                return false;
            }
            if (length == buffer.length) {
                makeRoom();
            }
            int n = in.read(buffer, length, buffer.length - length);
            if (n < 0) {
                eof = true;
                return false;
            }
            length += n;
            return true;
        }

        /** Drops bytes before the kept offset, or grows the buffer when the current event fills it. */
        private void makeRoom() {
            long keep = Math.min(keepFrom, served);
            int drop = (int) (keep - start);
            if (drop > buffer.length / 2) {
                countLinesTo(keep);
                System.arraycopy(buffer, drop, buffer, 0, length - drop);
                start += drop;
                length -= drop;
            } else {
                buffer = Arrays.copyOf(buffer, buffer.length * 2);
            }
        }

        private void countLinesTo(long offset) {
            long to = Math.min(offset, start + length);
            for (long position = Math.max(linesCountedTo, start); position < to; position++) {
                if (buffer[(int) (position - start)] == '\n') {
                    newlinesBefore++;
                }
            }
            linesCountedTo = Math.max(linesCountedTo, to);
        }
    }
}
