package org.zdict.engine.retrain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetrainPolicyTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Reference ACTIVE_DAY_OLD = new Reference(3, 3, 5.0, NOW.minus(Duration.ofDays(1)), true);
    private static final RetrainPolicy DEFAULTS = new RetrainPolicy(0.05, Duration.ofHours(6), 0, false);

    @Test
    void promotesACandidateAtLeastMinGainBetter() {
        Verdict verdict = DEFAULTS.judge(5.25, 500, ACTIVE_DAY_OLD, NOW);
        assertEquals(Decision.PROMOTED, verdict.decision());
        assertEquals(Verdict.Rule.EARNED_ITS_PLACE, verdict.rule());
        assertEquals(0.05, verdict.gain(), 1e-9);
    }

    @Test
    void keepsTheActiveVersionWhenTheGainIsBelowMinGain() {
        Verdict verdict = DEFAULTS.judge(5.2, 500, ACTIVE_DAY_OLD, NOW);
        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(Verdict.Rule.GAIN_BELOW_MIN_GAIN, verdict.rule());
        assertEquals(ACTIVE_DAY_OLD, verdict.reference());
    }

    @Test
    void neverPromotesAWorseCandidateEvenWithMinGainZero() {
        RetrainPolicy anyGain = new RetrainPolicy(0, Duration.ZERO, 0, false);
        assertEquals(
                Decision.KEPT, anyGain.judge(4.99, 500, ACTIVE_DAY_OLD, NOW).decision());
        assertEquals(
                Decision.PROMOTED, anyGain.judge(5.0, 500, ACTIVE_DAY_OLD, NOW).decision());
    }

    @Test
    void keepsTheActiveVersionWithinMinIntervalOfItsActivation() {
        Reference recent = new Reference(3, 3, 5.0, NOW.minus(Duration.ofHours(2)), true);
        Verdict verdict = DEFAULTS.judge(6.0, 500, recent, NOW);
        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(NOW.plus(Duration.ofHours(4)), verdict.nextPromotionAfter());
        assertEquals(Verdict.Rule.TOO_SOON_AFTER_ACTIVATION, verdict.rule());
    }

    @Test
    void minIntervalZeroTurnsTheRuleOff() {
        Reference justNow = new Reference(3, 3, 5.0, NOW, true);
        RetrainPolicy off = new RetrainPolicy(0.05, Duration.ZERO, 0, false);
        assertEquals(Decision.PROMOTED, off.judge(6.0, 500, justNow, NOW).decision());
    }

    @Test
    void aCandidateBelowTheSpeedFloorIsKept() {
        RetrainPolicy floor = new RetrainPolicy(0.05, Duration.ZERO, 100, false);
        Verdict verdict = floor.judge(6.0, 80, ACTIVE_DAY_OLD, NOW);
        assertEquals(Decision.KEPT, verdict.decision());
        assertEquals(Verdict.Rule.SPEED_BELOW_FLOOR, verdict.rule());
        assertEquals(
                Decision.PROMOTED, floor.judge(6.0, 100, ACTIVE_DAY_OLD, NOW).decision());
    }

    @Test
    void publishOnlyPublishesWhatWouldBePromotedAndKeepsTheRest() {
        RetrainPolicy publishOnly = new RetrainPolicy(0.05, Duration.ofHours(6), 0, true);
        assertEquals(
                Decision.PUBLISHED,
                publishOnly.judge(6.0, 500, ACTIVE_DAY_OLD, NOW).decision());
        assertEquals(
                Decision.KEPT, publishOnly.judge(5.1, 500, ACTIVE_DAY_OLD, NOW).decision());
    }

    @Test
    void withNoActiveVersionTheCandidateMustBeatPlainZstdByMinGain() {
        Reference zstd = Reference.plainZstd(3, 2.0);
        Verdict verdict = DEFAULTS.judge(4.0, 500, zstd, NOW);
        assertEquals(Decision.PROMOTED, verdict.decision());
        assertEquals(zstd, verdict.reference());
        assertEquals(Decision.KEPT, DEFAULTS.judge(2.05, 500, zstd, NOW).decision());
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
