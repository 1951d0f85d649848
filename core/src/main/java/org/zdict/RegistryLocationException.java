package org.zdict;

import org.zdict.internal.Locations;

/**
 * A registry location that cannot name a registry: empty, malformed, of a scheme no provider on the
 * classpath knows, or a file where a folder belongs. The message names the value and what was expected;
 * it never shows a {@code scheme://} location's query string, which may hold secrets.
 */
public class RegistryLocationException extends ZdictException {
    private final String location;
    private final String reason;

    public RegistryLocationException(String location, String reason) {
        super("Registry location '" + Locations.withoutQuery(location) + "': " + reason);
        this.location = location;
        this.reason = reason;
    }

    /** The location as given. */
    public String location() {
        return location;
    }

    /**
     * What is wrong with it, without the location (for messages that name it already); it shows no part
     * of the location's query string.
     */
    public String reason() {
        return reason;
    }
}
