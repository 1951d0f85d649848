package org.zdict;

/**
 * A payload written with another dictionary than the one its version number names in this registry:
 * the registry is not the one it was written with, or was rebuilt from scratch, so its version N is a
 * different dictionary. Detected from the dictionary id in the zstd frame.
 */
public class DictionaryMismatchException extends CorruptPayloadException {
    /** The dictionary version (serialized with the exception). */
    private final int version;

    /**
     * A payload at {@code offset} that names dictionary {@code version} but was written with another
     * dictionary, as zstd ({@code cause}) reports.
     *
     * @param offset the byte offset in the payload where the problem was found
     * @param version the dictionary version
     * @param reason what is wrong
     * @param cause the underlying error
     */
    public DictionaryMismatchException(long offset, int version, String reason, Throwable cause) {
        super(offset, reason, cause);
        this.version = version;
    }

    /**
     * The dictionary version the payload's prefix names.
     *
     * @return the version number
     */
    public int version() {
        return version;
    }
}
