package org.zdict;

/**
 * A payload that declares, or expands to, more bytes than the configured decompression limit. Raised
 * before anything of that size is allocated.
 */
public class PayloadTooLargeException extends ZdictException {
    /** What is wrong, without the context (serialized with the exception). */
    private final String reason;
    /** The limit, in bytes (serialized with the exception). */
    private final long limit;

    /**
     * A payload refused because {@code reason} exceeds {@code limit} bytes.
     *
     * @param reason what is wrong
     * @param limit the limit, in bytes
     */
    public PayloadTooLargeException(String reason, long limit) {
        super(reason + "; the limit is " + limit + " bytes (raise maxDecompressedSize if this is expected)");
        this.reason = reason;
        this.limit = limit;
    }

    /**
     * What was too large, without the limit and the advice (callers with their own setting name add theirs).
     *
     * @return the reason
     */
    public String reason() {
        return reason;
    }

    /**
     * The decompression limit in force.
     *
     * @return the limit, in bytes
     */
    public long limit() {
        return limit;
    }
}
