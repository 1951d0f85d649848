package org.zdict;

/**
 * A stored dictionary that cannot be trusted: its file is missing, truncated, or its SHA-256 does not
 * match the registry's record. Only this version is affected; every other version keeps working.
 */
public class CorruptDictionaryException extends ZdictException {
    /** The dictionary version (serialized with the exception). */
    private final int version;

    /**
     * A corrupt dictionary {@code version}; the message starts with "Dictionary version N: ".
     *
     * @param version the dictionary version
     * @param message what went wrong, naming the bad value
     */
    public CorruptDictionaryException(int version, String message) {
        super("Dictionary version " + version + ": " + message);
        this.version = version;
    }

    /**
     * A corrupt dictionary {@code version}, found through {@code cause} (an I/O error, for example).
     *
     * @param version the dictionary version
     * @param message what went wrong, naming the bad value
     * @param cause the underlying error
     */
    public CorruptDictionaryException(int version, String message, Throwable cause) {
        super("Dictionary version " + version + ": " + message, cause);
        this.version = version;
    }

    /**
     * The dictionary version that cannot be used.
     *
     * @return the version number, positive
     */
    public int version() {
        return version;
    }
}
