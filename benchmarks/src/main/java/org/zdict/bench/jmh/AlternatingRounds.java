package org.zdict.bench.jmh;

import java.util.Arrays;

/**
 * Two variants of one call compared on a busy machine: rounds of each in one JVM, alternating (which
 * goes first alternates too), after five warm-up pairs, so both see the same neighbours. The caller
 * times a round (CPU ns per call over about {@code roundNanos} of thread CPU time), keeping one loop
 * per variant so that each call site stays monomorphic.
 */
public final class AlternatingRounds {
    private static final int WARM_UP_PAIRS = 5;

    /** Times one round of {@code variant}: CPU nanoseconds per call over about {@code nanos}. */
    @FunctionalInterface
    public interface Round {
        double nanosPerCall(int variant, long nanos);
    }

    /**
     * The rounds of one comparison: CPU ns per call of each variant, and each round's ratio second ÷
     * first.
     */
    public record Result(double[] firstNs, double[] secondNs, double[] ratios) {
        public double firstMedian() {
            return quantile(firstNs, 0.5);
        }

        public double secondMedian() {
            return quantile(secondNs, 0.5);
        }

        public double ratioQuantile(double q) {
            return quantile(ratios, q);
        }
    }

    private AlternatingRounds() {}

    public static Result compare(Round round, int first, int second, int rounds, long roundNanos) {
        for (int warmUp = 0; warmUp < WARM_UP_PAIRS; warmUp++) {
            round.nanosPerCall(first, roundNanos);
            round.nanosPerCall(second, roundNanos);
        }
        double[] firstNs = new double[rounds];
        double[] secondNs = new double[rounds];
        double[] ratios = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if (r % 2 == 0) {
                firstNs[r] = round.nanosPerCall(first, roundNanos);
                secondNs[r] = round.nanosPerCall(second, roundNanos);
            } else {
                secondNs[r] = round.nanosPerCall(second, roundNanos);
                firstNs[r] = round.nanosPerCall(first, roundNanos);
            }
            ratios[r] = secondNs[r] / firstNs[r];
        }
        return new Result(firstNs, secondNs, ratios);
    }

    /** The {@code q} quantile of {@code values}, interpolated between neighbours. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = q * (sorted.length - 1);
        int low = (int) Math.floor(position);
        int high = (int) Math.ceil(position);
        return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
    }
}
