package org.zdict.kafka;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.LongSupplier;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.MetricConfig;

/**
 * Original bytes / compressed bytes of the records counted in the last window, not since start: the
 * metric {@value ZdictMetrics#RECENT_RATIO}. The window is that of the metrics' {@code MetricConfig}:
 * Kafka's defaults, 30 s × 2 samples, for the JMX metrics the serdes publish.
 *
 * <p>Nothing is done per record: the running totals are the serde's counters, and each read keeps them
 * with its time. A read returns the ratio since the latest earlier read at least one window ago (since
 * start if there is none), so a reader that reads every window or more often sees the last one to two
 * windows. With no record in it, the ratio is NaN (no data), which never fires a {@code <} alert.
 */
final class RecentRatio implements Measurable {
    /** The time of the totals at start: before any read, with room to subtract from it. */
    private static final long START = Long.MIN_VALUE / 4;

    private final LongSupplier original;
    private final LongSupplier compressed;
    /** Totals kept at earlier reads, oldest first: {time ms, original, compressed}. Guarded by this. */
    private final ArrayDeque<long[]> reads = new ArrayDeque<>();

    RecentRatio(LongSupplier original, LongSupplier compressed) {
        this.original = original;
        this.compressed = compressed;
        reads.add(new long[] {START, 0, 0});
    }

    @Override
    public synchronized double measure(MetricConfig config, long now) {
        long window = Math.max(1, config.timeWindowMs() * Math.max(1, config.samples()));
        long originalNow = original.getAsLong();
        long compressedNow = compressed.getAsLong();
        long[] base = reads.peekFirst();
        for (Iterator<long[]> it = reads.iterator(); it.hasNext(); ) {
            long[] read = it.next();
            if (read[0] <= now - window) {
                base = read;
            } else {
                break;
            }
        }
        while (reads.peekFirst() != base) {
            reads.pollFirst(); // older than the base: never needed again
        }
        // Keep a read only every eighth of a window, so frequent readers keep at most about nine.
        if (now - reads.peekLast()[0] >= window / 8) {
            reads.addLast(new long[] {now, originalNow, compressedNow});
        }
        long bytes = compressedNow - base[2];
        return bytes <= 0 ? Double.NaN : (double) (originalNow - base[1]) / bytes;
    }
}
