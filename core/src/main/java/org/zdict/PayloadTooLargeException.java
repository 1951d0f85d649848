package org.zdict;

/**
 * A payload that declares, or expands to, more bytes than the configured decompression limit. Raised
 * before anything of that size is allocated.
 */
public class PayloadTooLargeException extends ZdictException {
    private final String reason;
    private final long limit;

    public PayloadTooLargeException(String reason, long limit) {
        super(reason + "; the limit is " + limit + " bytes (raise maxDecompressedSize if this is expected)");
        this.reason = reason;
        this.limit = limit;
    }

    /** What was too large, without the limit and the advice (callers with their own setting name add theirs). */
    public String reason() {
        return reason;
    }

    public long limit() {
        return limit;
    }
}
