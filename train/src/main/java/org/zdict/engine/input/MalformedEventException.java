package org.zdict.engine.input;

import org.zdict.ZdictException;

/** An event that is not valid JSON, or a topic's record value that cannot be decoded, with where it is. */
public final class MalformedEventException extends ZdictException {
    private final String source;
    private final long line;
    private final long offset;
    private final String registry;

    public MalformedEventException(String source, long line, long offset, String problem) {
        this(
                "Malformed event in " + source + " at line " + line + " (byte offset " + offset + "): " + problem,
                source,
                line,
                offset);
    }

    private MalformedEventException(
            String message, String source, long line, long offset, ZdictException cause, String registry) {
        super(message, cause);
        this.source = source;
        this.line = line;
        this.offset = offset;
        this.registry = registry;
    }

    private MalformedEventException(String message, String source, long line, long offset) {
        this(message, source, line, offset, null, null);
    }

    /**
     * A record value of a topic that cannot be decoded; {@link #line} is then -1.
     *
     * @param cause why it cannot be decoded
     * @param registry the registry it was decoded with, as described in messages, or null for none
     */
    public static MalformedEventException inRecord(
            String topic, int partition, long offset, String problem, ZdictException cause, String registry) {
        return new MalformedEventException(
                "Undecodable value in " + topic + " partition " + partition + " at offset " + offset + ": " + problem,
                topic + "-" + partition,
                -1,
                offset,
                cause,
                registry);
    }

    /**
     * How the message of a value written by zdict ends when no registry was given to decode it: callers
     * that know how a registry is given (a command's option) may say so instead.
     */
    public static final String NO_REGISTRY = ", and no registry was given to decode such values";

    /** Whether this is a value written by zdict that no registry was given to decode. */
    public boolean lacksRegistry() {
        return registry == null && getMessage().endsWith(NO_REGISTRY);
    }

    /** Whether this is a topic's record value that could not be decoded (rather than malformed JSON). */
    public boolean isUndecodableRecord() {
        return line < 0;
    }

    /**
     * The registry a topic's record value could not be decoded with, as described in messages; null when
     * there was none, or for malformed JSON.
     */
    public String registry() {
        return registry;
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
