package org.zdict.engine;

import java.util.List;

/**
 * A trained dictionary and how it did on the held-out events.
 *
 * @param point what was asked for
 * @param dictionary the trained dictionary (a standard zstd dictionary)
 * @param trainMillis how long zstd's trainer took
 * @param measurements one per batch size, in the order the batch sizes were given
 */
public record CandidateResult(GridPoint point, byte[] dictionary, long trainMillis, List<Measurement> measurements) {

    /** The measurement for the first (primary) batch size, which the choice is made on. */
    public Measurement primary() {
        return measurements.get(0);
    }
}
