package org.zdict;

/** A dictionary version that the registry does not hold (never published, or removed). */
public class UnknownDictionaryVersionException extends ZdictException {
    private final int version;

    public UnknownDictionaryVersionException(int version, String where) {
        super("Unknown dictionary version " + version + " in " + where
                + ": it was never published there or has been removed");
        this.version = version;
    }

    public int version() {
        return version;
    }
}
