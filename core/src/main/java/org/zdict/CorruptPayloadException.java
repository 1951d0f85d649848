package org.zdict;

/** A payload that is not a valid zdict payload: truncated, foreign, or a broken zstd frame inside. */
public class CorruptPayloadException extends ZdictException {
    private final long offset;

    public CorruptPayloadException(long offset, String message) {
        super(message + " (at payload offset " + offset + ")");
        this.offset = offset;
    }

    public CorruptPayloadException(long offset, String message, Throwable cause) {
        super(message + " (at payload offset " + offset + ")", cause);
        this.offset = offset;
    }

    /** Byte offset within the payload where the problem was found. */
    public long offset() {
        return offset;
    }
}
