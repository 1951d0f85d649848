package org.zdict.engine.input;

import java.util.Locale;

/** What to do with a malformed event. */
public enum OnError {
    /** Stop with an error naming the file, line and byte offset. */
    FAIL,
    /** Report it, skip to the next line, and go on. */
    SKIP;

    /** The name as the command line spells it ({@code --on-error skip}, its help and errors). */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
