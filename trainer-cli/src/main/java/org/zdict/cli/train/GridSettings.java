package org.zdict.cli.train;

import java.util.List;

/**
 * What a grid search tries and how it chooses.
 *
 * @param dictSizes dictionary size limits in bytes
 * @param levels zstd levels
 * @param batchSizes events per payload; the first is the one the choice is made on
 * @param objective how to choose
 * @param minMbps the compression speed floor for the choice, 10^6 bytes per second
 * @param threads how many dictionaries to train at once
 */
public record GridSettings(
        List<Integer> dictSizes,
        List<Integer> levels,
        List<Integer> batchSizes,
        Objective objective,
        double minMbps,
        int threads) {

    public List<GridPoint> points() {
        return dictSizes.stream()
                .flatMap(size -> levels.stream().map(level -> new GridPoint(size, level)))
                .toList();
    }
}
