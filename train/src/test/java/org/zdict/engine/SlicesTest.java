package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SlicesTest {
    private static final int WINDOWS = 4;
    private static final int ROUNDS = 80;

    /**
     * One codec against the reference, {@code ROUNDS} rounds: the reference takes 1,000 ns per slice,
     * the codec {@code 800 × (1 + window / 10) × factor(round)} (the windows hold different events).
     */
    private static Slices slices(java.util.function.IntToDoubleFunction factor) {
        long[][] reference = new long[ROUNDS][2];
        long[][] codec = new long[1][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            reference[round][0] = 1000;
            reference[round][1] = 1000;
            codec[0][round] = Math.round(800 * (1 + (round % WINDOWS) / 10.0) * factor.applyAsDouble(round));
        }
        return new Slices(reference, codec, WINDOWS);
    }

    @Test
    void theFigureIsTheLowerQuartilePerWindowAveragedOverTheWindows() {
        // Windows at 0.80, 0.88, 0.96 and 1.04x: every round alike, so each window's quartile is its ratio.
        assertEquals(0.92, slices(round -> 1).figure(0), 1e-9);
    }

    @Test
    void aSteadyRunHasNoSpreadHoweverDifferentItsWindows() {
        assertEquals(0, slices(round -> 1).spread(0), 1e-9);
    }

    @Test
    void loadThatComesDuringTheRunWidensTheSpread() {
        // The last quarter of the rounds 20% dearer: the quarters' figures are 1 and 1.2, so the spread is
        // half of 0.2 over the whole run's quartile (1).
        Slices slices = slices(round -> round >= 3 * ROUNDS / 4 ? 1.2 : 1);
        assertEquals(0.10, slices.spread(0), 1e-9);
        assertEquals(0.92, slices.figure(0), 1e-9);
    }

    @Test
    void aFewDisturbedSlicesMoveNeitherTheFigureNorTheSpread() {
        // One slice in ten disturbed threefold: the lower quartile leaves them out.
        Random random = new Random(7);
        boolean[] disturbed = new boolean[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            disturbed[round] = random.nextInt(10) == 0;
        }
        Slices slices = slices(round -> disturbed[round] ? 3 : 1);
        assertEquals(0.92, slices.figure(0), 1e-9);
        assertEquals(0, slices.spread(0), 1e-9);
    }

    @Test
    void aReferenceSliceDisturbedOnOneSideDoesNotCount() {
        Slices steady = slices(round -> 1);
        steady.reference()[5][1] = 5000;
        assertEquals(0.80 * 1.1, steady.ratios(0)[5], 1e-9);
        assertTrue(Double.isNaN(new Slices(new long[2][2], new long[1][2], 1).spread(0)));
    }
}
