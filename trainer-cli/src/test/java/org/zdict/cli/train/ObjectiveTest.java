package org.zdict.cli.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ObjectiveTest {
    /** Held-out ratio {@code ratio} (1,000,000 raw bytes) at {@code mbps}. */
    private static CandidateResult point(int sizeK, int level, double ratio, double mbps) {
        return new CandidateResult(
                new GridPoint(sizeK << 10, level),
                new byte[0],
                0,
                List.of(new Measurement(1, 1_000_000, Math.round(1_000_000 / ratio), mbps, 1000)));
    }

    private static final CandidateResult SMALL_FAST = point(16, 1, 4.00, 450);
    private static final CandidateResult LARGE_FAST = point(256, 1, 4.60, 430);
    private static final CandidateResult LARGE_MID = point(256, 3, 4.70, 380);
    private static final CandidateResult LARGE_SLOW = point(256, 5, 4.80, 200);
    private static final CandidateResult HUGE_SLOW = point(512, 5, 4.85, 90);
    private static final List<CandidateResult> GRID = List.of(SMALL_FAST, LARGE_FAST, LARGE_MID, LARGE_SLOW, HUGE_SLOW);
    private static final Optional<BaselineResult> LZ4 =
            Optional.of(new BaselineResult("lz4", List.of(new Measurement(1, 1_000_000, 800_000, 800, 2000))));

    @Test
    void ratioTakesTheBestRatioAboveTheFloor() {
        Objective.Choice choice = Objective.RATIO.choose(GRID, 100, LZ4);
        assertSame(LARGE_SLOW, choice.chosen());
        assertTrue(choice.reason().startsWith("objective ratio"), choice.reason());
        assertTrue(choice.reason().contains("3.84x LZ4's 1.25x"), choice.reason());
        assertSame(HUGE_SLOW, Objective.RATIO.choose(GRID, 50, LZ4).chosen());
    }

    @Test
    void balancedTakesTheCheapestPointWithinThreePercentOfTheBest() {
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4);
        // Best above the floor is 4.80x; 4.70x (level 3) is within 3%, 4.60x (level 1) is not.
        assertSame(LARGE_MID, choice.chosen());
        assertTrue(choice.reason().contains("the best, 256K L5 at 4.80x, is within 3%"), choice.reason());
    }

    @Test
    void balancedPrefersTheSmallerDictionaryAtTheSameLevel() {
        CandidateResult small = point(64, 3, 4.69, 390);
        assertSame(
                small,
                Objective.BALANCED.choose(List.of(LARGE_MID, small), 100, LZ4).chosen());
    }

    @Test
    void speedTakesTheFastestWithinTenPercentOfTheBest() {
        assertSame(LARGE_FAST, Objective.SPEED.choose(GRID, 100, LZ4).chosen());
    }

    @Test
    void fallsBackToTheBestRatioAmongTheFastestWhenNothingReachesTheFloor() {
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 1000, LZ4);
        assertSame(LARGE_FAST, choice.chosen());
        assertTrue(
                choice.reason().startsWith("no grid point compresses at the --min-mbps floor of 1000"),
                choice.reason());
    }

    @Test
    void refusesAnEmptyGrid() {
        assertThrows(IllegalArgumentException.class, () -> Objective.BALANCED.choose(List.of(), 100, LZ4));
        assertEquals("balanced", Objective.BALANCED.label());
    }
}
