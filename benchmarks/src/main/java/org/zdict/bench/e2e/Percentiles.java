package org.zdict.bench.e2e;

import java.util.Arrays;

/** Latency summary of one run, from every record's send-to-acknowledgement time. */
record Percentiles(double averageMs, double p99Ms, double p999Ms) {
    static Percentiles of(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double sum = 0;
        for (long n : sorted) {
            sum += n;
        }
        return new Percentiles(sum / sorted.length / 1e6, at(sorted, 0.99) / 1e6, at(sorted, 0.999) / 1e6);
    }

    private static long at(long[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
