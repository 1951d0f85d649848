package org.zdict.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.zdict.engine.retrain.Decision;
import org.zdict.engine.retrain.Reference;
import org.zdict.engine.retrain.RetrainPolicy;

/** The sentences {@code zdict retrain} prints for each of the retrain policy's rules. */
class RetrainOutcomeTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Reference ACTIVE_DAY_OLD = new Reference(3, 3, 5.0, NOW.minus(Duration.ofDays(1)), true);
    private static final RetrainPolicy DEFAULTS = new RetrainPolicy(0.05, Duration.ofHours(6), 0, false);

    private static RetrainOutcome judge(RetrainPolicy policy, double ratio, double mbps, Reference reference) {
        return RetrainOutcome.of(policy.judge(ratio, mbps, reference, NOW), policy);
    }

    @Test
    void namesMinGainWhenTheGainIsTooSmall() {
        RetrainOutcome outcome = judge(DEFAULTS, 5.2, 500, ACTIVE_DAY_OLD);
        assertEquals(Decision.KEPT, outcome.decision());
        assertTrue(outcome.reason().contains("less than --min-gain 5%"), outcome.reason());
        assertTrue(outcome.reason().contains("active version 3 5.000x"), outcome.reason());
        assertTrue(outcome.reason().endsWith("; nothing changed"), outcome.reason());
    }

    @Test
    void namesMinIntervalAndHowLongAgoTheActiveVersionBecameActive() {
        Reference recent = new Reference(3, 3, 5.0, NOW.minus(Duration.ofHours(2)), true);
        RetrainOutcome outcome = judge(DEFAULTS, 6.0, 500, recent);
        assertTrue(outcome.reason().contains("2h ago"), outcome.reason());
        assertTrue(outcome.reason().contains("--min-interval 6h"), outcome.reason());
        assertEquals(NOW.plus(Duration.ofHours(4)), outcome.nextPromotionAfter());
    }

    @Test
    void namesTheSpeedFloor() {
        RetrainPolicy floor = new RetrainPolicy(0.05, Duration.ZERO, 100, false);
        RetrainOutcome outcome = judge(floor, 6.0, 80, ACTIVE_DAY_OLD);
        assertTrue(outcome.reason().contains("below the --min-mbps floor of 100"), outcome.reason());
    }

    @Test
    void namesPlainZstdAndPublishOnly() {
        assertTrue(
                judge(DEFAULTS, 4.0, 500, Reference.plainZstd(3, 2.0)).reason().contains("plain zstd-3 2.000x"));
        RetrainPolicy publishOnly = new RetrainPolicy(0.05, Duration.ofHours(6), 0, true);
        RetrainOutcome outcome = judge(publishOnly, 6.0, 500, ACTIVE_DAY_OLD);
        assertEquals(Decision.PUBLISHED, outcome.decision());
        assertTrue(outcome.reason().endsWith("; published without activating (--publish-only)"), outcome.reason());
    }
}
