package org.zdict.engine.retrain;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

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
        String figures = String.format(
                Locale.ROOT,
                "the candidate compresses the newest held-out events %.3fx, %s %.3fx (%+.1f%%)",
                candidateRatio,
                reference.label(),
                reference.ratio(),
                gain * 100);
        if (gain < minGain) {
            return kept(
                    figures + String.format(Locale.ROOT, ", less than --min-gain %s", percent(minGain)), gain, null);
        }
        if (candidateMbps < minMbps) {
            return kept(
                    figures
                            + String.format(
                                    Locale.ROOT,
                                    ", but it compresses %.0f MB/s, below the --min-mbps floor of %.0f",
                                    candidateMbps,
                                    minMbps),
                    gain,
                    null);
        }
        Instant next = null;
        if (!minInterval.isZero() && reference.since() != null) {
            next = reference.since().plus(minInterval);
            if (now.isBefore(next)) {
                return kept(
                        figures
                                + String.format(
                                        Locale.ROOT,
                                        ", but version %d became active %s (%s ago), less than --min-interval %s ago;"
                                                + " a promotion is possible from %s",
                                        reference.version(),
                                        reference.sinceRecorded()
                                                ? "at " + reference.since()
                                                : "(published) at " + reference.since(),
                                        Durations.format(Duration.between(reference.since(), now)),
                                        Durations.format(minInterval),
                                        next),
                        gain,
                        next);
            }
        }
        String enough = String.format(Locale.ROOT, ", at least --min-gain %s", percent(minGain));
        return publishOnly
                ? new Verdict(
                        Decision.PUBLISHED,
                        figures + enough + "; published without activating (--publish-only)",
                        gain,
                        next)
                : new Verdict(Decision.PROMOTED, figures + enough + "; promoted", gain, next);
    }

    private static Verdict kept(String reason, double gain, Instant next) {
        return new Verdict(Decision.KEPT, reason + "; nothing changed", gain, next);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100).replace(".0%", "%");
    }
}
