package org.zdict.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.zdict.engine.retrain.Decision;
import org.zdict.engine.retrain.Reference;
import org.zdict.engine.retrain.RetrainPolicy;

/** The sentences {@code zdict retrain} prints for each of the retrain policy's rules. */
class RetrainOutcomeTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final long RAW = 1_000_000;
    private static final Reference ACTIVE_DAY_OLD = new Reference(3, 3, 5.0, 400, NOW.minus(Duration.ofDays(1)), true);
    private static final RetrainPolicy DEFAULTS = new RetrainPolicy(0.05, Duration.ofHours(6), 0, false);

    private static RetrainOutcome judge(RetrainPolicy policy, double ratio, double mbps, Reference reference) {
        return judge(policy, ratio, mbps, reference, Optional.empty());
    }

    private static RetrainOutcome judge(
            RetrainPolicy policy, double ratio, double mbps, Reference reference, Optional<CpuCeiling> ceiling) {
        Measurement m = new Measurement(1, RAW, Math.round(RAW / ratio), mbps, 1000);
        CandidateResult point = new CandidateResult(new GridPoint(256 << 10, 3), new byte[0], 0, List.of(m));
        return RetrainOutcome.of(
                policy.judge(List.of(point), Objective.BALANCED.order(), ceiling, reference, NOW), policy);
    }

    @Test
    void namesMinGainAndTheClosestPointWhenNoGainIsEnough() {
        RetrainOutcome outcome = judge(DEFAULTS, 5.2, 300, ACTIVE_DAY_OLD);
        assertEquals(Decision.KEPT, outcome.decision());
        assertTrue(outcome.reason().startsWith("grid point 256K L3 compresses"), outcome.reason());
        assertTrue(outcome.reason().contains("less than --min-gain 5%, and it came closest"), outcome.reason());
        assertTrue(outcome.reason().contains("active version 3 5.000x"), outcome.reason());
        assertTrue(outcome.reason().endsWith("; nothing changed"), outcome.reason());
    }

    @Test
    void namesThePromotedPointAndWhy() {
        RetrainOutcome gain = judge(new RetrainPolicy(0.05, Duration.ZERO, 0, false), 5.3, 300, ACTIVE_DAY_OLD);
        assertEquals(Decision.PROMOTED, gain.decision());
        assertTrue(gain.reason().contains("grid point 256K L3"), gain.reason());
        assertTrue(gain.reason().contains("(+6.0%), at least --min-gain 5%"), gain.reason());
        assertTrue(gain.reason().endsWith("; promoted"), gain.reason());

        RetrainOutcome cheaper = judge(new RetrainPolicy(0.05, Duration.ZERO, 0, false), 5.0, 800, ACTIVE_DAY_OLD);
        assertEquals(Decision.PROMOTED, cheaper.decision());
        assertTrue(cheaper.reason().contains("at least as good at 800 MB/s"), cheaper.reason());
        assertTrue(cheaper.reason().contains("active version's 400 MB/s (half the CPU per event)"), cheaper.reason());
    }

    @Test
    void namesMinIntervalAndHowLongAgoTheActiveVersionBecameActive() {
        Reference recent = new Reference(3, 3, 5.0, 400, NOW.minus(Duration.ofHours(2)), true);
        RetrainOutcome outcome = judge(DEFAULTS, 6.0, 500, recent);
        assertTrue(outcome.reason().contains("2h ago"), outcome.reason());
        assertTrue(outcome.reason().contains("--min-interval 6h"), outcome.reason());
        assertEquals(NOW.plus(Duration.ofHours(4)), outcome.nextPromotionAfter());
    }

    @Test
    void namesTheSpeedFloorAndTheCpuCeiling() {
        RetrainPolicy floor = new RetrainPolicy(0.05, Duration.ZERO, 100, false);
        RetrainOutcome slow = judge(floor, 6.0, 80, ACTIVE_DAY_OLD);
        assertTrue(slow.reason().contains("below the --min-mbps floor of 100"), slow.reason());

        Optional<CpuCeiling> ceiling = Optional.of(new CpuCeiling(3, new Measurement(100, RAW, RAW / 2, 1000, 2000)));
        RetrainOutcome costly = judge(DEFAULTS, 6.0, 250, ACTIVE_DAY_OLD, ceiling);
        assertEquals(Decision.KEPT, costly.decision());
        assertTrue(
                costly.reason()
                        .contains("costs 4.00x Kafka's lz4 CPU per event, above the --max-cpu-vs-lz4 ceiling"
                                + " of 3.00x"),
                costly.reason());
    }

    @Test
    void namesPlainZstdAndPublishOnly() {
        assertTrue(judge(DEFAULTS, 4.0, 500, Reference.plainZstd(3, 2.0, 300))
                .reason()
                .contains("plain zstd-3 2.000x"));
        RetrainPolicy publishOnly = new RetrainPolicy(0.05, Duration.ofHours(6), 0, true);
        RetrainOutcome outcome = judge(publishOnly, 6.0, 500, ACTIVE_DAY_OLD);
        assertEquals(Decision.PUBLISHED, outcome.decision());
        assertTrue(outcome.reason().endsWith("; published without activating (--publish-only)"), outcome.reason());
    }
}
