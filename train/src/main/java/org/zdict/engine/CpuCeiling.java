package org.zdict.engine;

/**
 * What the {@code balanced} objective holds a grid point's compression CPU to: Kafka's own lz4
 * ({@code kafka-lz4}) compressing the same held-out events in batches of the producer's typical size.
 * Each point is measured side by side with it, in short alternating slices of thread CPU time, and its
 * figure is the lower quartile of its per-slice ratios ({@link Measurement#cpuVsLz4()}), so that other
 * work on the machine weighs on both alike. A point meets the ceiling when its figure is over it by no
 * more than the fixed {@link #TOLERANCE}, whatever its spread ({@link Tolerance} says why): noise moves a
 * figure, never the line it is held to.
 *
 * @param maxTimesLz4 the most CPU per event a choice may cost, as a multiple of lz4's
 * @param lz4 Kafka's lz4 on the held-out events, {@link Measurement#batchSize()} events per batch
 */
public record CpuCeiling(double maxTimesLz4, Measurement lz4) {
    /**
     * How far a figure may be over the ceiling, or over another point's, and still be taken as meeting
     * it, or as alike to it ({@link Tolerance#SHARE}): {@code balanced}'s promise (no more CPU per event
     * than Kafka lz4's) holds within it.
     */
    public static final double TOLERANCE = Tolerance.SHARE;

    /**
     * The CPU per held-out event {@code m} costs to compress, as a multiple of lz4's (same events): as
     * measured side by side, else from the two speeds measured apart.
     */
    public double timesLz4(Measurement m) {
        return Double.isNaN(m.cpuVsLz4()) ? m.compressNanos() / lz4.compressNanos() : m.cpuVsLz4();
    }

    /** Whether {@code m} meets the ceiling: costs no more than the {@link #TOLERANCE} over it. */
    public boolean admits(Measurement m) {
        return meets(timesLz4(m));
    }

    /** Whether a point costing {@code timesLz4} meets the ceiling, within the {@link #TOLERANCE}. */
    public boolean meets(double timesLz4) {
        return timesLz4 <= maxTimesLz4 * (1 + TOLERANCE);
    }

    /**
     * Whether {@code m} cannot be told apart in CPU from {@code least}, which costs less: it is over it by
     * no more than the {@link #TOLERANCE}.
     */
    public boolean alike(Measurement m, Measurement least) {
        return timesLz4(m) <= timesLz4(least) * (1 + TOLERANCE);
    }
}
