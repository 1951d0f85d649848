package org.zdict.kafka;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.metrics.Measurable;

/**
 * The counts of one version label (a dictionary version, {@code plain}, {@code stored}, …) of one serde.
 *
 * <p>Counting a record costs no atomic operation on the thread that made the counters, which is the
 * thread of the first record of the label and, for a consumer, the one that polls every record: it
 * counts in fields that only it writes, with plain stores. Any other thread counts in the {@link
 * LongAdder}s. A reader adds both. Each field is a long written and read whole (opaque access: never
 * torn, and seen by readers soon after), so every metric is exact, as a LongAdder's sum is; like
 * LongAdder's, the three are not one snapshot.
 */
final class VersionCounters {
    private static final VarHandle OWNER_RECORDS;
    private static final VarHandle OWNER_ORIGINAL;
    private static final VarHandle OWNER_COMPRESSED;
    private static final VarHandle OWNER_LZ4;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OWNER_RECORDS = lookup.findVarHandle(VersionCounters.class, "ownerRecords", long.class);
            OWNER_ORIGINAL = lookup.findVarHandle(VersionCounters.class, "ownerOriginal", long.class);
            OWNER_COMPRESSED = lookup.findVarHandle(VersionCounters.class, "ownerCompressed", long.class);
            OWNER_LZ4 = lookup.findVarHandle(VersionCounters.class, "ownerLz4", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Takes each metric of a version: its name, description and value. */
    interface Publisher {
        void add(String name, String description, Measurable value);
    }

    private final Thread owner = Thread.currentThread();
    // Written by the owner only:
    private long ownerRecords;
    private long ownerOriginal;
    private long ownerCompressed;
    private long ownerLz4;

    private final LongAdder records = new LongAdder();
    private final LongAdder original = new LongAdder();
    private final LongAdder compressed = new LongAdder();
    private final LongAdder lz4 = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder waits = new LongAdder();

    /** Counts one record; {@code lz4} when its payload was an LZ4 block ({@code 0xD0}). */
    void counted(long originalBytes, long compressedBytes, boolean lz4Block) {
        if (Thread.currentThread() == owner) {
            // The owner reads its own fields plainly: no other thread writes them.
            OWNER_RECORDS.setOpaque(this, ownerRecords + 1);
            OWNER_ORIGINAL.setOpaque(this, ownerOriginal + originalBytes);
            OWNER_COMPRESSED.setOpaque(this, ownerCompressed + compressedBytes);
            if (lz4Block) {
                OWNER_LZ4.setOpaque(this, ownerLz4 + 1);
            }
        } else {
            records.increment();
            original.add(originalBytes);
            compressed.add(compressedBytes);
            if (lz4Block) {
                lz4.increment();
            }
        }
    }

    long records() {
        return (long) OWNER_RECORDS.getOpaque(this) + records.sum();
    }

    long original() {
        return (long) OWNER_ORIGINAL.getOpaque(this) + original.sum();
    }

    long compressed() {
        return (long) OWNER_COMPRESSED.getOpaque(this) + compressed.sum();
    }

    long lz4Records() {
        return (long) OWNER_LZ4.getOpaque(this) + lz4.sum();
    }

    void failed() {
        errors.increment();
    }

    void waited() {
        waits.increment();
    }

    /** Hands the metrics that read these counts to {@code publisher}, one call per metric. */
    void publish(Publisher publisher) {
        publisher.add(ZdictMetrics.RECORDS, "Records since start", (config, now) -> records());
        publisher.add(
                ZdictMetrics.ORIGINAL_BYTES,
                "Bytes before compression (inner serializer output)",
                (config, now) -> original());
        publisher.add(
                ZdictMetrics.COMPRESSED_BYTES,
                "Bytes after compression, prefix included",
                (config, now) -> compressed());
        publisher.add(ZdictMetrics.RATIO, "Original bytes / compressed bytes since start", (config, now) -> {
            long bytes = compressed();
            return bytes == 0 ? 0.0 : (double) original() / bytes;
        });
        publisher.add(
                ZdictMetrics.RECENT_RATIO,
                "Original bytes / compressed bytes of the records of the last metrics window (NaN with none)",
                new RecentRatio(this::original, this::compressed));
        publisher.add(
                ZdictMetrics.LZ4_RECORDS,
                "Records whose payload was an LZ4 block (0xD0), of " + ZdictMetrics.RECORDS,
                (config, now) -> lz4Records());
        publisher.add(ZdictMetrics.ERRORS, "Records that failed", (config, now) -> errors.sum());
        publisher.add(
                ZdictMetrics.WAITS,
                "Records that waited for their version to reach the registry",
                (config, now) -> waits.sum());
    }
}
