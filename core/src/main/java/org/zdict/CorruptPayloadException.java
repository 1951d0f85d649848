package org.zdict;

/** A payload that is not a valid zdict payload: truncated, foreign, or a broken zstd frame inside. */
public class CorruptPayloadException extends ZdictException {
    /** Byte offset in the payload (serialized with the exception). */
    private final long offset;
    /** What is wrong, without the context (serialized with the exception). */
    private final String reason;

    /**
     * A corrupt payload: {@code reason} found at byte {@code offset} of the payload.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     */
    public CorruptPayloadException(long offset, String reason) {
        super(reason + " (at payload offset " + offset + ")");
        this.offset = offset;
        this.reason = reason;
    }

    /**
     * A corrupt payload: {@code reason} found at byte {@code offset}, reported by {@code cause} (zstd,
     * usually).
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     * @param cause the underlying error
     */
    public CorruptPayloadException(long offset, String reason, Throwable cause) {
        super(reason + " (at payload offset " + offset + ")", cause);
        this.offset = offset;
        this.reason = reason;
    }

    /**
     * What is wrong, without the offset.
     *
     * @return the reason, as given to the constructor
     */
    public String reason() {
        return reason;
    }

    /**
     * Byte offset within the payload where the problem was found.
     *
     * @return the offset, 0 or more
     */
    public long offset() {
        return offset;
    }
}
