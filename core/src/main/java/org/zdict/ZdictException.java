package org.zdict;

/**
 * Root of every error zdict raises. Unchecked, like the codecs it wraps: a caller handles the specific
 * subclasses it cares about and lets the rest propagate.
 */
public class ZdictException extends RuntimeException {
    public ZdictException(String message) {
        super(message);
    }

    public ZdictException(String message, Throwable cause) {
        super(message, cause);
    }
}
