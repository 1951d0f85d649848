package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Same data, same choice: {@code balanced}'s CPU ceiling decided on a real grid's recorded figures with
 * seeded noise of the size a busy machine puts on them, over many trials and ceilings. The figures are
 * those of {@code zdict train} on {@code github_events.jsonl} (9,996 events, 1,999 held out, default grid):
 * each point's held-out sizes, its CPU per event against Kafka's lz4 measured side by side (as {@link
 * Meter#timesReference} does) and measured apart (each codec timed alone, lz4 before and after the grid,
 * as the trainer measured before). The noise is the spread {@code CpuNoiseProbeTest} measured with both
 * cores kept busy by other work: side by side, a standard deviation of 0.84% between runs (at most 2.7%
 * from a point's median); apart, 2.3% (at most 9.9%).
 */
class CpuCeilingNoiseTest {
    /** dict KiB, level, held-out bytes, compressed bytes, CPU vs lz4 side by side, CPU vs lz4 apart. */
    private static final double[][] GITHUB_EVENTS = {
        {16, 1, 3876657, 683112, 0.703, 0.565},
        {16, 3, 3876657, 649588, 0.920, 0.680},
        {16, 5, 3876657, 635422, 1.990, 1.548},
        {64, 1, 3876657, 652450, 0.690, 0.537},
        {64, 3, 3876657, 609610, 0.874, 0.696},
        {64, 5, 3876657, 611432, 2.003, 1.621},
        {112, 1, 3876657, 663989, 0.701, 0.555},
        {112, 3, 3876657, 606498, 0.925, 0.685},
        {112, 5, 3876657, 600624, 1.996, 1.569},
        {256, 1, 3876657, 642101, 0.695, 0.554},
        {256, 3, 3876657, 584658, 1.177, 0.828},
        {256, 5, 3876657, 554702, 1.960, 1.621},
        {512, 1, 3876657, 635527, 0.673, 0.547},
        {512, 3, 3876657, 575944, 1.166, 0.837},
        {512, 5, 3876657, 538834, 1.900, 1.624},
    };

    private static final int SIDE_BY_SIDE = 4;
    private static final int APART = 5;
    /** Standard deviations of the figures between runs on a busy machine, rounded up. */
    private static final double SIDE_BY_SIDE_NOISE = 0.01;

    private static final double APART_NOISE = 0.025;
    /**
     * Memory-bandwidth load as it moved the side-by-side figures with Kafka lz4's fresh buffers timed as
     * it ran them: one factor for every point of a run, lz4 up to 25% dearer (so every figure up to 20%
     * lower), as {@code choice-under-load.sh}'s memory condition and a busy machine's JIT did on
     * wikipedia_edits (256K L5 at 1.30-1.35x quiet, 1.11x beside a STREAM copy loop, 0.93x at worst).
     */
    private static final double RAW_LOAD_SHIFT = 0.25;
    /**
     * The shift of every figure together that the rule's {@link CpuCeiling#TOLERANCE} is meant to absorb, on
     * top of each point's own noise: what is left of the load's shift must stay within it, which {@code
     * choice-under-load.sh} checks on the machine ({@link FreshArrays} and warm-up in CPU time take out
     * the rest).
     */
    private static final double LOAD_SHIFT = 0.02;

    /**
     * The spreads {@code Slices#spread} measured for 256K at levels 1, 3 and 5 on wikipedia_edits with the
     * machine's load average at 17 to 24 on 2 cores ({@code CpuNoiseProbeTest}, 9 runs): 3% to 27%.
     */
    private static final double LEAST_SPREAD = 0.03;

    private static final double MOST_SPREAD = 0.27;

    private static final int TRIALS = 200;
    private static final long SEED = 24;

    /** Every ceiling from 0.40x to 2.20x lz4 in steps of 0.005x: each point's figure lies on some boundary. */
    private static List<Double> ceilings() {
        List<Double> ceilings = new ArrayList<>();
        for (int step = 0; step <= 360; step++) {
            ceilings.add(0.40 + step * 0.005);
        }
        return ceilings;
    }

    private static List<CandidateResult> grid(int figure, double[] noise) {
        return grid(figure, noise, null);
    }

    /** The recorded grid, each figure times its {@code noise} factor, with {@code spreads} as measured (null: none). */
    private static List<CandidateResult> grid(int figure, double[] noise, double[] spreads) {
        List<CandidateResult> grid = new ArrayList<>();
        for (int i = 0; i < GITHUB_EVENTS.length; i++) {
            double[] row = GITHUB_EVENTS[i];
            Measurement m = new Measurement(1, (long) row[2], (long) row[3], 500, 1500)
                    .withCpuVsLz4(
                            row[figure] * (noise == null ? 1 : noise[i]), spreads == null ? Double.NaN : spreads[i]);
            grid.add(new CandidateResult(new GridPoint((int) row[0] << 10, (int) row[1]), new byte[0], 0, List.of(m)));
        }
        return grid;
    }

    private static CpuCeiling ceiling(double maxTimesLz4) {
        return new CpuCeiling(maxTimesLz4, new Measurement(4, 1, 1, 1, 1));
    }

    private static CandidateResult choose(List<CandidateResult> grid, double maxTimesLz4) {
        return Objective.BALANCED
                .choose(grid, 100, Optional.empty(), Optional.of(ceiling(maxTimesLz4)))
                .chosen();
    }

    /**
     * The rule before side-by-side measuring: admitted when the figure is at most the ceiling, the cheapest
     * within 3% of the best ratio that is, else the best ratio that is, else the least figure.
     */
    private static CandidateResult oldRule(List<CandidateResult> grid, double maxTimesLz4) {
        Comparator<CandidateResult> cheapest = Comparator.comparingInt(
                        (CandidateResult c) -> c.point().level())
                .thenComparingInt(c -> c.point().dictSize());
        Comparator<CandidateResult> byRatio =
                Comparator.comparingDouble(c -> c.primary().ratio());
        double best = grid.stream().mapToDouble(c -> c.primary().ratio()).max().orElseThrow();
        List<CandidateResult> admitted =
                grid.stream().filter(c -> c.primary().cpuVsLz4() <= maxTimesLz4).toList();
        return admitted.stream()
                .filter(c -> c.primary().ratio() >= best * (1 - Objective.BALANCED_TOLERANCE))
                .min(cheapest)
                .or(() -> admitted.stream().max(byRatio.thenComparing(cheapest.reversed())))
                .orElseGet(() -> grid.stream()
                        .min(Comparator.comparingDouble(c -> c.primary().cpuVsLz4()))
                        .orElseThrow());
    }

    /**
     * What no noisy choice may fall more than the tolerance below: the best ratio among the points that
     * truly meet the ceiling, or where none does, the ratio the rule chooses without noise.
     */
    private static double floor(int figure, double maxTimesLz4, Function<List<CandidateResult>, CandidateResult> rule) {
        List<CandidateResult> quiet = grid(figure, null);
        double bestAdmissible = quiet.stream()
                .filter(c -> c.primary().cpuVsLz4() <= maxTimesLz4)
                .mapToDouble(c -> c.primary().ratio())
                .max()
                .orElse(rule.apply(quiet).primary().ratio());
        return bestAdmissible * (1 - Objective.BALANCED_TOLERANCE);
    }

    /** How many trials over every ceiling chose a point more than the tolerance below {@link #floor}. */
    private static int misses(int figure, double noise, boolean oldRule) {
        Random random = new Random(SEED);
        int misses = 0;
        for (double maxTimesLz4 : ceilings()) {
            Function<List<CandidateResult>, CandidateResult> rule =
                    grid -> oldRule ? oldRule(grid, maxTimesLz4) : choose(grid, maxTimesLz4);
            double floor = floor(figure, maxTimesLz4, rule);
            for (int trial = 0; trial < TRIALS; trial++) {
                double[] factors = new double[GITHUB_EVENTS.length];
                for (int i = 0; i < factors.length; i++) {
                    factors[i] = 1 + noise * random.nextGaussian();
                }
                if (rule.apply(grid(figure, factors)).primary().ratio() < floor - 1e-9) {
                    misses++;
                }
            }
        }
        return misses;
    }

    /**
     * Seeded noise shaped like memory-bandwidth load: per trial, one factor shifting every point's figure
     * together (Kafka lz4 dearer or cheaper against all of them alike), uniform within {@code shift}
     * either way, times each point's own noise of {@link #SIDE_BY_SIDE_NOISE}.
     */
    private static double[] loadShaped(Random random, double shift) {
        double together = 1 + shift * (2 * random.nextDouble() - 1);
        double[] factors = new double[GITHUB_EVENTS.length];
        for (int i = 0; i < factors.length; i++) {
            factors[i] = together * (1 + SIDE_BY_SIDE_NOISE * random.nextGaussian());
        }
        return factors;
    }

    /**
     * How many trials over every ceiling, with load-shaped noise of {@code shift}, either broke the ceiling
     * (chose a point whose true figure is more than twice the ceiling's tolerance over it, where some point
     * truly meets it: once for the measurement's noise, once more for the load) or gave up more than the
     * tolerance of ratio ({@link #floor}).
     */
    private static int loadMisses(double shift) {
        Random random = new Random(SEED);
        int misses = 0;
        for (double maxTimesLz4 : ceilings()) {
            double floor = floor(SIDE_BY_SIDE, maxTimesLz4, grid -> choose(grid, maxTimesLz4));
            boolean anyMeets = grid(SIDE_BY_SIDE, null).stream()
                    .anyMatch(c -> ceiling(maxTimesLz4).admits(c.primary()));
            for (int trial = 0; trial < TRIALS; trial++) {
                GridPoint chosen = choose(grid(SIDE_BY_SIDE, loadShaped(random, shift)), maxTimesLz4)
                        .point();
                CandidateResult truly = grid(SIDE_BY_SIDE, null).stream()
                        .filter(c -> c.point().equals(chosen))
                        .findFirst()
                        .orElseThrow();
                boolean broke = anyMeets && truly.primary().cpuVsLz4() > maxTimesLz4 * (1 + 2 * CpuCeiling.TOLERANCE);
                if (broke || truly.primary().ratio() < floor - 1e-9) {
                    misses++;
                }
            }
        }
        return misses;
    }

    /** Trials over every ceiling, as {@link #loadMisses} runs them. */
    private static int allTrials() {
        return ceilings().size() * TRIALS;
    }

    @Test
    void memoryLoadShapedNoiseNeitherBreaksTheCeilingNorCostsMoreThanTheTolerance() {
        // At most 1 trial in 10,000 (1 of 72,200 when recorded): the 5% tolerance absorbs a 2% shift of every
        // figure together, but a point exactly where the tolerance ends can still fall either side.
        int misses = loadMisses(LOAD_SHIFT);
        assertTrue(misses <= allTrials() / 10_000, misses + " of " + allTrials() + " trials");
    }

    @Test
    void kafkaLz4TimedAsItRanUnderMemoryLoadBreaksTheSameCheck() {
        // Without counting the fresh buffers at their least disturbed speed, load moves every figure
        // together by more than the tolerance, and the choice follows the neighbours.
        // More than 1 trial in 10 (13,768 of 72,200 when recorded).
        int misses = loadMisses(RAW_LOAD_SHIFT);
        assertTrue(misses > allTrials() / 10, misses + " of " + allTrials() + " trials");
    }

    @Test
    void theRecordedGridGivesTheSameChoiceUnderTheDefaultCeilingWithLoadShapedNoise() {
        Random random = new Random(SEED);
        CandidateResult quiet = choose(grid(SIDE_BY_SIDE, null), 1.0);
        for (int trial = 0; trial < 10 * TRIALS; trial++) {
            assertEquals(
                    quiet.point(),
                    choose(grid(SIDE_BY_SIDE, loadShaped(random, LOAD_SHIFT)), 1.0)
                            .point());
        }
    }

    /** Per point, a spread as a run measures it: uniform from {@link #LEAST_SPREAD} to {@link #MOST_SPREAD}. */
    private static double[] spreads(Random random) {
        double[] spreads = new double[GITHUB_EVENTS.length];
        for (int i = 0; i < spreads.length; i++) {
            spreads[i] = LEAST_SPREAD + (MOST_SPREAD - LEAST_SPREAD) * random.nextDouble();
        }
        return spreads;
    }

    @Test
    void howMuchTheFiguresMovedWithinTheirRunNeverChangesTheChoice() {
        // The same figures, carrying spreads of 3-27% as runs under load measured them, or none: the same
        // choice at every ceiling, with load-shaped noise of either size. A noisier run admits nothing a
        // steadier one rejects.
        Random random = new Random(SEED);
        for (double maxTimesLz4 : ceilings()) {
            for (int trial = 0; trial < TRIALS / 10; trial++) {
                double[] factors = loadShaped(random, trial % 2 == 0 ? LOAD_SHIFT : RAW_LOAD_SHIFT);
                assertEquals(
                        choose(grid(SIDE_BY_SIDE, factors), maxTimesLz4).point(),
                        choose(grid(SIDE_BY_SIDE, factors, spreads(random)), maxTimesLz4)
                                .point(),
                        "ceiling " + maxTimesLz4);
            }
        }
    }

    @Test
    void busyMachineNoiseNeverCostsMoreThanTheToleranceOfRatio() {
        assertEquals(0, misses(SIDE_BY_SIDE, SIDE_BY_SIDE_NOISE, false));
    }

    @Test
    void theOldMeasurementAndRuleFailTheSameCheck() {
        // Measured apart and held to the ceiling without a tolerance, some trials give up more than 3% of ratio.
        assertTrue(misses(APART, APART_NOISE, true) > 0);
        // The rule alone fails too, with the side-by-side measurement's noise.
        assertTrue(misses(SIDE_BY_SIDE, SIDE_BY_SIDE_NOISE, true) > 0);
    }

    @Test
    void theRecordedGridGivesTheSameChoiceUnderTheDefaultCeilingInEveryTrial() {
        Random random = new Random(SEED);
        CandidateResult quiet = choose(grid(SIDE_BY_SIDE, null), 1.0);
        for (int trial = 0; trial < 10 * TRIALS; trial++) {
            double[] factors = new double[GITHUB_EVENTS.length];
            for (int i = 0; i < factors.length; i++) {
                factors[i] = 1 + SIDE_BY_SIDE_NOISE * random.nextGaussian();
            }
            assertEquals(quiet.point(), choose(grid(SIDE_BY_SIDE, factors), 1.0).point());
        }
    }
}
