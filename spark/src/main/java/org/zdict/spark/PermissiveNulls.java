package org.zdict.spark;

import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import java.util.stream.Collectors;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.util.AccumulatorV2;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts, for the driver, the values that {@code zdict_decode} in PERMISSIVE mode turned into null, by
 * reason ({@link DecodeFailure#label}): an accumulator, one per {@code SparkContext}, that tasks add to and
 * Spark merges on the driver (and shows in its UI, under each stage). At the end of every job that added to
 * it, the driver logs one warning with that job's counts (logger {@code org.zdict.spark.PermissiveNulls}).
 * {@link ZdictFunctions#permissiveNulls()} reads the totals. A value that Spark evaluates twice (a retried
 * task, a sort's sampling pass) is counted twice, as Spark counts accumulators updated in transformations.
 */
final class PermissiveNulls extends AccumulatorV2<String, Map<String, Long>> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(PermissiveNulls.class);
    /** Its name in Spark's UI. */
    static final String NAME = "zdict_decode PERMISSIVE nulls";

    private static final Map<SparkContext, PermissiveNulls> BY_CONTEXT = new WeakHashMap<>();

    private final TreeMap<String, Long> counts = new TreeMap<>();

    /** The accumulator of the active {@code SparkContext}, registered (with its job-end log) at first use. */
    static PermissiveNulls forActiveContext() {
        SparkContext context = SparkContext.getOrCreate();
        synchronized (BY_CONTEXT) {
            PermissiveNulls nulls = BY_CONTEXT.get(context);
            if (nulls == null) {
                nulls = new PermissiveNulls();
                context.register(nulls, NAME);
                context.addSparkListener(new JobEndLog(nulls));
                BY_CONTEXT.put(context, nulls);
            }
            return nulls;
        }
    }

    /** The counts of the active {@code SparkContext} so far, by reason; empty before any PERMISSIVE call. */
    static Map<String, Long> totals() {
        SparkContext context = SparkContext.getOrCreate();
        synchronized (BY_CONTEXT) {
            PermissiveNulls nulls = BY_CONTEXT.get(context);
            return nulls == null ? Map.of() : nulls.value();
        }
    }

    @Override
    public synchronized boolean isZero() {
        return counts.isEmpty();
    }

    @Override
    public synchronized PermissiveNulls copy() {
        PermissiveNulls copy = new PermissiveNulls();
        copy.counts.putAll(counts);
        return copy;
    }

    @Override
    public synchronized void reset() {
        counts.clear();
    }

    @Override
    public synchronized void add(String reason) {
        counts.merge(reason, 1L, Long::sum);
    }

    @Override
    public void merge(AccumulatorV2<String, Map<String, Long>> other) {
        Map<String, Long> theirs = other.value();
        synchronized (this) {
            theirs.forEach((reason, count) -> counts.merge(reason, count, Long::sum));
        }
    }

    @Override
    public synchronized Map<String, Long> value() {
        return Map.copyOf(counts);
    }

    /** Logs, at the end of each job, what the job added. */
    private static final class JobEndLog extends SparkListener {
        private final PermissiveNulls nulls;
        private Map<String, Long> logged = Map.of();

        JobEndLog(PermissiveNulls nulls) {
            this.nulls = nulls;
        }

        @Override
        public void onJobEnd(SparkListenerJobEnd jobEnd) {
            Map<String, Long> now = nulls.value();
            Map<String, Long> added = new TreeMap<>();
            now.forEach((reason, count) -> {
                long delta = count - logged.getOrDefault(reason, 0L);
                if (delta > 0) {
                    added.put(reason, delta);
                }
            });
            logged = now;
            if (!added.isEmpty()) {
                LOG.warn(
                        "zdict_decode and zdict_decode_string (PERMISSIVE) gave null for {} values in job {}: {}",
                        added.values().stream().mapToLong(Long::longValue).sum(),
                        jobEnd.jobId(),
                        added.entrySet().stream()
                                .map(e -> e.getValue() + " " + e.getKey())
                                .collect(Collectors.joining(", ")));
            }
        }
    }
}
