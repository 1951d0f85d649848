package org.zdict.engine.retrain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.GridPoint;
import org.zdict.engine.Measurement;
import org.zdict.engine.Objective;

/** The retrain rule on constructed grids: no training, only measurements. */
class RetrainPolicyTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final long RAW = 1_000_000;
    /** Active version 3 at level 3: ratio 5.0, 400 MB/s. */
    private static final Reference ACTIVE_DAY_OLD = new Reference(3, 3, 5.0, 400, NOW.minus(Duration.ofDays(1)), true);

    private static final RetrainPolicy DEFAULTS = new RetrainPolicy(0.05, Duration.ofHours(6), 0, false);
    /** Kafka's lz4 at 1000 MB/s on the same events: a point at {@code mbps} costs 1000 / mbps times its CPU. */
    private static final Optional<CpuCeiling> THREE_TIMES_LZ4 =
            Optional.of(new CpuCeiling(3, new Measurement(100, RAW, RAW / 2, 1000, 2000)));

    private static CandidateResult point(int dictKib, int level, double ratio, double mbps) {
        Measurement batchesOf1 = new Measurement(1, RAW, Math.round(RAW / ratio), mbps, 1000);
        return new CandidateResult(new GridPoint(dictKib << 10, level), new byte[0], 0, List.of(batchesOf1));
    }

    private static Verdict balanced(RetrainPolicy policy, Reference reference, CandidateResult... grid) {
        return policy.judge(List.of(grid), Objective.BALANCED.order(), Optional.empty(), reference, NOW);
    }

    @Test
    void promotesTheCheapestPointThatGainsMinGainNotTheToleranceBandChoice() {
        // balanced would choose 256K L1 (within 3% of the best), but it gains only 3.1%.
        CandidateResult toleranceBand = point(256, 1, 5.155, 450);
        CandidateResult enough = point(256, 3, 5.31, 420);
        CandidateResult biggerSameGain = point(512, 3, 5.32, 400);
        CandidateResult best = point(256, 9, 5.33, 150);

        Verdict verdict = balanced(DEFAULTS, ACTIVE_DAY_OLD, best, biggerSameGain, toleranceBand, enough);

        assertEquals(Decision.PROMOTED, verdict.decision());
        assertEquals(Verdict.Rule.EARNED_ITS_PLACE, verdict.rule());
        assertEquals(enough.point(), verdict.candidate());
        assertEquals(0.062, verdict.gain(), 1e-3);
        assertEquals(420, verdict.candidateMbps());
    }

    @Test
    void promotesACheaperPointAtLeastAsGoodAtHalfTheCpu() {
        CandidateResult cheap = point(64, 1, 5.05, 800);
        CandidateResult slow = point(256, 19, 5.1, 20);

        Verdict verdict = balanced(DEFAULTS, ACTIVE_DAY_OLD, slow, cheap);

        assertEquals(Decision.PROMOTED, verdict.decision());
        assertEquals(Verdict.Rule.AS_GOOD_AT_HALF_THE_CPU, verdict.rule());
        assertEquals(cheap.point(), verdict.candidate());
        assertEquals(
                Decision.KEPT,
                balanced(DEFAULTS, ACTIVE_DAY_OLD, point(64, 1, 5.05, 799)).decision(),
                "less than twice as fast");
        assertEquals(
                Decision.KEPT,
                balanced(DEFAULTS, ACTIVE_DAY_OLD, point(64, 1, 4.99, 2000)).decision(),
                "faster but worse");
    }

    @Test
    void keepsTheActiveVersionWhenNoPointGainsEnoughAndNamesTheClosest() {
        CandidateResult closest = point(128, 3, 5.2, 400);

        Verdict verdict = balanced(DEFAULTS, ACTIVE_DAY_OLD, point(64, 1, 5.1, 500), closest, point(256, 3, 5.15, 380));

        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(Verdict.Rule.GAIN_BELOW_MIN_GAIN, verdict.rule());
        assertEquals(closest.point(), verdict.candidate());
        assertEquals(0.04, verdict.gain(), 1e-4);
        assertEquals(ACTIVE_DAY_OLD, verdict.reference());
    }

    @Test
    void neverPromotesAPointAboveTheCpuCeiling() {
        CandidateResult overCeiling = point(64, 3, 5.5, 200); // 5x lz4
        CandidateResult underCeiling = point(128, 5, 5.3, 400); // 2.5x lz4

        Verdict kept =
                DEFAULTS.judge(List.of(overCeiling), Objective.BALANCED.order(), THREE_TIMES_LZ4, ACTIVE_DAY_OLD, NOW);
        assertEquals(Decision.KEPT, kept.decision());
        assertEquals(Verdict.Rule.ABOVE_CPU_CEILING, kept.rule());
        assertEquals(overCeiling.point(), kept.candidate());
        assertEquals(5, kept.candidateTimesLz4(), 1e-9);
        assertEquals(3, kept.maxTimesLz4());

        Verdict promoted = DEFAULTS.judge(
                List.of(overCeiling, underCeiling), Objective.BALANCED.order(), THREE_TIMES_LZ4, ACTIVE_DAY_OLD, NOW);
        assertEquals(Decision.PROMOTED, promoted.decision());
        assertEquals(underCeiling.point(), promoted.candidate());
    }

    @Test
    void neverPromotesAPointBelowTheSpeedFloor() {
        RetrainPolicy floor = new RetrainPolicy(0.05, Duration.ZERO, 300, false);
        CandidateResult slow = point(64, 3, 6.0, 250);

        Verdict verdict = balanced(floor, ACTIVE_DAY_OLD, slow);
        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(Verdict.Rule.SPEED_BELOW_FLOOR, verdict.rule());
        assertEquals(slow.point(), verdict.candidate());

        CandidateResult fastEnough = point(256, 3, 5.3, 300);
        assertEquals(
                fastEnough.point(),
                balanced(floor, ACTIVE_DAY_OLD, slow, fastEnough).candidate());
    }

    @Test
    void theClosestPointWhenKeptMeetsTheConstraintsWhereOneDoes() {
        RetrainPolicy floor = new RetrainPolicy(0.05, Duration.ZERO, 300, false);
        CandidateResult fast = point(64, 1, 5.1, 500);

        Verdict verdict = balanced(floor, ACTIVE_DAY_OLD, point(64, 19, 5.2, 50), fast);

        assertEquals(Verdict.Rule.GAIN_BELOW_MIN_GAIN, verdict.rule());
        assertEquals(fast.point(), verdict.candidate());
    }

    @Test
    void otherObjectivesPromoteInTheirOwnOrder() {
        CandidateResult cheap = point(64, 1, 5.3, 500);
        CandidateResult best = point(256, 9, 5.6, 200);
        CandidateResult fastest = point(32, 1, 5.26, 900);
        List<CandidateResult> grid = List.of(cheap, best, fastest);

        assertEquals(
                best.point(),
                DEFAULTS.judge(grid, Objective.RATIO.order(), Optional.empty(), ACTIVE_DAY_OLD, NOW)
                        .candidate());
        assertEquals(
                fastest.point(),
                DEFAULTS.judge(grid, Objective.SPEED.order(), Optional.empty(), ACTIVE_DAY_OLD, NOW)
                        .candidate());
        assertEquals(
                fastest.point(),
                DEFAULTS.judge(grid, Objective.BALANCED.order(), Optional.empty(), ACTIVE_DAY_OLD, NOW)
                        .candidate(),
                "level 1, then the smaller dictionary");
    }

    @Test
    void neverPromotesAWorseCandidateEvenWithMinGainZero() {
        RetrainPolicy anyGain = new RetrainPolicy(0, Duration.ZERO, 0, false);
        assertEquals(
                Decision.KEPT,
                balanced(anyGain, ACTIVE_DAY_OLD, point(64, 3, 4.99, 500)).decision());
        assertEquals(
                Decision.PROMOTED,
                balanced(anyGain, ACTIVE_DAY_OLD, point(64, 3, 5.0, 500)).decision());
    }

    @Test
    void keepsTheActiveVersionWithinMinIntervalOfItsActivation() {
        Reference recent = new Reference(3, 3, 5.0, 400, NOW.minus(Duration.ofHours(2)), true);
        CandidateResult better = point(64, 3, 6.0, 500);

        Verdict verdict = balanced(DEFAULTS, recent, better);

        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(Verdict.Rule.TOO_SOON_AFTER_ACTIVATION, verdict.rule());
        assertEquals(better.point(), verdict.candidate());
        assertEquals(NOW.plus(Duration.ofHours(4)), verdict.nextPromotionAfter());
    }

    @Test
    void minIntervalZeroTurnsTheRuleOff() {
        Reference justNow = new Reference(3, 3, 5.0, 400, NOW, true);
        RetrainPolicy off = new RetrainPolicy(0.05, Duration.ZERO, 0, false);
        assertEquals(
                Decision.PROMOTED,
                balanced(off, justNow, point(64, 3, 6.0, 500)).decision());
    }

    @Test
    void publishOnlyPublishesWhatWouldBePromotedAndKeepsTheRest() {
        RetrainPolicy publishOnly = new RetrainPolicy(0.05, Duration.ofHours(6), 0, true);
        assertEquals(
                Decision.PUBLISHED,
                balanced(publishOnly, ACTIVE_DAY_OLD, point(64, 3, 6.0, 500)).decision());
        assertEquals(
                Decision.KEPT,
                balanced(publishOnly, ACTIVE_DAY_OLD, point(64, 3, 5.1, 500)).decision());
    }

    @Test
    void withNoActiveVersionTheCandidateMustBeatPlainZstdByMinGain() {
        Reference zstd = Reference.plainZstd(3, 2.0, 300);
        Verdict verdict = balanced(DEFAULTS, zstd, point(64, 3, 4.0, 500));
        assertEquals(Decision.PROMOTED, verdict.decision());
        assertEquals(zstd, verdict.reference());
        assertEquals(
                Decision.KEPT, balanced(DEFAULTS, zstd, point(64, 3, 2.05, 500)).decision());
    }

    @Test
    void refusesAMinGainOutsideZeroToOneHundredPercent() {
        assertThrows(IllegalArgumentException.class, () -> new RetrainPolicy(1.5, Duration.ZERO, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new RetrainPolicy(-0.1, Duration.ZERO, 0, false));
    }

    @Test
    void parsesDurationsAsTheCommandLineWritesThem() {
        assertEquals(Duration.ofHours(6), Durations.parse("6h"));
        assertEquals(Duration.ofDays(7), Durations.parse("7d"));
        assertEquals(Duration.ZERO, Durations.parse("0"));
        assertEquals(Duration.ofMinutes(90), Durations.parse("PT1H30M"));
        assertEquals("1d 2h", Durations.format(Duration.ofHours(26)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse("6"));
        assertTrue(e.getMessage().contains("'6'"), e.getMessage());
    }
}
