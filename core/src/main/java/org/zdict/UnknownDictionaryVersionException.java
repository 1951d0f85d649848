package org.zdict;

/** A dictionary version that the registry does not hold (never published, or removed). */
public class UnknownDictionaryVersionException extends ZdictException {
    /** The dictionary version (serialized with the exception). */
    private final int version;

    /**
     * Dictionary {@code version} is not in the registry {@code where} names.
     *
     * @param version the dictionary version
     * @param where a description of the registry, for the message
     */
    public UnknownDictionaryVersionException(int version, String where) {
        super("Unknown dictionary version " + version + " in " + where
                + ": it was never published there or has been removed");
        this.version = version;
    }

    /**
     * The version the registry does not hold.
     *
     * @return the version number
     */
    public int version() {
        return version;
    }
}
