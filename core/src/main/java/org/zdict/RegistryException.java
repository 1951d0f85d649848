package org.zdict;

/** A registry operation that cannot be carried out: a refused state change, an unreadable manifest. */
public class RegistryException extends ZdictException {
    public RegistryException(String message) {
        super(message);
    }

    public RegistryException(String message, Throwable cause) {
        super(message, cause);
    }
}
