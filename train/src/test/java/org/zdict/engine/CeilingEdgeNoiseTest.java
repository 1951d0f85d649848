package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Same data, same choice, for a grid whose points lie at the CPU ceiling's edge: {@code balanced} on
 * {@code zdict train}'s recorded figures for {@code zeek_network_logs.jsonl} (52,389 events, 10,478 held
 * out, default grid, a quiet run), with seeded noise shaped as runs measured it. Its level-5 points cost
 * about 1.11-1.17x Kafka lz4's CPU per event, just over the default ceiling: one quiet run read 256K L5 at
 * 1.12x moving by 13% and chose it, the others read it at 1.15-1.17x (1.33x under memory load) and chose
 * 512K L3. Each seeded run here shifts every figure together (the lz4/zstd ratio moving with the load, up
 * to {@link #SHIFT} either way), adds each point's own noise ({@link #OWN_NOISE}) and gives each figure
 * a spread from {@link #LEAST_SPREAD} to {@link #MOST_SPREAD}: every run must choose what the recorded
 * figures choose without noise. Under the rule that judged each figure with a margin of its own spread
 * (5% to 15%), level 5 was admitted in the runs where its spread was over 12% and chosen.
 */
class CeilingEdgeNoiseTest {
    /**
     * dict KiB, level, held-out ratio on batches of 1, CPU per event against Kafka lz4 side by side,
     * compression MB/s (a quiet default run with the fixed tolerance).
     */
    private static final double[][] ZEEK_NETWORK_LOGS = {
        {16, 1, 4.61, 0.54, 346}, {16, 3, 4.71, 0.63, 270}, {16, 5, 4.92, 1.11, 164},
        {64, 1, 4.85, 0.52, 326}, {64, 3, 4.95, 0.61, 278}, {64, 5, 5.22, 1.11, 154},
        {112, 1, 4.83, 0.52, 196}, {112, 3, 4.98, 0.60, 180}, {112, 5, 5.31, 1.11, 105},
        {256, 1, 5.04, 0.53, 336}, {256, 3, 5.13, 0.62, 288}, {256, 5, 5.57, 1.12, 163},
        {512, 1, 4.98, 0.52, 350}, {512, 3, 5.18, 0.61, 296}, {512, 5, 5.68, 1.11, 143},
    };

    private static final long HELD_OUT_BYTES = 4_000_000;
    /** How far one run's figures move together: what is left of memory load once lz4's buffers are counted apart. */
    private static final double SHIFT = 0.02;
    /** Each figure's own noise between runs, a standard deviation (0.84% measured on a busy machine). */
    private static final double OWN_NOISE = 0.01;
    /** Spreads from 5% to 15%: the zeek_network_logs runs measured 2% to 13% on level 5. */
    private static final double LEAST_SPREAD = 0.05;

    private static final double MOST_SPREAD = 0.15;
    private static final int RUNS = 2000;
    private static final long SEED = 35;

    /** The recorded grid, level 5's figures times {@code level5}, each figure times its {@code noise}. */
    private static List<CandidateResult> grid(double level5, double[] noise, double[] spreads) {
        return grid(level5, noise, spreads, 1);
    }

    /** The same, every speed times {@code slower}. */
    private static List<CandidateResult> grid(double level5, double[] noise, double[] spreads, double slower) {
        List<CandidateResult> grid = new ArrayList<>();
        for (int i = 0; i < ZEEK_NETWORK_LOGS.length; i++) {
            double[] row = ZEEK_NETWORK_LOGS[i];
            double figure = row[3] * (row[1] == 5 ? level5 : 1) * noise[i];
            Measurement m = new Measurement(
                            1, HELD_OUT_BYTES, Math.round(HELD_OUT_BYTES / row[2]), row[4] * slower * noise[i], 1000)
                    .withCpuVsLz4(figure, spreads[i]);
            grid.add(new CandidateResult(new GridPoint((int) row[0] << 10, (int) row[1]), new byte[0], 0, List.of(m)));
        }
        return grid;
    }

    private static GridPoint choose(List<CandidateResult> grid) {
        CpuCeiling ceiling = new CpuCeiling(1.0, new Measurement(4, 1, 1, 1, 1));
        return Objective.BALANCED
                .choose(grid, 100, Optional.empty(), Optional.of(ceiling))
                .chosen()
                .point();
    }

    /** What the recorded figures, level 5's times {@code level5}, choose without noise or spreads. */
    private static GridPoint quiet(double level5) {
        double[] none = new double[ZEEK_NETWORK_LOGS.length];
        double[] ones = new double[ZEEK_NETWORK_LOGS.length];
        Arrays.fill(none, Double.NaN);
        Arrays.fill(ones, 1);
        return choose(grid(level5, ones, none));
    }

    /** Asserts that every seeded run chooses {@code expected}, level 5's figures times {@code level5}. */
    private static void sameChoiceInEveryRun(double level5, GridPoint expected) {
        sameChoiceInEveryRun(level5, 0, expected);
    }

    /**
     * The same, each run also slowing every speed together by up to {@code slowing} (memory load slowed
     * every point alike: level 5 compressed at 65-164 MB/s under load, against 97-169 quiet).
     */
    private static void sameChoiceInEveryRun(double level5, double slowing, GridPoint expected) {
        Random random = new Random(SEED);
        int n = ZEEK_NETWORK_LOGS.length;
        for (int run = 0; run < RUNS; run++) {
            double together = 1 + SHIFT * (2 * random.nextDouble() - 1);
            double[] noise = new double[n];
            double[] spreads = new double[n];
            for (int i = 0; i < n; i++) {
                noise[i] = together * (1 + OWN_NOISE * random.nextGaussian());
                spreads[i] = LEAST_SPREAD + (MOST_SPREAD - LEAST_SPREAD) * random.nextDouble();
            }
            double slower = 1 - slowing * random.nextDouble();
            assertEquals(expected, choose(grid(level5, noise, spreads, slower)), "run " + run);
        }
    }

    @Test
    void levelFiveJustOverTheCeilingIsChosenInNoRun() {
        // Level 5 at 1.11-1.12x: over the ceiling, so the best ratio under it, 512K L3, as most runs chose.
        GridPoint expected = new GridPoint(512 << 10, 3);
        assertEquals(expected, quiet(1));
        sameChoiceInEveryRun(1, expected);
    }

    @Test
    void levelFiveJustUnderTheCeilingIsChosenInEveryRun() {
        // The same grid with level 5 at 0.92-0.93x: under the ceiling, so the cheapest point within 3% of
        // the best ratio, 256K L5.
        GridPoint expected = new GridPoint(256 << 10, 5);
        assertEquals(expected, quiet(0.83));
        sameChoiceInEveryRun(0.83, expected);
    }

    @Test
    void levelFiveSlowedUnderTheSpeedFloorChangesNothing() {
        // Every speed slowed together by up to 60%, so that in about 3 runs of 10 every level-5 point
        // falls under the floor of 100 MB/s (in the others some do not): the 3% window is measured from the grid's best
        // ratio whatever the floor, so 512K L3 is chosen every time. Measured from the best ratio among
        // the points that reach the floor, the runs with every level-5 point under it chose 256K L1 (within
        // 3% of 512K L3's 5.18x): 583 of these 2,000.
        sameChoiceInEveryRun(1, 0.6, new GridPoint(512 << 10, 3));
    }
}
