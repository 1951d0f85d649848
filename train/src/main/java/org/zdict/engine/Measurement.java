package org.zdict.engine;

/**
 * How one codec did on one batch size of the held-out events.
 *
 * @param batchSize events per payload
 * @param rawBytes held-out bytes compressed
 * @param compressedBytes their total compressed size
 * @param compressMBps compression speed, 10^6 bytes of input per second, one thread
 * @param decompressMBps decompression speed, 10^6 bytes of output per second, one thread
 */
public record Measurement(
        int batchSize, long rawBytes, long compressedBytes, double compressMBps, double decompressMBps) {

    /** Raw bytes over compressed bytes. */
    public double ratio() {
        return compressedBytes == 0 ? 0 : (double) rawBytes / compressedBytes;
    }

    /** Nanoseconds (of CPU time, as measured) to compress every held-out batch once, at the measured speed. */
    public double compressNanos() {
        return rawBytes * 1e3 / compressMBps;
    }
}
