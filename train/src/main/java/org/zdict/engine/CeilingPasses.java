package org.zdict.engine;

import java.util.ArrayList;
import java.util.List;
import org.zdict.engine.codec.BlockCodec;

/**
 * Compression CPU per event against Kafka's lz4 for the {@code balanced} ceiling, measured side by side
 * ({@link Meter#slices}) in passes: every point once, then each point near the ceiling again, up to {@link
 * #MOST_PASSES} in all. Near means from its spread (at least the {@link CpuCeiling#TOLERANCE}) under the
 * ceiling to {@link #RECHECK} times it: a burst of load (a neighbour's build, a garbage collector) can
 * double a point's figure for a whole pass. Passes run seconds apart; a point measured three times gets the
 * median of its passes' figures, so one pass through a burst does not decide, and as spread the larger of
 * how much the figure moves within a pass (their spreads, over the square root of their number) and how far
 * the passes fell apart (half the distance between the lowest and highest, over the median). The spread
 * decides only how often a point is measured; the rule then judges every point alike, by its figure and the
 * fixed tolerance ({@link Tolerance}): the outcome depends on the measurements only.
 */
final class CeilingPasses {
    /** Passes a point near the ceiling is measured in at most: the first, and two more. */
    static final int MOST_PASSES = 3;

    /** How many times the ceiling a point may read after one pass and still be measured again. */
    static final double RECHECK = 2;

    /** Per codec, its figure ({@code [0]}) and its spread ({@code [1]}). */
    static double[][] measure(
            Meter meter,
            BlockCodec lz4,
            int lz4Batch,
            List<? extends BlockCodec> codecs,
            int batch,
            List<byte[]> events,
            double maxTimesLz4) {
        List<List<double[]>> passes = new ArrayList<>();
        codecs.forEach(codec -> passes.add(new ArrayList<>()));
        List<Integer> measuring = new ArrayList<>();
        for (int i = 0; i < codecs.size(); i++) {
            measuring.add(i);
        }
        double[][] result = new double[codecs.size()][];
        for (int pass = 1; pass <= MOST_PASSES && !measuring.isEmpty(); pass++) {
            Slices slices = meter.slices(
                    Meter.Work.COMPRESS,
                    lz4,
                    lz4Batch,
                    measuring.stream().map(codecs::get).toList(),
                    batch,
                    events);
            List<Integer> undecided = new ArrayList<>();
            for (int k = 0; k < measuring.size(); k++) {
                int i = measuring.get(k);
                passes.get(i).add(new double[] {slices.figure(k), slices.spread(k)});
                result[i] = combine(passes.get(i));
                if (undecided(result[i][0], result[i][1], maxTimesLz4)) {
                    undecided.add(i);
                }
            }
            measuring = undecided;
        }
        return result;
    }

    /**
     * Whether a point at {@code figure}, moving by {@code spread} (NaN: not measured), is near the ceiling:
     * from its spread, at least the {@link CpuCeiling#TOLERANCE}, under it to {@link #RECHECK} times it.
     */
    static boolean undecided(double figure, double spread, double maxTimesLz4) {
        double near = Double.isNaN(spread) ? CpuCeiling.TOLERANCE : Math.max(CpuCeiling.TOLERANCE, spread);
        return figure > maxTimesLz4 / (1 + near) && figure <= maxTimesLz4 * RECHECK;
    }

    /** The figure (the median) and spread of {@code passes}, each a figure and its spread. */
    static double[] combine(List<double[]> passes) {
        int n = passes.size();
        if (n == 1) {
            return passes.get(0).clone();
        }
        double median = Slices.quantile(passes.stream().mapToDouble(p -> p[0]).toArray(), 0.5);
        double lowest = passes.stream().mapToDouble(p -> p[0]).min().orElseThrow();
        double highest = passes.stream().mapToDouble(p -> p[0]).max().orElseThrow();
        double within = passes.stream()
                        .mapToDouble(p -> Double.isNaN(p[1]) ? 0 : p[1])
                        .average()
                        .orElseThrow()
                / Math.sqrt(n);
        return new double[] {median, Math.max(within, (highest - lowest) / 2 / median)};
    }
}
