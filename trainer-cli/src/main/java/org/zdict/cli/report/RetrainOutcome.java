package org.zdict.cli.report;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalInt;
import org.zdict.engine.retrain.ActiveVersionRace;
import org.zdict.engine.retrain.Decision;
import org.zdict.engine.retrain.Durations;
import org.zdict.engine.retrain.Reference;
import org.zdict.engine.retrain.RetrainPolicy;
import org.zdict.engine.retrain.RetrainResult;
import org.zdict.engine.retrain.Verdict;

/**
 * What {@code zdict retrain} decided, in the sentence it prints and writes as the JSON report's reason:
 * the policy's verdict worded with this command's options, or a race with another scheduler.
 *
 * @param decision promoted, kept or published
 * @param reason one sentence with the figures it was made on
 * @param gain the candidate's ratio over the reference's, minus 1
 * @param nextPromotionAfter the earliest time --min-interval allows a promotion, null when it does not apply
 */
public record RetrainOutcome(Decision decision, String reason, double gain, Instant nextPromotionAfter) {

    /** What a retrain step decided: the policy's verdict, or that another scheduler changed the active version. */
    public static RetrainOutcome of(RetrainResult result, RetrainPolicy policy) {
        ActiveVersionRace race = result.race();
        if (race == null) {
            return of(result.verdict(), policy);
        }
        String reason =
                switch (race.when()) {
                    case WHILE_TRAINING ->
                        "the active version changed from " + describe(race.before()) + " to "
                                + describe(race.after())
                                + " while this run trained (another scheduler?); nothing changed";
                    case BEFORE_ACTIVATION ->
                        "the candidate earned its place, but the active version changed from "
                                + describe(race.before()) + " to " + describe(race.after())
                                + " between this run's decision and its activation (another scheduler?): "
                                + (race.activatedTheSameVersion()
                                        ? "another run promoted the same dictionary, version " + race.published()
                                                + ", in the meantime"
                                        : "version " + race.published()
                                                + " was published and stays available, not active")
                                + "; nothing else changed";
                };
        return new RetrainOutcome(Decision.KEPT, reason, result.verdict().gain(), null);
    }

    /** The policy's verdict, worded with the options that set the policy ({@code --min-gain} and the rest). */
    public static RetrainOutcome of(Verdict verdict, RetrainPolicy policy) {
        Reference reference = verdict.reference();
        String figures = String.format(
                Locale.ROOT,
                "the candidate compresses the newest held-out events %.3fx, %s %.3fx (%+.1f%%)",
                verdict.candidateRatio(),
                reference.label(),
                reference.ratio(),
                verdict.gain() * 100);
        String why =
                switch (verdict.rule()) {
                    case GAIN_BELOW_MIN_GAIN ->
                        String.format(Locale.ROOT, ", less than --min-gain %s", percent(policy.minGain()))
                                + "; nothing changed";
                    case SPEED_BELOW_FLOOR ->
                        String.format(
                                        Locale.ROOT,
                                        ", but it compresses %.0f MB/s, below the --min-mbps floor of %.0f",
                                        verdict.candidateMbps(),
                                        policy.minMbps())
                                + "; nothing changed";
                    case TOO_SOON_AFTER_ACTIVATION ->
                        String.format(
                                        Locale.ROOT,
                                        ", but version %d became active %s (%s ago), less than --min-interval %s ago;"
                                                + " a promotion is possible from %s",
                                        reference.version(),
                                        reference.sinceRecorded()
                                                ? "at " + reference.since()
                                                : "(published) at " + reference.since(),
                                        Durations.format(Duration.between(reference.since(), verdict.decidedAt())),
                                        Durations.format(policy.minInterval()),
                                        verdict.nextPromotionAfter())
                                + "; nothing changed";
                    case EARNED_ITS_PLACE ->
                        String.format(Locale.ROOT, ", at least --min-gain %s", percent(policy.minGain()))
                                + (verdict.decision() == Decision.PUBLISHED
                                        ? "; published without activating (--publish-only)"
                                        : "; promoted");
                };
        return new RetrainOutcome(verdict.decision(), figures + why, verdict.gain(), verdict.nextPromotionAfter());
    }

    private static String describe(OptionalInt version) {
        return version.isPresent() ? "version " + version.getAsInt() : "none";
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100).replace(".0%", "%");
    }
}
