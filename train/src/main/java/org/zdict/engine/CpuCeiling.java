package org.zdict.engine;

/**
 * What the {@code balanced} objective holds a grid point's compression CPU to: Kafka's own lz4
 * ({@code kafka-lz4}) compressing the same held-out events in batches of the producer's typical size.
 * Each point is measured side by side with it, in short alternating slices of thread CPU time, and its
 * figure is the lower quartile of its per-slice ratios ({@link Measurement#cpuVsLz4()}), so that other
 * work on the machine weighs on both alike. As the figure still varies from run to run, a point is only
 * held to be over the ceiling when it is more than {@link #MARGIN} over it.
 *
 * @param maxTimesLz4 the most CPU per event a choice may cost, as a multiple of lz4's
 * @param lz4 Kafka's lz4 on the held-out events, {@link Measurement#batchSize()} events per batch
 */
public record CpuCeiling(double maxTimesLz4, Measurement lz4) {
    /**
     * How much two side-by-side figures of the same point may differ on a busy machine (the largest
     * difference seen with both cores kept busy by other work, with room to spare): a point this close
     * over the ceiling meets it, and a point this close over another in CPU is alike to it.
     */
    public static final double MARGIN = 0.05;

    /**
     * The CPU per held-out event {@code m} costs to compress, as a multiple of lz4's (same events): as
     * measured side by side, else from the two speeds measured apart.
     */
    public double timesLz4(Measurement m) {
        return Double.isNaN(m.cpuVsLz4()) ? m.compressNanos() / lz4.compressNanos() : m.cpuVsLz4();
    }

    /** Whether {@code m} meets the ceiling: costs no more than {@link #MARGIN} over it. */
    public boolean admits(Measurement m) {
        return meets(timesLz4(m));
    }

    /** Whether a point costing {@code timesLz4} meets the ceiling: no more than {@link #MARGIN} over it. */
    public boolean meets(double timesLz4) {
        return timesLz4 <= maxTimesLz4 * (1 + MARGIN);
    }

    /** The most CPU per event a point may cost and still be alike, within the measurement's noise, to one costing {@code least}. */
    public static double alikeBound(double least) {
        return least * (1 + MARGIN);
    }
}
