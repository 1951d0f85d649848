package org.zdict.engine;

/**
 * What the {@code balanced} objective holds a grid point's compression CPU to: Kafka's own lz4
 * ({@code kafka-lz4}) compressing the same held-out events in batches of the producer's typical size.
 * Each point is measured side by side with it, in short alternating slices of thread CPU time, and its
 * figure is the lower quartile of its per-slice ratios ({@link Measurement#cpuVsLz4()}), so that other
 * work on the machine weighs on both alike. The figure still moves with the load, so each point is judged
 * with its own {@link #margin}: how much its figure moved within this run ({@link
 * Measurement#cpuVsLz4Spread()}), at least {@link #LEAST_MARGIN} and at most {@link #MOST_MARGIN}. A point
 * is over the ceiling only when it is over by more than its margin.
 *
 * @param maxTimesLz4 the most CPU per event a choice may cost, as a multiple of lz4's
 * @param lz4 Kafka's lz4 on the held-out events, {@link Measurement#batchSize()} events per batch
 */
public record CpuCeiling(double maxTimesLz4, Measurement lz4) {
    /** The least margin a figure is judged with, however steady it was ({@link MeasuredMargin#LEAST}). */
    public static final double LEAST_MARGIN = MeasuredMargin.LEAST;

    /**
     * The most margin a figure is judged with, however much it moved within its run ({@link
     * MeasuredMargin#MOST}): how far a chosen point may be over the ceiling, so {@code balanced}'s promise
     * (no more CPU per event than Kafka lz4's) holds within it.
     */
    public static final double MOST_MARGIN = MeasuredMargin.MOST;

    /**
     * The CPU per held-out event {@code m} costs to compress, as a multiple of lz4's (same events): as
     * measured side by side, else from the two speeds measured apart.
     */
    public double timesLz4(Measurement m) {
        return Double.isNaN(m.cpuVsLz4()) ? m.compressNanos() / lz4.compressNanos() : m.cpuVsLz4();
    }

    /**
     * The share by which {@code m}'s figure may be over the ceiling, or over another point's, and still be
     * taken as meeting it, or as alike to it: how much it moved within its run, at least {@link
     * #LEAST_MARGIN} (also where that was not measured) and at most {@link #MOST_MARGIN}.
     */
    public static double margin(Measurement m) {
        return margin(m.cpuVsLz4Spread());
    }

    /** The margin a figure that moved by {@code spread} (NaN: not measured) is judged with. */
    public static double margin(double spread) {
        return MeasuredMargin.of(spread);
    }

    /** Whether {@code m} meets the ceiling: costs no more than its {@link #margin} over it. */
    public boolean admits(Measurement m) {
        return meets(timesLz4(m), margin(m));
    }

    /** Whether a point costing {@code timesLz4}, judged with {@code margin}, meets the ceiling. */
    public boolean meets(double timesLz4, double margin) {
        return timesLz4 <= maxTimesLz4 * (1 + margin);
    }

    /**
     * Whether {@code m} cannot be told apart in CPU from {@code least}, which costs less: it is over it by
     * no more than the larger of their two margins.
     */
    public boolean alike(Measurement m, Measurement least) {
        return timesLz4(m) <= timesLz4(least) * (1 + Math.max(margin(m), margin(least)));
    }
}
