package org.zdict.engine;

/**
 * What the {@code balanced} objective's CPU ceiling did to its choice.
 *
 * @param timesLz4 the chosen point's compression CPU per event, as a multiple of Kafka's lz4 on the
 *     producer's batches
 * @param spread how much that figure moved within its run, as a share of it (NaN where not measured):
 *     how stable it was, reported beside it; the ceiling judges the figure with its fixed {@link
 *     CpuCeiling#TOLERANCE}, whatever the spread
 * @param ceiling the ceiling it was held to
 * @param withoutCeiling what {@code balanced} would have chosen without the ceiling
 * @param ratioGivenUp the share of {@code withoutCeiling}'s held-out ratio the choice gives up (0 when
 *     the ceiling changed nothing)
 */
public record CpuTrade(
        double timesLz4, double spread, CpuCeiling ceiling, CandidateResult withoutCeiling, double ratioGivenUp) {

    /** The trade of choosing {@code chosen} under {@code ceiling} rather than {@code withoutCeiling}. */
    public static CpuTrade of(CpuCeiling ceiling, CandidateResult chosen, CandidateResult withoutCeiling) {
        return new CpuTrade(
                ceiling.timesLz4(chosen.primary()),
                chosen.primary().cpuVsLz4Spread(),
                ceiling,
                withoutCeiling,
                1 - chosen.primary().ratio() / withoutCeiling.primary().ratio());
    }

    /** Whether the chosen point costs no more CPU per event than the ceiling allows, within its tolerance. */
    public boolean met() {
        return ceiling.meets(timesLz4);
    }
}
