package org.zdict.engine;

import java.util.Locale;

/** Which events of the sample are held out for evaluation. */
public enum HoldoutFrom {
    /** A random share: estimates how the dictionary does on events like the sample. */
    RANDOM,
    /**
     * The latest events, in input order: estimates how it does on the events that come next, drift
     * included, as a dictionary trained now meets them.
     */
    LATEST;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The label, as the command line spells it ({@code --holdout-from latest}, its help and errors). */
    @Override
    public String toString() {
        return label();
    }
}
