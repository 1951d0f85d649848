package org.zdict.engine;

import java.util.Arrays;
import java.util.stream.IntStream;

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
     * moments, not in each slice's: each reference slice loses the time allocating them took in its round
     * (the quickest of the round's allocations, which run beside its reference slices, a millisecond or so
     * apart) and gains, per window of events, the {@link #FRESH_QUANTILE} quantile of those times over the
     * run. Zeroing fresh memory is bound by memory bandwidth, which neighbours' builds and garbage
     * collectors take their share of, while the codecs under test work in cache; so this part of Kafka
     * lz4's CPU moves with memory load where theirs barely does, and the choice with it. Load that lasts
     * the round slows every allocation in it, the quickest too, and is taken out; an allocation disturbed
     * alone (the thread switched out, a burst elsewhere) is not the quickest and does not count. Taking
     * each slice's own allocation instead made every such disturbance a cheaper reference slice, so that
     * the busier the machine, the cheaper Kafka lz4 looked (by up to 30% for a whole run, under spinning
     * cores on a machine that other builds kept busy).
     *
     * @param reference per round and slot, the reference's slice, adjusted in place
     * @param fresh per round and slot, the time allocating the fresh arrays took right after it
     * @param windows how many windows of events the rounds take in turn
     */
    static void countAtLeastDisturbed(long[][] reference, long[][] fresh, int windows) {
        for (int w = 0; w < windows; w++) {
            int window = w;
            double[] inWindow = IntStream.range(0, fresh.length)
                    .filter(round -> round % windows == window)
                    .mapToObj(round -> fresh[round])
                    .flatMapToLong(Arrays::stream)
                    .asDoubleStream()
                    .toArray();
            long leastDisturbed = Math.round(Slices.quantile(inWindow, FRESH_QUANTILE));
            for (int round = window; round < reference.length; round += windows) {
                long quickestInRound = Arrays.stream(fresh[round]).min().orElseThrow();
                for (int j = 0; j < reference[round].length; j++) {
                    reference[round][j] = Math.max(1, reference[round][j] - quickestInRound + leastDisturbed);
                }
            }
        }
    }
}
