package org.zdict;

/**
 * A payload that declares, or expands to, more bytes than the configured decompression limit. Raised
 * before anything of that size is allocated.
 */
public class PayloadTooLargeException extends ZdictException {
    private final long limit;

    public PayloadTooLargeException(String message, long limit) {
        super(message + "; the limit is " + limit + " bytes (raise maxDecompressedSize if this is expected)");
        this.limit = limit;
    }

    public long limit() {
        return limit;
    }
}
