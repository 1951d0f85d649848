package org.zdict;

/**
 * A payload that no checksum covers (a stored payload, or a frame written without zstd's content
 * checksum), refused by a codec that requires checksums. Damage to such a payload could decode into
 * other bytes unnoticed; read it with a codec that accepts unchecked payloads only when something else
 * checks its bytes, as Kafka's record batch CRC does for record values.
 */
public class UncheckedPayloadException extends CorruptPayloadException {
    /**
     * An unchecked payload refused at byte {@code offset}, for {@code reason}.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     */
    public UncheckedPayloadException(long offset, String reason) {
        super(offset, reason);
    }
}
