package org.zdict.engine.input;

import java.util.Iterator;

/** The events of a caller's iterator, taken as they are. */
final class IteratedEvents implements Events {
    private final String name;
    private final Iterator<byte[]> events;
    private long count;
    private long inputBytes;

    IteratedEvents(String name, Iterator<byte[]> events) {
        this.name = name;
        this.events = events;
    }

    @Override
    public byte[] next() {
        if (!events.hasNext()) {
            return null;
        }
        byte[] event = events.next();
        if (event == null) {
            throw new NullPointerException("Event " + count + " of " + name + " is null");
        }
        count++;
        inputBytes += event.length;
        return event;
    }

    @Override
    public long skippedCount() {
        return 0;
    }

    @Override
    public long inputBytes() {
        return inputBytes;
    }

    @Override
    public void close() {}
}
