package org.zdict.engine;

import java.util.Optional;

/**
 * Why {@link Objective#choose} chose a grid point, as data: the rule that decided and the figures it
 * compared. Callers word it for their readers ({@code zdict train} prints it as a sentence).
 *
 * @param rule the rule that decided
 * @param figures what every rule compares
 * @param fastestMbps for {@link Rule#BELOW_SPEED_FLOOR}: the fastest grid point's speed; for {@link
 *     Rule#BEST_RATIO_REACHING_FLOOR}: the fastest speed among the points within the ratio tolerance of
 *     the best; else 0
 * @param bestRatio for {@code balanced}: the best held-out ratio of the whole grid, whether or not it
 *     reaches the speed floor (the ratio tolerance is measured from it); for {@code ratio} and {@code
 *     speed}: the best among the points that reach the floor; null for {@link Rule#BELOW_SPEED_FLOOR}
 * @param withoutCeiling for {@code balanced}: its choice without a CPU ceiling; else null
 * @param leastCpuNearBest for {@link Rule#BEST_RATIO_UNDER_CEILING}: the point within the ratio
 *     tolerance that costs the least CPU per event (and still more than the ceiling); else null
 * @param leastCpuWithinNoise under a CPU ceiling: the point that measured the least CPU per event, when
 *     the chosen one is over the ceiling by more than the {@link CpuCeiling#TOLERANCE} but cannot be
 *     told apart from this point in CPU ({@link CpuCeiling#alike}) and has the higher ratio (of points
 *     alike in CPU, the higher ratio is preferred); else null
 */
public record ChoiceReason(
        Rule rule,
        Figures figures,
        double fastestMbps,
        CandidateResult bestRatio,
        CandidateResult withoutCeiling,
        CandidateResult leastCpuNearBest,
        CandidateResult leastCpuWithinNoise) {

    /** A reason with no point preferred within the measurement's noise. */
    public ChoiceReason(
            Rule rule,
            Figures figures,
            double fastestMbps,
            CandidateResult bestRatio,
            CandidateResult withoutCeiling,
            CandidateResult leastCpuNearBest) {
        this(rule, figures, fastestMbps, bestRatio, withoutCeiling, leastCpuNearBest, null);
    }

    /** The rule that decided. */
    public enum Rule {
        /** No grid point reaches the speed floor: the best ratio among the fastest was chosen. */
        BELOW_SPEED_FLOOR,
        /** {@code ratio}: the highest held-out ratio. */
        HIGHEST_RATIO,
        /** {@code balanced}: the lowest level and smallest dictionary near the best ratio. */
        CHEAPEST_NEAR_BEST_RATIO,
        /** {@code speed}: the fastest compression near the best ratio. */
        FASTEST_NEAR_BEST_RATIO,
        /** {@code balanced} under the CPU ceiling: the cheapest point near the best ratio that meets it. */
        CHEAPEST_NEAR_BEST_RATIO_UNDER_CEILING,
        /** {@code balanced}: no point near the best ratio meets the CPU ceiling; the best ratio that does. */
        BEST_RATIO_UNDER_CEILING,
        /**
         * {@code balanced}: no point near the grid's best ratio reaches the speed floor; the best ratio
         * among the points that do (and, under a CPU ceiling, meet it).
         */
        BEST_RATIO_REACHING_FLOOR,
        /**
         * {@code balanced}: no point meets the CPU ceiling; the best ratio among the point that costs the
         * least CPU per event and those within the {@link CpuCeiling#TOLERANCE} of it.
         */
        CEILING_NOT_MET
    }

    /**
     * What every rule compares.
     *
     * @param objective the objective that chose
     * @param minMbps the speed floor, 10^6 bytes per second
     * @param reachingFloor how many grid points compress at least that fast
     * @param gridPoints how many grid points were measured
     * @param lz4 LZ4 without a dictionary on the same batches, when it was measured
     */
    public record Figures(
            Objective objective, double minMbps, int reachingFloor, int gridPoints, Optional<BaselineResult> lz4) {}
}
