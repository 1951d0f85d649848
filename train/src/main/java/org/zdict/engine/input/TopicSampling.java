package org.zdict.engine.input;

import java.time.Instant;

/**
 * Which records of a topic are read: the newest {@code maxRecords} across its partitions, none written
 * before {@code since}, with at most {@code maxBytes} of record values held at once.
 *
 * @param since the oldest timestamp read, or null for no limit
 * @param needed how many events the command needs at least (an empty topic's refusal says it)
 */
public record TopicSampling(int maxRecords, Instant since, long maxBytes, int needed) {
    public TopicSampling(int maxRecords, Instant since, long maxBytes) {
        this(maxRecords, since, maxBytes, 1);
    }

    public TopicSampling {
        if (maxRecords < 1) {
            throw new IllegalArgumentException("Record limit must be positive, got " + maxRecords);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("Record byte limit must be positive, got " + maxBytes);
        }
    }
}
