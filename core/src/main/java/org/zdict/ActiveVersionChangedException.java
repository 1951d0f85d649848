package org.zdict;

import java.util.OptionalInt;

/**
 * A compare-and-set activation ({@link org.zdict.registry.DictionaryRegistry#activate(int, OptionalInt)})
 * refused because the subject's active version is no longer the one the caller expected: another writer
 * changed it in between. Nothing was changed.
 */
public class ActiveVersionChangedException extends RegistryException {
    private final String subject;
    private final OptionalInt expected;
    private final OptionalInt actual;

    public ActiveVersionChangedException(
            int version, String subject, OptionalInt expected, OptionalInt actual, String where) {
        super("Did not activate version " + version + " in " + where + ": the active version of subject '" + subject
                + "' is " + describe(actual) + ", not " + describe(expected)
                + " as expected (another writer changed it); nothing was changed");
        this.subject = subject;
        this.expected = expected;
        this.actual = actual;
    }

    public String subject() {
        return subject;
    }

    /** The active version the caller expected, empty for none. */
    public OptionalInt expected() {
        return expected;
    }

    /** The active version found, empty for none. */
    public OptionalInt actual() {
        return actual;
    }

    private static String describe(OptionalInt version) {
        return version.isPresent() ? "version " + version.getAsInt() : "none";
    }
}
