package org.zdict.engine.input;

import java.util.Comparator;

/** One record value read from a topic, with where and when it was written. */
public record TopicRecord(int partition, long offset, long timestamp, byte[] value) {
    /** Oldest first: by timestamp, then partition and offset, so the order is the same on every run. */
    public static final Comparator<TopicRecord> WRITE_ORDER = Comparator.comparingLong(TopicRecord::timestamp)
            .thenComparingInt(TopicRecord::partition)
            .thenComparingLong(TopicRecord::offset);
}
