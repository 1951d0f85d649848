package org.zdict.engine.retrain;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.zdict.engine.CandidateResult;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.Measurement;
import org.zdict.engine.SpeedFloor;

/**
 * Which grid point {@code zdict retrain} promotes over the active version, the one place that rule lives.
 * Every grid point and the reference are measured on the same held-out events, batches of 1. A point
 * <em>earns its place</em> when its ratio beats the reference's by at least {@code minGain}, or when it is
 * at least as good (gain ≥ 0) and costs at most half the reference's compression CPU per event (it
 * compresses at least twice as fast). It <em>meets the constraints</em> when it compresses at least
 * {@code minMbps} (within its tolerance, {@link SpeedFloor}) and, under a CPU ceiling, costs no
 * more CPU per event than the ceiling allows. The
 * point promoted is the first, in the objective's order, that earns its place and meets the constraints;
 * when none does, the reference is kept and the verdict names the point that came closest: the first that
 * earns its place but breaks a constraint, else the best gain among the points that meet them (else among
 * all). A promotion also waits until the reference has been active for {@code minInterval}, so that two
 * schedulers never promote twice in a row. Pure: the same inputs give the same decision.
 *
 * @param minGain the least gain in ratio, a fraction (0.05 = 5%)
 * @param minInterval the least time between promotions; zero turns the rule off
 * @param minMbps the compression speed floor, 10^6 bytes per CPU second; zero turns it off
 * @param publishOnly whether a candidate that earns its place is published without being activated
 */
public record RetrainPolicy(double minGain, Duration minInterval, double minMbps, boolean publishOnly) {

    /** A point at least as good that compresses this many times faster than the reference earns its place. */
    public static final double CHEAPER_SPEEDUP = 2;

    public RetrainPolicy {
        if (!(minGain >= 0 && minGain <= 1)) {
            throw new IllegalArgumentException("minGain must be within 0..1, got " + minGain);
        }
        if (minInterval.isNegative()) {
            throw new IllegalArgumentException("minInterval must not be negative, got " + minInterval);
        }
    }

    /**
     * @param candidates every grid point, its {@link CandidateResult#primary()} measured on the held-out
     *     events, batches of 1
     * @param order the objective's order, first preferred first ({@link org.zdict.engine.Objective#order()})
     * @param ceiling the CPU ceiling the objective holds points to, if any
     * @param reference the active version (or plain zstd) measured on the same events
     * @param now the time the decision is made at
     */
    public Verdict judge(
            List<CandidateResult> candidates,
            Comparator<CandidateResult> order,
            Optional<CpuCeiling> ceiling,
            Reference reference,
            Instant now) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("No grid point to judge");
        }
        List<CandidateResult> ordered = candidates.stream().sorted(order).toList();
        for (CandidateResult c : ordered) {
            Verdict.Rule earned = earned(c, reference);
            if (earned != null && broken(c, ceiling) == null) {
                Instant next = minInterval.isZero() || reference.since() == null
                        ? null
                        : reference.since().plus(minInterval);
                if (next != null && now.isBefore(next)) {
                    return verdict(
                            Decision.KEPT, Verdict.Rule.TOO_SOON_AFTER_ACTIVATION, c, ceiling, reference, now, next);
                }
                Decision decision = publishOnly ? Decision.PUBLISHED : Decision.PROMOTED;
                return verdict(decision, earned, c, ceiling, reference, now, null);
            }
        }
        for (CandidateResult c : ordered) {
            if (earned(c, reference) != null) {
                return verdict(Decision.KEPT, broken(c, ceiling), c, ceiling, reference, now, null);
            }
        }
        Comparator<CandidateResult> byGain =
                Comparator.comparingDouble(c -> c.primary().ratio());
        CandidateResult closest = ordered.stream()
                .filter(c -> broken(c, ceiling) == null)
                .max(byGain)
                .orElseGet(() -> ordered.stream().max(byGain).orElseThrow());
        return verdict(Decision.KEPT, Verdict.Rule.GAIN_BELOW_MIN_GAIN, closest, ceiling, reference, now, null);
    }

    /** Why {@code c} earns its place over {@code reference}, null if it does not. */
    private Verdict.Rule earned(CandidateResult c, Reference reference) {
        double gain = gain(c.primary(), reference);
        if (gain >= minGain) {
            return Verdict.Rule.EARNED_ITS_PLACE;
        }
        if (gain >= 0 && c.primary().compressMBps() >= CHEAPER_SPEEDUP * reference.compressMbps()) {
            return Verdict.Rule.AS_GOOD_AT_HALF_THE_CPU;
        }
        return null;
    }

    /** The constraint {@code c} breaks, null if it meets them all. */
    private Verdict.Rule broken(CandidateResult c, Optional<CpuCeiling> ceiling) {
        if (!SpeedFloor.reaches(c.primary(), minMbps)) {
            return Verdict.Rule.SPEED_BELOW_FLOOR;
        }
        if (ceiling.isPresent() && !ceiling.get().admits(c.primary())) {
            return Verdict.Rule.ABOVE_CPU_CEILING;
        }
        return null;
    }

    private static double gain(Measurement m, Reference reference) {
        return m.ratio() / reference.ratio() - 1;
    }

    private static Verdict verdict(
            Decision decision,
            Verdict.Rule rule,
            CandidateResult c,
            Optional<CpuCeiling> ceiling,
            Reference reference,
            Instant now,
            Instant next) {
        Measurement m = c.primary();
        return new Verdict(
                decision,
                rule,
                c.point(),
                m.ratio(),
                m.compressMBps(),
                ceiling.map(limit -> limit.timesLz4(m)).orElse(0.0),
                ceiling.map(CpuCeiling::maxTimesLz4).orElse(0.0),
                reference,
                gain(m, reference),
                now,
                next);
    }
}
