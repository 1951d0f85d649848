package org.zdict;

/**
 * Root of every error zdict raises. Unchecked, like the codecs it wraps: a caller handles the specific
 * subclasses it cares about and lets the rest propagate. Exceptions are immutable, so safe to share
 * between threads.
 */
public class ZdictException extends RuntimeException {
    /**
     * An error with this message.
     *
     * @param message what went wrong, naming the bad value
     */
    public ZdictException(String message) {
        super(message);
    }

    /**
     * An error with this message, caused by {@code cause}.
     *
     * @param message what went wrong, naming the bad value
     * @param cause the underlying error
     */
    public ZdictException(String message, Throwable cause) {
        super(message, cause);
    }
}
