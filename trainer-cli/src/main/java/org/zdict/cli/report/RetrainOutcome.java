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
 * @param gain the judged grid point's ratio over the reference's, minus 1
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

    /**
     * The policy's verdict, worded with the options that set the policy ({@code --min-gain} and the rest):
     * the grid point promoted and why, or, when kept, the point that came closest and why it fell short.
     */
    public static RetrainOutcome of(Verdict verdict, RetrainPolicy policy) {
        Reference reference = verdict.reference();
        String figures = String.format(
                Locale.ROOT,
                "grid point %s compresses the newest held-out events %.3fx, %s %.3fx (%+.1f%%)",
                verdict.candidate().label(),
                verdict.candidateRatio(),
                reference.label(),
                reference.ratio(),
                verdict.gain() * 100);
        String minGain = "--min-gain " + percent(policy.minGain());
        String why =
                switch (verdict.rule()) {
                    case GAIN_BELOW_MIN_GAIN ->
                        ", less than " + minGain + ", and it came closest: no grid point gains " + minGain
                                + " (or is as good at half the CPU) within the constraints; nothing changed";
                    case SPEED_BELOW_FLOOR ->
                        String.format(
                                        Locale.ROOT,
                                        ", but it compresses %.0f MB/s, below the --min-mbps floor of %.0f, and no"
                                                + " grid point that earns its place meets the constraints",
                                        verdict.candidateMbps(),
                                        policy.minMbps())
                                + "; nothing changed";
                    case ABOVE_CPU_CEILING ->
                        String.format(
                                        Locale.ROOT,
                                        ", but it costs %.2fx Kafka's lz4 CPU per event, above the"
                                                + " --max-cpu-vs-lz4 ceiling of %.2fx, and no grid point that earns"
                                                + " its place meets the constraints",
                                        verdict.candidateTimesLz4(),
                                        verdict.maxTimesLz4())
                                + "; nothing changed";
                    case TOO_SOON_AFTER_ACTIVATION ->
                        String.format(
                                        Locale.ROOT,
                                        ", enough to earn its place, but version %d became active %s (%s ago), less"
                                                + " than --min-interval %s ago; a promotion is possible from %s",
                                        reference.version(),
                                        reference.sinceRecorded()
                                                ? "at " + reference.since()
                                                : "(published) at " + reference.since(),
                                        Durations.format(Duration.between(reference.since(), verdict.decidedAt())),
                                        Durations.format(policy.minInterval()),
                                        verdict.nextPromotionAfter())
                                + "; nothing changed";
                    case EARNED_ITS_PLACE ->
                        ", at least " + minGain + ": the first such grid point in the objective's order within"
                                + " the constraints" + promoted(verdict);
                    case AS_GOOD_AT_HALF_THE_CPU ->
                        String.format(
                                        Locale.ROOT,
                                        ", at least as good at %.0f MB/s, at least twice the %s's %.0f MB/s (half the"
                                                + " CPU per event): the first such grid point in the objective's order"
                                                + " within the constraints",
                                        verdict.candidateMbps(),
                                        reference.isPlainZstd() ? "plain zstd" : "active version",
                                        reference.compressMbps())
                                + promoted(verdict);
                };
        return new RetrainOutcome(verdict.decision(), figures + why, verdict.gain(), verdict.nextPromotionAfter());
    }

    private static String promoted(Verdict verdict) {
        return verdict.decision() == Decision.PUBLISHED
                ? "; published without activating (--publish-only)"
                : "; promoted";
    }

    private static String describe(OptionalInt version) {
        return version.isPresent() ? "version " + version.getAsInt() : "none";
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100).replace(".0%", "%");
    }
}
