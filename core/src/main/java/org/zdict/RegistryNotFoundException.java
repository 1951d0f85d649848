package org.zdict;

/** A well-formed registry location where no registry exists, opened by a reader that needs one. */
public class RegistryNotFoundException extends RegistryException {
    /** The location as given (serialized with the exception). */
    private final String location;

    /**
     * No registry at {@code location}; the message says where was looked.
     *
     * @param location the registry location as given
     * @param message what went wrong, naming the bad value
     */
    public RegistryNotFoundException(String location, String message) {
        super(message);
        this.location = location;
    }

    /**
     * The location as given.
     *
     * @return the location string
     */
    public String location() {
        return location;
    }
}
