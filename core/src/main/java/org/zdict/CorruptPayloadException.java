package org.zdict;

import java.util.OptionalInt;

/**
 * A payload that is not a valid zdict payload, or that this codec refuses to trust: its {@link #kind()}
 * says which, {@link #offset()} where. The message names the problem and ends with "(at payload offset
 * N)".
 */
public class CorruptPayloadException extends ZdictException {
    /** What is wrong with a payload. Immutable (an enum). */
    public enum Kind {
        /** Foreign, or a broken zstd frame or LZ4 block inside. */
        MALFORMED,
        /**
         * It ends too early: before its zdict prefix, its header or its last block does. (zstd cannot tell a
         * frame cut short from one followed by other bytes; both are this.) The usual cause is a value
         * truncated on its way, not a wrong dictionary.
         */
        TRUNCATED,
        /**
         * It was written with another dictionary than the one its version names in this registry: the
         * registry is not the one it was written with, or was rebuilt from scratch. {@link
         * #dictionaryVersion()} names the version.
         */
        DICTIONARY_MISMATCH,
        /**
         * No checksum covers it (a stored payload, or a frame written without zstd's content checksum), and
         * the codec requires checksums. Damage to such a payload could decode into other bytes unnoticed;
         * read it with a codec that accepts unchecked payloads only when something else checks its bytes,
         * as Kafka's record batch CRC does for record values.
         */
        NO_CHECKSUM
    }

    /** What is wrong (serialized with the exception). */
    private final Kind kind;
    /** Byte offset in the payload (serialized with the exception). */
    private final long offset;
    /** What is wrong, without the context (serialized with the exception). */
    private final String reason;
    /** The dictionary version of a {@link Kind#DICTIONARY_MISMATCH}, else 0 (serialized with the exception). */
    private final int dictionaryVersion;

    /**
     * A {@link Kind#MALFORMED} payload: {@code reason} found at byte {@code offset} of the payload.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     */
    public CorruptPayloadException(long offset, String reason) {
        this(Kind.MALFORMED, offset, reason);
    }

    /**
     * A {@link Kind#MALFORMED} payload: {@code reason} found at byte {@code offset}, reported by {@code
     * cause} (zstd, usually).
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     * @param cause the underlying error
     */
    public CorruptPayloadException(long offset, String reason, Throwable cause) {
        this(Kind.MALFORMED, offset, reason, cause);
    }

    /**
     * A payload with problem {@code kind}: {@code reason} found at byte {@code offset}.
     *
     * @param kind what is wrong; not {@link Kind#DICTIONARY_MISMATCH}, which {@link #dictionaryMismatch}
     *     makes
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     */
    public CorruptPayloadException(Kind kind, long offset, String reason) {
        this(kind, offset, reason, null, 0);
    }

    /**
     * A payload with problem {@code kind}: {@code reason} found at byte {@code offset}, reported by {@code
     * cause}.
     *
     * @param kind what is wrong; not {@link Kind#DICTIONARY_MISMATCH}, which {@link #dictionaryMismatch}
     *     makes
     * @param offset the byte offset in the payload where the problem was found
     * @param reason what is wrong
     * @param cause the underlying error
     */
    public CorruptPayloadException(Kind kind, long offset, String reason, Throwable cause) {
        this(kind, offset, reason, cause, 0);
    }

    private CorruptPayloadException(Kind kind, long offset, String reason, Throwable cause, int dictionaryVersion) {
        super(reason + " (at payload offset " + offset + ")", cause);
        this.kind = kind;
        this.offset = offset;
        this.reason = reason;
        this.dictionaryVersion = dictionaryVersion;
    }

    /**
     * A payload at {@code offset} that names dictionary {@code version} but was written with another
     * dictionary, as {@code cause} (zstd, usually) reports.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param version the dictionary version the payload's prefix names
     * @param reason what is wrong
     * @param cause the underlying error
     * @return a {@link Kind#DICTIONARY_MISMATCH}
     */
    public static CorruptPayloadException dictionaryMismatch(long offset, int version, String reason, Throwable cause) {
        return new CorruptPayloadException(Kind.DICTIONARY_MISMATCH, offset, reason, cause, version);
    }

    /** {@return what is wrong with the payload} */
    public Kind kind() {
        return kind;
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

    /** {@return the version the payload's prefix names, for a {@link Kind#DICTIONARY_MISMATCH}; else empty} */
    public OptionalInt dictionaryVersion() {
        return kind == Kind.DICTIONARY_MISMATCH ? OptionalInt.of(dictionaryVersion) : OptionalInt.empty();
    }
}
