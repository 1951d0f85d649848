package org.zdict.engine.retrain;

import java.time.Instant;

/**
 * The decision for one candidate and why, as data: the rule that decided and the figures it compared.
 *
 * @param decision promoted, kept or published
 * @param rule the rule that decided
 * @param candidateRatio the candidate's ratio on the held-out events, batches of 1
 * @param candidateMbps its compression speed there
 * @param reference what it was compared with
 * @param gain the candidate's ratio over the reference's, minus 1
 * @param decidedAt when the decision was made
 * @param nextPromotionAfter the earliest time the policy's minimum interval allows a promotion, null
 *     when it does not apply
 */
public record Verdict(
        Decision decision,
        Rule rule,
        double candidateRatio,
        double candidateMbps,
        Reference reference,
        double gain,
        Instant decidedAt,
        Instant nextPromotionAfter) {

    /** Which of {@link RetrainPolicy}'s rules decided. */
    public enum Rule {
        /** Kept: the gain is below the policy's minimum gain. */
        GAIN_BELOW_MIN_GAIN,
        /** Kept: the gain is enough, but the candidate compresses slower than the speed floor. */
        SPEED_BELOW_FLOOR,
        /** Kept: the reference became active less than the minimum interval ago. */
        TOO_SOON_AFTER_ACTIVATION,
        /** Promoted, or published only: the candidate earned its place. */
        EARNED_ITS_PLACE
    }
}
