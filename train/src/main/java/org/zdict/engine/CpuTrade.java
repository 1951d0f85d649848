package org.zdict.engine;

/**
 * What the {@code balanced} objective's CPU ceiling did to its choice.
 *
 * @param timesLz4 the chosen point's compression CPU per event, as a multiple of Kafka's lz4 on the
 *     producer's batches
 * @param ceiling the ceiling it was held to
 * @param withoutCeiling what {@code balanced} would have chosen without the ceiling
 * @param ratioGivenUp the share of {@code withoutCeiling}'s held-out ratio the choice gives up (0 when
 *     the ceiling changed nothing)
 */
public record CpuTrade(double timesLz4, CpuCeiling ceiling, CandidateResult withoutCeiling, double ratioGivenUp) {

    /**
     * Whether the chosen point costs no more CPU per event than the ceiling allows, within the
     * measurement's {@link CpuCeiling#MARGIN}.
     */
    public boolean met() {
        return ceiling.meets(timesLz4);
    }
}
