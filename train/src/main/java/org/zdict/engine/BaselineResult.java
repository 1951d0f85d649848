package org.zdict.engine;

import java.util.List;

/**
 * A codec without a dictionary on the same held-out batches.
 *
 * @param codec {@code lz4}, {@code snappy}, {@code gzip} or {@code zstd-LEVEL}
 * @param measurements one per batch size
 */
public record BaselineResult(String codec, List<Measurement> measurements) {
    public Measurement primary() {
        return measurements.get(0);
    }
}
