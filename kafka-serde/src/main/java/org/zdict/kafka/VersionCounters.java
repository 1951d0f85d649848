package org.zdict.kafka;

import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.metrics.Measurable;

/** The counts of one version label (a dictionary version, {@code plain}, {@code stored}, …) of one serde. */
final class VersionCounters {
    /** Takes each metric of a version: its name, description and value. */
    interface Publisher {
        void add(String name, String description, Measurable value);
    }

    private final LongAdder records = new LongAdder();
    private final LongAdder original = new LongAdder();
    private final LongAdder compressed = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder waits = new LongAdder();

    void counted(long originalBytes, long compressedBytes) {
        records.increment();
        original.add(originalBytes);
        compressed.add(compressedBytes);
    }

    void failed() {
        errors.increment();
    }

    void waited() {
        waits.increment();
    }

    /** Hands the metrics that read these counts to {@code publisher}, one call per metric. */
    void publish(Publisher publisher) {
        publisher.add(ZdictMetrics.RECORDS, "Records since start", (config, now) -> records.sum());
        publisher.add(
                ZdictMetrics.ORIGINAL_BYTES,
                "Bytes before compression (inner serializer output)",
                (config, now) -> original.sum());
        publisher.add(
                ZdictMetrics.COMPRESSED_BYTES,
                "Bytes after compression, prefix included",
                (config, now) -> compressed.sum());
        publisher.add(ZdictMetrics.RATIO, "Original bytes / compressed bytes since start", (config, now) -> {
            long bytes = compressed.sum();
            return bytes == 0 ? 0.0 : (double) original.sum() / bytes;
        });
        publisher.add(
                ZdictMetrics.RECENT_RATIO,
                "Original bytes / compressed bytes of the records of the last metrics window (NaN with none)",
                new RecentRatio(original, compressed));
        publisher.add(ZdictMetrics.ERRORS, "Records that failed", (config, now) -> errors.sum());
        publisher.add(
                ZdictMetrics.WAITS,
                "Records that waited for their version to reach the registry",
                (config, now) -> waits.sum());
    }
}
