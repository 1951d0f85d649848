package org.zdict.engine.retrain;

import java.time.Instant;
import org.zdict.engine.GridPoint;

/**
 * The decision and why, as data: the rule that decided, the grid point it decided on (the one promoted,
 * or, when kept, the one that came closest) and the figures it compared.
 *
 * @param decision promoted, kept or published
 * @param rule the rule that decided
 * @param candidate the grid point promoted (or published), or when kept the one that came closest
 * @param candidateRatio its ratio on the held-out events, batches of 1
 * @param candidateMbps its compression speed there, 10^6 bytes per CPU second
 * @param candidateTimesLz4 its compression CPU per event as a multiple of Kafka's lz4, 0 without a ceiling
 * @param maxTimesLz4 the CPU ceiling it was held to, 0 without a ceiling
 * @param reference what it was compared with
 * @param gain the candidate's ratio over the reference's, minus 1
 * @param decidedAt when the decision was made
 * @param nextPromotionAfter the earliest time the policy's minimum interval allows a promotion, null
 *     when it does not apply
 */
public record Verdict(
        Decision decision,
        Rule rule,
        GridPoint candidate,
        double candidateRatio,
        double candidateMbps,
        double candidateTimesLz4,
        double maxTimesLz4,
        Reference reference,
        double gain,
        Instant decidedAt,
        Instant nextPromotionAfter) {

    /** Which of {@link RetrainPolicy}'s rules decided. */
    public enum Rule {
        /** Kept: no grid point gains the minimum gain (nor is as good and half the CPU); the closest is named. */
        GAIN_BELOW_MIN_GAIN,
        /** Kept: the first point that gains enough compresses slower than the speed floor. */
        SPEED_BELOW_FLOOR,
        /** Kept: the first point that gains enough costs more CPU per event than the ceiling. */
        ABOVE_CPU_CEILING,
        /** Kept: a point earned its place, but the reference became active less than the minimum interval ago. */
        TOO_SOON_AFTER_ACTIVATION,
        /** Promoted, or published only: the point gains at least the minimum gain. */
        EARNED_ITS_PLACE,
        /** Promoted, or published only: the point is at least as good and costs at most half the CPU per event. */
        AS_GOOD_AT_HALF_THE_CPU;

        /** Whether no grid point earned its place, so the verdict's point is the one that came closest. */
        public boolean noPointEarnedItsPlace() {
            return this == GAIN_BELOW_MIN_GAIN || this == SPEED_BELOW_FLOOR || this == ABOVE_CPU_CEILING;
        }
    }
}
