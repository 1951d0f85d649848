package org.zdict.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.zdict.engine.BaselineResult;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.CpuTrade;
import org.zdict.engine.GridPoint;
import org.zdict.engine.Measurement;
import org.zdict.engine.Objective;

/** The sentences {@code zdict train} prints for each of the engine's choice rules. */
class ChoiceSentenceTest {
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
    private static final CandidateResult HUGE_SLOW = point(512, 5, 4.82, 90);
    private static final List<CandidateResult> GRID = List.of(SMALL_FAST, LARGE_FAST, LARGE_MID, LARGE_SLOW, HUGE_SLOW);
    private static final Optional<BaselineResult> LZ4 =
            Optional.of(new BaselineResult("lz4", List.of(new Measurement(1, 1_000_000, 800_000, 800, 2000))));

    @Test
    void ratioTakesTheBestRatioAboveTheFloor() {
        Objective.Choice choice = Objective.RATIO.choose(GRID, 100, LZ4);
        assertSame(LARGE_SLOW, choice.chosen());
        assertTrue(ChoiceSentence.of(choice).startsWith("objective ratio"), ChoiceSentence.of(choice));
        assertTrue(ChoiceSentence.of(choice).contains("3.84x LZ4's 1.25x"), ChoiceSentence.of(choice));
        assertSame(HUGE_SLOW, Objective.RATIO.choose(GRID, 50, LZ4).chosen());
    }

    @Test
    void saysWhenTheSpeedFloorsToleranceDecided() {
        CandidateResult l1 = point(256, 1, 4.79, 352);
        CandidateResult l3 = new CandidateResult(
                new GridPoint(256 << 10, 3),
                new byte[0],
                0,
                List.of(new Measurement(1, 1_000_000, Math.round(1_000_000 / 5.25), 99.6, 0.03, 1000)));
        Objective.Choice choice = Objective.BALANCED.choose(List.of(l1, l3), 100, LZ4);
        assertSame(l3, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice)
                        .endsWith("; 256K L3 compresses at 99.6 MB/s (moving by 3% in this run), under the --min-mbps"
                                + " floor of 100 MB/s by less than the 5% tolerance, which counts as reaching it"),
                ChoiceSentence.of(choice));
        Objective.Choice above = Objective.BALANCED.choose(GRID, 100, LZ4);
        assertTrue(!ChoiceSentence.of(above).contains("which counts as reaching it"), ChoiceSentence.of(above));
    }

    @Test
    void balancedTakesTheCheapestPointWithinThreePercentOfTheBest() {
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4);
        // The grid's best is 4.82x (512K L5, under the floor); 4.70x (level 3) is within 3%, 4.60x (level 1) is not.
        assertSame(LARGE_MID, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice)
                        .contains("the lowest level and smallest dictionary that reaches the --min-mbps floor within 3%"
                                + " of the grid's best held-out ratio, 256K L3"),
                ChoiceSentence.of(choice));
        assertTrue(
                ChoiceSentence.of(choice)
                        .contains("the best, 512K L5 at 4.82x, compresses at 90 MB/s, under the floor"),
                ChoiceSentence.of(choice));
        Objective.Choice reachingIt = Objective.BALANCED.choose(List.of(LARGE_MID, LARGE_SLOW), 100, LZ4);
        assertTrue(
                ChoiceSentence.of(reachingIt).contains("the best, 256K L5 at 4.80x, is within 3%"),
                ChoiceSentence.of(reachingIt));
    }

    @Test
    void balancedSaysWhenEveryPointNearTheBestRatioIsUnderTheSpeedFloor() {
        // zeek_network_logs under memory load: both level-5 points under the floor of 100 MB/s.
        CandidateResult l1 = point(256, 1, 5.04, 336);
        CandidateResult l3 = point(512, 3, 5.18, 296);
        CandidateResult l5 = point(256, 5, 5.57, 88);
        CandidateResult l5Large = point(512, 5, 5.68, 71);
        Objective.Choice choice = Objective.BALANCED.choose(List.of(l1, l3, l5, l5Large), 100, LZ4);
        assertSame(l3, choice.chosen());
        assertEquals(
                "objective balanced: no grid point within 3% of the best held-out ratio (512K L5 at 5.68x) reaches"
                        + " the --min-mbps floor of 100 MB/s (the fastest of them compresses at 88 MB/s), so the best"
                        + " ratio that does was chosen, 512K L3: 5.18x on batches of 1 at 296 MB/s, 4.14x LZ4's 1.25x"
                        + " (2 of 4 grid points reach 100 MB/s)",
                ChoiceSentence.of(choice));
        Objective.Choice capped = Objective.BALANCED.choose(List.of(l1, l3, l5, l5Large), 100, LZ4, ceiling(1.0, 320));
        assertSame(l1, capped.chosen());
        assertTrue(
                ChoiceSentence.of(capped)
                        .contains("so the best ratio that does and compresses within 1.00x the CPU per event of"
                                + " Kafka's lz4 on batches of 4 was chosen, 256K L1"),
                ChoiceSentence.of(capped));
        assertTrue(ChoiceSentence.of(capped).contains("giving up 2.7% of 512K L3's ratio"), ChoiceSentence.of(capped));
        // 256K L1 at 336 MB/s against lz4's 350: 1.04x, over the ceiling by less than the tolerance.
        Objective.Choice near = Objective.BALANCED.choose(List.of(l1, l3, l5, l5Large), 100, LZ4, ceiling(1.0, 350));
        assertSame(l1, near.chosen());
        assertTrue(
                ChoiceSentence.of(near)
                        .endsWith("; 256K L1 is over the ceiling by less than the 5% tolerance, which counts as"
                                + " meeting it"),
                ChoiceSentence.of(near));
    }

    @Test
    void aChoiceAmongTheLz4PointsNamesTheCodec() {
        CandidateResult lz4Small =
                new CandidateResult(GridPoint.lz4(16 << 10, 1), new byte[0], 0, SMALL_FAST.measurements());
        CandidateResult lz4Large =
                new CandidateResult(GridPoint.lz4(64 << 10, 1), new byte[0], 0, LARGE_FAST.measurements());
        String sentence = ChoiceSentence.of(Objective.BALANCED.choose(List.of(lz4Small, lz4Large), 100, LZ4));
        assertTrue(
                sentence.startsWith(
                        "--codec lz4, among the LZ4 points (LZ4 blocks with the dictionary): objective" + " balanced"),
                sentence);
        assertTrue(sentence.contains("64K lz4: 4.60x on batches of 1"), sentence);
        assertTrue(!ChoiceSentence.of(Objective.BALANCED.choose(GRID, 100, LZ4)).contains("lz4"));
    }

    @Test
    void fallsBackToTheBestRatioAmongTheFastestWhenNothingReachesTheFloor() {
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 1000, LZ4);
        assertSame(LARGE_FAST, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice).startsWith("no grid point compresses at the --min-mbps floor of 1000"),
                ChoiceSentence.of(choice));
    }

    /** Kafka's lz4 on batches of 4 of the same 1,000,000 held-out bytes, at {@code mbps} CPU. */
    private static Optional<CpuCeiling> ceiling(double maxTimesLz4, double mbps) {
        return Optional.of(new CpuCeiling(maxTimesLz4, new Measurement(4, 1_000_000, 450_000, mbps, 2000)));
    }

    @Test
    void balancedKeepsItsChoiceWhenItCostsNoMoreCpuThanLz4() {
        // 256K L3 at 380 MB/s against lz4's 380: 1.00x, exactly at the ceiling.
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4, ceiling(1.0, 380));
        assertSame(LARGE_MID, choice.chosen());
        CpuTrade trade = choice.cpu().orElseThrow();
        assertEquals(1.0, trade.timesLz4(), 1e-9);
        assertTrue(trade.met());
        assertSame(LARGE_MID, trade.withoutCeiling());
        assertEquals(0, trade.ratioGivenUp());
        assertTrue(
                ChoiceSentence.of(choice).contains("it compresses at 1.00x Kafka lz4's CPU per event"),
                ChoiceSentence.of(choice));
    }

    @Test
    void balancedTakesACheaperPointWithinTheToleranceWhenItsChoiceCostsMoreCpuThanLz4() {
        CandidateResult fastL5 = point(64, 5, 4.68, 420);
        Objective.Choice choice =
                Objective.BALANCED.choose(List.of(LARGE_MID, fastL5, LARGE_SLOW), 100, LZ4, ceiling(1.0, 400));
        // 256K L3 (380 MB/s) costs 1.05x lz4's CPU; 64K L5 at 420 MB/s is within 3% of 4.82x and costs 0.95x.
        assertSame(fastL5, choice.chosen());
        CpuTrade trade = choice.cpu().orElseThrow();
        assertSame(LARGE_MID, trade.withoutCeiling());
        assertEquals(1 - 4.68 / 4.70, trade.ratioGivenUp(), 1e-3);
        assertTrue(
                ChoiceSentence.of(choice).contains("256K L3 would cost 1.05x Kafka lz4's CPU per event"),
                ChoiceSentence.of(choice));
        assertTrue(ChoiceSentence.of(choice).contains("giving up 0.4% of 256K L3's ratio"), ChoiceSentence.of(choice));
    }

    @Test
    void balancedGivesUpRatioForTheCpuCeilingAndSaysHowMuch() {
        // Within 3% of 4.82x: 256K L3 (380 MB/s) and 256K L5 (200), both dearer than lz4 at 400 MB/s.
        // Of the rest, 256K L1 (430 MB/s, 4.60x) and 16K L1 (450, 4.00x) are cheaper: the better ratio wins.
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4, ceiling(1.0, 400));
        assertSame(LARGE_FAST, choice.chosen());
        CpuTrade trade = choice.cpu().orElseThrow();
        assertTrue(trade.met());
        assertSame(LARGE_MID, trade.withoutCeiling());
        assertEquals(1 - 4.60 / 4.70, trade.ratioGivenUp(), 1e-3);
        assertTrue(
                ChoiceSentence.of(choice)
                        .contains("no grid point within 3% of the best held-out ratio compresses within 1.00x"
                                + " the CPU per event of Kafka's lz4 on batches of 4 (the cheapest of them, 256K L3, costs"
                                + " 1.05x"),
                ChoiceSentence.of(choice));
        assertTrue(ChoiceSentence.of(choice).contains("giving up 2.1% of 256K L3's ratio"), ChoiceSentence.of(choice));
    }

    @Test
    void balancedTakesTheCheapestPointWhenNoneMeetsTheCpuCeiling() {
        // Every point costs at least 2x lz4's 900 MB/s: the nearest to the ceiling is 16K L1 at 450 MB/s,
        // not the 256K L3 balanced would choose without it (a small miss must not buy the dearest point).
        Objective.Choice choice = Objective.BALANCED.choose(
                List.of(SMALL_FAST, point(256, 1, 4.60, 420), LARGE_MID, LARGE_SLOW), 100, LZ4, ceiling(1.0, 900));
        assertSame(SMALL_FAST, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice)
                        .startsWith("no grid point compresses within 1.00x the CPU per event of Kafka's lz4 on"
                                + " batches of 4, so the CPU ceiling is not met: of the points that cost the least"
                                + " CPU per event (within the 5% tolerance of the least), the best ratio was"
                                + " chosen, 16K L1: 4.00x on batches of 1 at 450 MB/s"),
                ChoiceSentence.of(choice));
        assertTrue(
                ChoiceSentence.of(choice)
                        .contains(
                                "at 2.00x Kafka lz4's CPU per event; 256K L3, the choice without the"
                                        + " ceiling, would cost 2.37x Kafka lz4's CPU per event; giving up 14.9% of 256K L3's ratio"),
                ChoiceSentence.of(choice));
        CpuTrade trade = choice.cpu().orElseThrow();
        assertTrue(!trade.met());
        assertEquals(2.0, trade.timesLz4(), 1e-9);
        assertSame(LARGE_MID, trade.withoutCeiling());
        assertEquals(1 - 4.00 / 4.70, trade.ratioGivenUp(), 1e-3);
    }

    @Test
    void saysWhenTheHigherRatioWasPreferredWithinTheMeasurementsNoise() {
        // 256K L1 (430 MB/s) costs 2.09x lz4's 900 MB/s, within 5% of 16K L1's 2.00x, and has the better ratio.
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4, ceiling(1.0, 900));
        assertSame(LARGE_FAST, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice)
                        .endsWith("; 16K L1 costs the least, 2.00x Kafka lz4's CPU per event, and 256K L1 is"
                                + " within the 5% tolerance of it, so the higher ratio was preferred"),
                ChoiceSentence.of(choice));
    }

    @Test
    void saysWhenAPointMeetsTheCeilingWithinTheTolerance() {
        // 256K L3 at 380 MB/s against lz4's 395: 1.04x, within 5% over the ceiling.
        Objective.Choice choice = Objective.BALANCED.choose(GRID, 100, LZ4, ceiling(1.0, 395));
        assertSame(LARGE_MID, choice.chosen());
        assertTrue(
                ChoiceSentence.of(choice)
                        .endsWith("; 256K L3 is over the ceiling by less than the 5% tolerance, which counts as"
                                + " meeting it"),
                ChoiceSentence.of(choice));
    }
}
