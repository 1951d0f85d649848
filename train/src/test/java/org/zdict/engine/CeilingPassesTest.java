package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CeilingPassesTest {
    @Test
    void aPointFromItsSpreadUnderTheCeilingToTwiceItIsMeasuredAgain() {
        // A 10% spread: measured again from 1.0 / 1.1 to 2 times the ceiling.
        assertFalse(CeilingPasses.undecided(0.90, 0.10, 1.0));
        assertTrue(CeilingPasses.undecided(0.95, 0.10, 1.0));
        assertTrue(CeilingPasses.undecided(1.74, 0.10, 1.0));
        assertFalse(CeilingPasses.undecided(2.01, 0.10, 1.0));
        // A steady figure, or one whose spread was not measured, from the 5% tolerance under it.
        assertFalse(CeilingPasses.undecided(0.95, 0.01, 1.0));
        assertTrue(CeilingPasses.undecided(0.96, 0.01, 1.0));
        assertTrue(CeilingPasses.undecided(0.96, Double.NaN, 1.0));
        // A wild figure is measured again from as far under as it moved.
        assertTrue(CeilingPasses.undecided(0.70, 0.60, 1.0));
        assertFalse(CeilingPasses.undecided(0.60, 0.60, 1.0));
    }

    @Test
    void onePassThroughABurstOfLoadDoesNotDecide() {
        double[] combined = CeilingPasses.combine(
                List.of(new double[] {0.90, 0.05}, new double[] {1.80, 0.05}, new double[] {0.95, 0.05}));
        assertEquals(0.95, combined[0], 1e-12);
        // The passes fell far apart: the spread says so.
        assertEquals(0.45 / 0.95, combined[1], 1e-12);
    }

    @Test
    void onePassIsTakenAsMeasured() {
        assertArrayEquals(new double[] {0.8, 0.07}, CeilingPasses.combine(List.of(new double[] {0.8, 0.07})), 1e-12);
    }

    @Test
    void passesThatFallApartWidenTheSpread() {
        double[] combined = CeilingPasses.combine(
                List.of(new double[] {1.0, 0.06}, new double[] {1.2, 0.06}, new double[] {1.1, 0.06}));
        assertEquals(1.1, combined[0], 1e-12);
        // Half of 0.2 over 1.1, more than the passes' own 6% over the square root of 3.
        assertEquals(0.1 / 1.1, combined[1], 1e-12);
    }

    @Test
    void passesThatAgreeNarrowTheSpread() {
        double[] combined = CeilingPasses.combine(
                List.of(new double[] {1.0, 0.12}, new double[] {1.0, 0.12}, new double[] {1.0, 0.12}));
        assertEquals(0.12 / Math.sqrt(3), combined[1], 1e-12);
    }
}
