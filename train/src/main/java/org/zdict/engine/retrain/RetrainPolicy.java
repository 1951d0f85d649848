package org.zdict.engine.retrain;

import java.time.Duration;
import java.time.Instant;

/**
 * When {@code zdict retrain} replaces the active version: the candidate must beat the reference by at
 * least {@code minGain} on the same held-out events, compress at least {@code minMbps} (CPU time, so a
 * busy machine does not change the decision), and the reference must have been active for at least
 * {@code minInterval}, so that two schedulers never promote twice in a row. Pure: the same inputs give
 * the same decision.
 *
 * @param minGain the least gain in ratio, a fraction (0.05 = 5%)
 * @param minInterval the least time between promotions; zero turns the rule off
 * @param minMbps the compression speed floor, 10^6 bytes per CPU second; zero turns it off
 * @param publishOnly whether a candidate that earns its place is published without being activated
 */
public record RetrainPolicy(double minGain, Duration minInterval, double minMbps, boolean publishOnly) {

    public RetrainPolicy {
        if (!(minGain >= 0 && minGain <= 1)) {
            throw new IllegalArgumentException("minGain must be within 0..1, got " + minGain);
        }
        if (minInterval.isNegative()) {
            throw new IllegalArgumentException("minInterval must not be negative, got " + minInterval);
        }
    }

    /**
     * @param candidateRatio the candidate's ratio on the held-out events, batches of 1
     * @param candidateMbps its compression speed there
     * @param reference the active version (or plain zstd) measured on the same events
     * @param now the time the decision is made at
     */
    public Verdict judge(double candidateRatio, double candidateMbps, Reference reference, Instant now) {
        double gain = candidateRatio / reference.ratio() - 1;
        Instant next = minInterval.isZero() || reference.since() == null
                ? null
                : reference.since().plus(minInterval);
        Verdict.Rule rule;
        if (gain < minGain) {
            rule = Verdict.Rule.GAIN_BELOW_MIN_GAIN;
            next = null;
        } else if (candidateMbps < minMbps) {
            rule = Verdict.Rule.SPEED_BELOW_FLOOR;
            next = null;
        } else if (next != null && now.isBefore(next)) {
            rule = Verdict.Rule.TOO_SOON_AFTER_ACTIVATION;
        } else {
            rule = Verdict.Rule.EARNED_ITS_PLACE;
        }
        Decision decision = rule != Verdict.Rule.EARNED_ITS_PLACE
                ? Decision.KEPT
                : publishOnly ? Decision.PUBLISHED : Decision.PROMOTED;
        return new Verdict(decision, rule, candidateRatio, candidateMbps, reference, gain, now, next);
    }
}
