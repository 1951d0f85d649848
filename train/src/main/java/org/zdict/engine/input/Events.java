package org.zdict.engine.input;

import java.io.Closeable;
import java.io.IOException;

/** Events read one at a time from one input: the JSON of a file ({@link EventReader}) or a topic's records. */
public interface Events extends Closeable {
    /**
     * The next event's bytes, or null at the end.
     *
     * @throws MalformedEventException for a bad event when bad events are not skipped
     * @throws IOException if the input cannot be read
     */
    byte[] next() throws IOException;

    /** How many bad events were skipped so far. */
    long skippedCount();

    /** How many bytes were read so far: events, skipped bytes and separators. */
    long inputBytes();
}
