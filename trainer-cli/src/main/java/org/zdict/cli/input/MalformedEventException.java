package org.zdict.cli.input;

import org.zdict.ZdictException;

/** An event that is not valid JSON, or a topic's record value that cannot be decoded, with where it is. */
public final class MalformedEventException extends ZdictException {
    private final String source;
    private final long line;
    private final long offset;

    public MalformedEventException(String source, long line, long offset, String problem) {
        this(
                "Malformed event in " + source + " at line " + line + " (byte offset " + offset + "): " + problem,
                source,
                line,
                offset);
    }

    private MalformedEventException(String message, String source, long line, long offset) {
        super(message);
        this.source = source;
        this.line = line;
        this.offset = offset;
    }

    /** A record value of a topic that cannot be decoded; {@link #line} is then -1. */
    public static MalformedEventException inRecord(String topic, int partition, long offset, String problem) {
        return new MalformedEventException(
                "Undecodable value in " + topic + " partition " + partition + " at offset " + offset + ": " + problem,
                topic + "-" + partition,
                -1,
                offset);
    }

    public String source() {
        return source;
    }

    /** 1-based line of the problem, or -1 for a topic's record. */
    public long line() {
        return line;
    }

    /** 0-based byte offset of the problem in the (decompressed) input, or a topic record's offset. */
    public long offset() {
        return offset;
    }
}
