package org.zdict.engine.retrain;

import java.time.Instant;

/**
 * The decision for one candidate and why.
 *
 * @param decision promoted, kept or published
 * @param reason one sentence with the figures it was made on
 * @param gain the candidate's ratio over the reference's, minus 1
 * @param nextPromotionAfter the earliest time --min-interval allows a promotion, null when it does not apply
 */
public record Verdict(Decision decision, String reason, double gain, Instant nextPromotionAfter) {}
