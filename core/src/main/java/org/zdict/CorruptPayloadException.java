package org.zdict;

/** A payload that is not a valid zdict payload: truncated, foreign, or a broken zstd frame inside. */
public class CorruptPayloadException extends ZdictException {
    private final long offset;
    private final String reason;

    public CorruptPayloadException(long offset, String reason) {
        super(reason + " (at payload offset " + offset + ")");
        this.offset = offset;
        this.reason = reason;
    }

    public CorruptPayloadException(long offset, String reason, Throwable cause) {
        super(reason + " (at payload offset " + offset + ")", cause);
        this.offset = offset;
        this.reason = reason;
    }

    /** What is wrong, without the offset. */
    public String reason() {
        return reason;
    }

    /** Byte offset within the payload where the problem was found. */
    public long offset() {
        return offset;
    }
}
