package org.zdict;

/** A well-formed registry location where no registry exists, opened by a reader that needs one. */
public class RegistryNotFoundException extends RegistryException {
    private final String location;

    public RegistryNotFoundException(String location, String message) {
        super(message);
        this.location = location;
    }

    /** The location as given. */
    public String location() {
        return location;
    }
}
