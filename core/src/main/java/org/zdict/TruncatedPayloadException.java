package org.zdict;

/**
 * A payload that ends too early: before its zdict prefix, its zstd frame header or the frame's last
 * block does. (zstd cannot tell a frame cut short from one followed by other bytes; both end up here.)
 * The usual cause is a value truncated on its way, not a wrong dictionary.
 */
public class TruncatedPayloadException extends CorruptPayloadException {
    /**
     * A payload that ends at or before byte {@code offset}, for {@code reason}.
     *
     * @param offset the byte offset in the payload where more bytes were expected
     * @param reason what is missing
     */
    public TruncatedPayloadException(long offset, String reason) {
        super(offset, reason);
    }

    /**
     * A payload that ends too early, as {@code cause} (zstd, usually) reported it.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is missing
     * @param cause the underlying error
     */
    public TruncatedPayloadException(long offset, String reason, Throwable cause) {
        super(offset, reason, cause);
    }
}
