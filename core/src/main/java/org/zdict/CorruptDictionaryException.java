package org.zdict;

/**
 * A stored dictionary that cannot be trusted: its file is missing, truncated, or its SHA-256 does not
 * match the registry's record. Only this version is affected; every other version keeps working.
 */
public class CorruptDictionaryException extends ZdictException {
    private final int version;

    public CorruptDictionaryException(int version, String message) {
        super("Dictionary version " + version + ": " + message);
        this.version = version;
    }

    public CorruptDictionaryException(int version, String message, Throwable cause) {
        super("Dictionary version " + version + ": " + message, cause);
        this.version = version;
    }

    public int version() {
        return version;
    }
}
