package org.zdict.cli.input;

import org.zdict.ZdictException;

/** An event that is not valid JSON, with where it is. */
public final class MalformedEventException extends ZdictException {
    private final String source;
    private final long line;
    private final long offset;

    public MalformedEventException(String source, long line, long offset, String problem) {
        super("Malformed event in " + source + " at line " + line + " (byte offset " + offset + "): " + problem);
        this.source = source;
        this.line = line;
        this.offset = offset;
    }

    public String source() {
        return source;
    }

    /** 1-based line of the problem. */
    public long line() {
        return line;
    }

    /** 0-based byte offset of the problem in the (decompressed) input. */
    public long offset() {
        return offset;
    }
}
