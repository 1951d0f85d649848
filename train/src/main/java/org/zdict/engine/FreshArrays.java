package org.zdict.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The arrays a codec allocates afresh per compress call ({@link
 * org.zdict.engine.codec.BlockCodec#freshArraysPerCompress()}), allocated apart from it: zeroing fresh
 * memory is bound by memory bandwidth, which other work on the machine competes for, so timing this
 * beside the codec tells how much of its figure that competition made ({@link Meter}).
 */
final class FreshArrays {
    /**
     * The quantile of the times allocating the reference's fresh arrays took that counts for every slice:
     * the run's least disturbed moments, where memory bandwidth was the machine's own.
     */
    static final double FRESH_QUANTILE = 0.05;

    private final int[] sizes;
    /** Where allocated arrays go, so that the JIT cannot leave the allocation out. */
    private Object sink;

    FreshArrays(int[] sizes) {
        this.sizes = sizes.clone();
    }

    boolean none() {
        return sizes.length == 0;
    }

    /** A pass that allocates the arrays afresh {@code calls} times, as that many compress calls do. */
    Runnable allocate(int calls) {
        return () -> {
            for (int c = 0; c < calls; c++) {
                for (int size : sizes) {
                    sink = new byte[size];
                }
            }
        };
    }

    /**
     * Counts the reference's fresh arrays at the speed they were allocated in the run's least disturbed
     * moments, not in each slice's. Per window of events, every reference slice becomes the window's
     * typical slice without the allocation (the median, over the window's slices, of each less the time
     * allocating the arrays took right after it) plus the {@link #FRESH_QUANTILE} quantile of those
     * allocation times. Zeroing fresh memory is bound by memory bandwidth, which neighbours' builds and
     * garbage collectors take their share of, while the codecs under test work in cache; so this part of
     * Kafka lz4's CPU moves with memory load where theirs barely does, and the choice with it.
     *
     * <p>A slice less its allocation is a difference of two timings, and other work disturbs either side:
     * a disturbed reference slice makes it longer, a disturbed allocation shorter. Its median is left where
     * it was by both; the lowest of them, which the codecs' slices are otherwise compared with, was not,
     * and the busier the machine, the cheaper Kafka lz4 looked (30% cheaper for a whole run under spinning
     * cores, with other builds on the machine).
     *
     * @param reference per round and slot, the reference's slice, replaced in place
     * @param fresh per round and slot, the time allocating the fresh arrays took right after it
     * @param windows how many windows of events the rounds take in turn
     */
    static void countAtLeastDisturbed(long[][] reference, long[][] fresh, int windows) {
        for (int window = 0; window < windows; window++) {
            List<Double> allocations = new ArrayList<>();
            List<Double> withoutAllocation = new ArrayList<>();
            for (int round = window; round < reference.length; round += windows) {
                for (int j = 0; j < reference[round].length; j++) {
                    allocations.add((double) fresh[round][j]);
                    withoutAllocation.add((double) (reference[round][j] - fresh[round][j]));
                }
            }
            long typical = Math.round(Slices.quantile(toArray(withoutAllocation), 0.5)
                    + Slices.quantile(toArray(allocations), FRESH_QUANTILE));
            for (int round = window; round < reference.length; round += windows) {
                Arrays.fill(reference[round], Math.max(1, typical));
            }
        }
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
