package org.zdict;

import java.util.OptionalInt;
import org.zdict.registry.DictionaryRegistries;

/**
 * A registry that cannot be opened or used: its {@link #kind()} says why. A location that names no
 * registry, a registry that is not there, a compare-and-set activation that lost to another writer, or
 * (every other case) a refused state change or storage that cannot be read or written. Messages never
 * show a {@code scheme://} location's query string, which may hold secrets.
 */
public class RegistryException extends ZdictException {
    /** Why a registry operation failed. Immutable (an enum). */
    public enum Kind {
        /** A refused state change, an unreadable manifest, a topic that cannot be read or written. */
        FAILED,
        /**
         * A location that cannot name a registry: empty, malformed, of a scheme no provider on the class
         * path knows, or a file where a folder belongs. {@link #location()} and {@link #reason()} tell it.
         */
        BAD_LOCATION,
        /** A well-formed location where no registry exists, opened by a reader that needs one. */
        NOT_FOUND,
        /**
         * A compare-and-set activation ({@link org.zdict.registry.DictionaryRegistry#activate(int,
         * OptionalInt)}) refused because the subject's active version is no longer the one the caller
         * expected: another writer changed it in between ({@link #actualActiveVersion()}). Nothing changed.
         */
        ACTIVE_VERSION_CHANGED
    }

    /** Why (serialized with the exception). */
    private final Kind kind;
    /** The location as given, for {@link Kind#BAD_LOCATION} and {@link Kind#NOT_FOUND} (serialized). */
    private final String location;
    /** What is wrong, without the location (serialized with the exception). */
    private final String reason;
    /** The active version found by a refused compare-and-set, 0 for none (serialized with the exception). */
    private final int actualActive;

    /**
     * A {@link Kind#FAILED} registry operation.
     *
     * @param message what went wrong, naming the bad value
     */
    public RegistryException(String message) {
        this(Kind.FAILED, message, null, message, 0, null);
    }

    /**
     * A {@link Kind#FAILED} registry operation, caused by {@code cause} (an I/O or Kafka error, for
     * example).
     *
     * @param message what went wrong, naming the bad value
     * @param cause the underlying error
     */
    public RegistryException(String message, Throwable cause) {
        this(Kind.FAILED, message, null, message, 0, cause);
    }

    private RegistryException(
            Kind kind, String message, String location, String reason, int actualActive, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.location = location;
        this.reason = reason;
        this.actualActive = actualActive;
    }

    /**
     * A bad {@code location}; {@code reason} says what is wrong with it. The message is "Registry location
     * 'LOCATION': REASON", without the location's query string.
     *
     * @param location the registry location as given
     * @param reason what is wrong
     * @return a {@link Kind#BAD_LOCATION}
     */
    public static RegistryException badLocation(String location, String reason) {
        return new RegistryException(
                Kind.BAD_LOCATION,
                "Registry location '" + DictionaryRegistries.withoutQuery(location) + "': " + reason,
                location,
                reason,
                0,
                null);
    }

    /**
     * No registry at {@code location}.
     *
     * @param location the registry location as given
     * @param message what went wrong, saying where was looked
     * @return a {@link Kind#NOT_FOUND}
     */
    public static RegistryException notFound(String location, String message) {
        return new RegistryException(Kind.NOT_FOUND, message, location, message, 0, null);
    }

    /**
     * A compare-and-set activation of {@code version} refused: the active version of {@code subject} is
     * {@code actual}, not {@code expected}.
     *
     * @param version the version the caller tried to activate
     * @param subject its subject
     * @param expected the active version the caller expected, empty for none
     * @param actual the active version found, empty for none
     * @param where the registry, for the message
     * @return an {@link Kind#ACTIVE_VERSION_CHANGED}
     */
    public static RegistryException activeVersionChanged(
            int version, String subject, OptionalInt expected, OptionalInt actual, String where) {
        String message = "Did not activate version " + version + " in " + where + ": the active version of subject '"
                + subject + "' is " + describe(actual) + ", not " + describe(expected)
                + " as expected (another writer changed it); nothing was changed";
        return new RegistryException(Kind.ACTIVE_VERSION_CHANGED, message, null, message, actual.orElse(0), null);
    }

    /**
     * A compare-and-set activation of a dictionary set refused: the subject's active version is the one
     * expected, but its set is not.
     *
     * @param subject the set's subject
     * @param actual the active version found
     * @param where the registry, for the message
     * @return an {@link Kind#ACTIVE_VERSION_CHANGED}
     */
    public static RegistryException activeSetChanged(String subject, OptionalInt actual, String where) {
        String message = "Did not activate a dictionary set in " + where + ": the dictionary set of subject '" + subject
                + "' is not the one expected (another writer changed it); nothing was changed";
        return new RegistryException(Kind.ACTIVE_VERSION_CHANGED, message, null, message, actual.orElse(0), null);
    }

    /** {@return why the operation failed} */
    public Kind kind() {
        return kind;
    }

    /** {@return the location as given, for {@link Kind#BAD_LOCATION} and {@link Kind#NOT_FOUND}; else null} */
    public String location() {
        return location;
    }

    /**
     * What is wrong, without the location for a {@link Kind#BAD_LOCATION} (for messages that name it
     * already; it shows no part of the location's query string); the message otherwise.
     *
     * @return the reason
     */
    public String reason() {
        return reason;
    }

    /**
     * {@return the active version a refused compare-and-set found ({@link Kind#ACTIVE_VERSION_CHANGED});
     * empty for none, and for every other kind}
     */
    public OptionalInt actualActiveVersion() {
        return actualActive > 0 ? OptionalInt.of(actualActive) : OptionalInt.empty();
    }

    private static String describe(OptionalInt version) {
        return version.isPresent() ? "version " + version.getAsInt() : "none";
    }
}
