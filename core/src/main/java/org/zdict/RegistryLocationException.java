package org.zdict;

import org.zdict.internal.Locations;

/**
 * A registry location that cannot name a registry: empty, malformed, of a scheme no provider on the
 * classpath knows, or a file where a folder belongs. The message names the value and what was expected;
 * it never shows a {@code scheme://} location's query string, which may hold secrets.
 */
public class RegistryLocationException extends ZdictException {
    /** The location as given (serialized with the exception). */
    private final String location;
    /** What is wrong, without the context (serialized with the exception). */
    private final String reason;

    /**
     * A bad {@code location}; {@code reason} says what is wrong with it.
     *
     * @param location the registry location as given
     * @param reason what is wrong
     */
    public RegistryLocationException(String location, String reason) {
        super("Registry location '" + Locations.withoutQuery(location) + "': " + reason);
        this.location = location;
        this.reason = reason;
    }

    /**
     * The location as given.
     *
     * @return the location string
     */
    public String location() {
        return location;
    }

    /**
     * What is wrong with it, without the location (for messages that name it already); it shows no part
     * of the location's query string.
     *
     * @return the reason
     */
    public String reason() {
        return reason;
    }
}
