package org.zdict.engine.retrain;

import java.time.Instant;

/**
 * What a retrained candidate is compared with: the subject's active version, or plain zstd when the
 * subject has no active version.
 *
 * @param version the active version, 0 for plain zstd
 * @param level its recorded zstd level (the level producers use with it)
 * @param ratio its ratio on the held-out events, batches of 1
 * @param compressMbps its compression speed there, 10^6 bytes per CPU second
 * @param since when it became active (or, for a version activated before registries recorded it, when it
 *     was published); null for plain zstd
 * @param sinceRecorded whether {@code since} is the recorded activation time
 */
public record Reference(
        int version, int level, double ratio, double compressMbps, Instant since, boolean sinceRecorded) {

    public static Reference plainZstd(int level, double ratio, double compressMbps) {
        return new Reference(0, level, ratio, compressMbps, null, false);
    }

    public boolean isPlainZstd() {
        return version == 0;
    }

    /** "active version 3" or "plain zstd-3", for messages. */
    public String label() {
        return isPlainZstd() ? "plain zstd-" + level : "active version " + version;
    }
}
