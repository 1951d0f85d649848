package org.zdict;

/** A registry operation that cannot be carried out: a refused state change, an unreadable manifest. */
public class RegistryException extends ZdictException {
    /**
     * A registry error with this message.
     *
     * @param message what went wrong, naming the bad value
     */
    public RegistryException(String message) {
        super(message);
    }

    /**
     * A registry error with this message, caused by {@code cause} (an I/O or Kafka error, for example).
     *
     * @param message what went wrong, naming the bad value
     * @param cause the underlying error
     */
    public RegistryException(String message, Throwable cause) {
        super(message, cause);
    }
}
