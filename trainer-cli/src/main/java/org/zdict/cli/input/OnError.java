package org.zdict.cli.input;

/** What to do with a malformed event. */
public enum OnError {
    /** Stop with an error naming the file, line and byte offset. */
    FAIL,
    /** Report it, skip to the next line, and go on. */
    SKIP
}
