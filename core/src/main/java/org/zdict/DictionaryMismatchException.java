package org.zdict;

/**
 * A payload written with another dictionary than the one its version number names in this registry:
 * the registry is not the one it was written with, or was rebuilt from scratch, so its version N is a
 * different dictionary. Detected from the dictionary id in the zstd frame.
 */
public class DictionaryMismatchException extends CorruptPayloadException {
    private final int version;

    public DictionaryMismatchException(long offset, int version, String reason, Throwable cause) {
        super(offset, reason, cause);
        this.version = version;
    }

    /** The dictionary version the payload's prefix names. */
    public int version() {
        return version;
    }
}
