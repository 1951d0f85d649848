package org.zdict.engine;

import java.util.Arrays;

/**
 * Thread CPU nanoseconds of short alternating slices ({@link Meter#slices}): in each round, reference,
 * codec 1, reference, codec 2, ..., reference, each a pass over the same window of events. Round {@code
 * r} takes window {@code r % windows}. From them, each codec's CPU per event as a multiple of the
 * reference's ({@link #figure}) and how much that figure moved within the run ({@link #spread}).
 *
 * @param reference per round, the reference slice before each codec's, then the one after the last
 * @param codecs per codec, its slice in each round
 * @param windows how many windows of events the rounds take in turn
 */
record Slices(long[][] reference, long[][] codecs, int windows) {
    /** The per-slice quantile that counts: low enough to skip slices that other work disturbed. */
    static final double QUANTILE = 0.25;
    /** Consecutive parts of the rounds whose figures {@link #spread} compares. */
    static final int PARTS = 4;

    /**
     * Codec {@code i}'s slices over the quicker reference slice beside each: work elsewhere on the
     * machine only ever lengthens a slice, so a reference slice disturbed on one side does not count,
     * and a disturbed codec slice gives a high ratio, which a low quantile leaves out.
     */
    double[] ratios(int i) {
        double[] ratios = new double[reference.length];
        for (int round = 0; round < reference.length; round++) {
            ratios[round] = (double) codecs[i][round] / Math.min(reference[round][i], reference[round][i + 1]);
        }
        return ratios;
    }

    /**
     * Codec {@code i}'s CPU per event as a multiple of the reference's: per window of events, the {@link
     * #QUANTILE} quantile of its per-slice ratios, averaged over the windows.
     */
    double figure(int i) {
        return Arrays.stream(windowFigures(ratios(i))).average().orElseThrow();
    }

    /** {@link #figure} for every codec. */
    double[] figures() {
        double[] figures = new double[codecs.length];
        Arrays.setAll(figures, this::figure);
        return figures;
    }

    /**
     * How much codec {@code i}'s figure moved within this run, as a share of it. Each per-slice ratio is
     * taken over its window's figure (so that the windows' different events do not count as noise), and
     * the {@link #QUANTILE} quantile of these is taken again on each of {@link #PARTS} consecutive parts
     * of the rounds: this is half the distance between the lowest and the highest of them, over that
     * quantile on all the rounds. Load that comes and goes during the run (a neighbour's build starting,
     * a garbage collector) moves the parts apart; as each part has a quarter of the slices, this is about
     * twice the standard deviation of the whole run's figure when the noise is steady. NaN with fewer
     * rounds than parts.
     */
    double spread(int i) {
        int rounds = reference.length;
        if (rounds < PARTS) {
            return Double.NaN;
        }
        double[] ratios = ratios(i);
        double[] windowFigures = windowFigures(ratios);
        double[] relative = new double[rounds];
        Arrays.setAll(relative, round -> ratios[round] / windowFigures[round % windows]);
        double lowest = Double.POSITIVE_INFINITY;
        double highest = 0;
        for (int part = 0; part < PARTS; part++) {
            double[] inPart = Arrays.copyOfRange(relative, part * rounds / PARTS, (part + 1) * rounds / PARTS);
            double figure = quantile(inPart, QUANTILE);
            lowest = Math.min(lowest, figure);
            highest = Math.max(highest, figure);
        }
        return (highest - lowest) / 2 / quantile(relative, QUANTILE);
    }

    /** Per window of events, the {@link #QUANTILE} quantile of the ratios of the rounds that took it. */
    private double[] windowFigures(double[] ratios) {
        double[] figures = new double[windows];
        for (int window = 0; window < windows; window++) {
            double[] inWindow = new double[(ratios.length - window + windows - 1) / windows];
            for (int k = 0; k < inWindow.length; k++) {
                inWindow[k] = ratios[window + k * windows];
            }
            figures[window] = quantile(inWindow, QUANTILE);
        }
        return figures;
    }

    /** The {@code q} quantile of {@code values}, interpolating between the nearest two. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
    }
}
