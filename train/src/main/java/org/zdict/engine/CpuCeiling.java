package org.zdict.engine;

/**
 * What the {@code balanced} objective holds a grid point's compression CPU to: Kafka's own lz4
 * ({@code kafka-lz4}) compressing the same held-out events in batches of the producer's typical size,
 * measured beside the grid in the same process and in thread CPU time.
 *
 * @param maxTimesLz4 the most CPU per event a choice may cost, as a multiple of lz4's
 * @param lz4 Kafka's lz4 on the held-out events, {@link Measurement#batchSize()} events per batch
 */
public record CpuCeiling(double maxTimesLz4, Measurement lz4) {

    /** The CPU per held-out event {@code m} costs to compress, as a multiple of lz4's (same events). */
    public double timesLz4(Measurement m) {
        return m.compressNanos() / lz4.compressNanos();
    }

    public boolean admits(Measurement m) {
        return timesLz4(m) <= maxTimesLz4;
    }
}
