package org.zdict.engine;

/**
 * How one codec did on one batch size of the held-out events.
 *
 * @param batchSize events per payload
 * @param rawBytes held-out bytes compressed
 * @param compressedBytes their total compressed size
 * @param compressMBps compression speed, 10^6 bytes of input per second, one thread
 * @param compressMBpsSpread how much {@code compressMBps} moved among its timed rounds, as a share of it
 *     (half the distance between the slowest and fastest round, over the fastest); NaN where it was not
 *     measured
 * @param decompressMBps decompression speed, 10^6 bytes of output per second, one thread
 * @param cpuVsLz4 compression CPU per event as a multiple of Kafka's lz4 on the producer's batches,
 *     measured side by side with it ({@link CpuCeiling}); NaN where it was not
 * @param cpuVsLz4Spread how much {@code cpuVsLz4} moved within the run that measured it, as a share of it
 *     (half the distance between the figures of the run's quarters, {@link Slices#spread}); NaN where it
 *     was not measured
 * @param decodeVsLz4 decoding CPU per event as a multiple of Kafka's lz4 decoding its producer batches,
 *     measured side by side with it the same way; NaN where it was not
 */
public record Measurement(
        int batchSize,
        long rawBytes,
        long compressedBytes,
        double compressMBps,
        double compressMBpsSpread,
        double decompressMBps,
        double cpuVsLz4,
        double cpuVsLz4Spread,
        double decodeVsLz4) {

    /** A measurement not compared side by side with Kafka's lz4. */
    public Measurement(int batchSize, long rawBytes, long compressedBytes, double compressMBps, double decompressMBps) {
        this(batchSize, rawBytes, compressedBytes, compressMBps, Double.NaN, decompressMBps);
    }

    /** A measurement not compared side by side with Kafka's lz4, its speed moving by {@code compressMBpsSpread}. */
    public Measurement(
            int batchSize,
            long rawBytes,
            long compressedBytes,
            double compressMBps,
            double compressMBpsSpread,
            double decompressMBps) {
        this(
                batchSize,
                rawBytes,
                compressedBytes,
                compressMBps,
                compressMBpsSpread,
                decompressMBps,
                Double.NaN,
                Double.NaN,
                Double.NaN);
    }

    /** Raw bytes over compressed bytes. */
    public double ratio() {
        return compressedBytes == 0 ? 0 : (double) rawBytes / compressedBytes;
    }

    /** Nanoseconds (of CPU time, as measured) to compress every held-out batch once, at the measured speed. */
    public double compressNanos() {
        return rawBytes * 1e3 / compressMBps;
    }

    /**
     * This measurement with its compression CPU per event against Kafka's lz4, measured side by side, and
     * how much that figure moved within the run, as a share of it.
     */
    public Measurement withCpuVsLz4(double timesLz4, double spread) {
        return new Measurement(
                batchSize,
                rawBytes,
                compressedBytes,
                compressMBps,
                compressMBpsSpread,
                decompressMBps,
                timesLz4,
                spread,
                decodeVsLz4);
    }

    /** This measurement with its compression CPU per event against Kafka's lz4, its spread not measured. */
    public Measurement withCpuVsLz4(double timesLz4) {
        return withCpuVsLz4(timesLz4, Double.NaN);
    }

    /** This measurement with its decoding CPU per event against Kafka's lz4, measured side by side. */
    public Measurement withDecodeVsLz4(double timesLz4) {
        return new Measurement(
                batchSize,
                rawBytes,
                compressedBytes,
                compressMBps,
                compressMBpsSpread,
                decompressMBps,
                cpuVsLz4,
                cpuVsLz4Spread,
                timesLz4);
    }
}
