package org.zdict.engine;

import java.util.List;
import org.zdict.registry.DictionaryInfo;

/**
 * What a grid search tries and how it chooses.
 *
 * @param dictSizes dictionary size limits in bytes
 * @param levels zstd levels
 * @param batchSizes events per payload; the first is the one the choice is made on
 * @param objective how to choose
 * @param minMbps the compression speed floor for the choice, 10^6 bytes per second
 * @param threads how many dictionaries to train at once
 * @param producerBatch records a producer typically sends per batch: {@code balanced} compares a grid
 *     point's compression CPU per event with Kafka's lz4 on batches of this many events
 * @param maxCpuVsLz4 the most compression CPU per event {@code balanced} may choose, as a multiple of
 *     Kafka's lz4 on {@code producerBatch} events; 0 turns the ceiling off
 * @param codec the codec the choice is made among: every point is measured, but only points of this codec
 *     can be chosen (LZ4 is an opt-in)
 * @param splitBy whether, and by which rules, one dictionary per kind of event competes with the choice
 */
public record GridSettings(
        List<Integer> dictSizes,
        List<Integer> levels,
        List<Integer> batchSizes,
        Objective objective,
        double minMbps,
        int threads,
        int producerBatch,
        double maxCpuVsLz4,
        DictionaryInfo.Codec codec,
        SplitBy splitBy) {

    /** Whether the choice is held to a CPU ceiling against Kafka's lz4. */
    public boolean cpuCeiling() {
        return objective == Objective.BALANCED && maxCpuVsLz4 > 0;
    }

    /** The zstd points: every dictionary size at every level, each a dictionary to train. */
    public List<GridPoint> points() {
        return dictSizes.stream()
                .flatMap(size -> levels.stream().map(level -> new GridPoint(size, level)))
                .toList();
    }

    /** One LZ4 point per dictionary size, on the dictionary trained for the lowest level. */
    public List<GridPoint> lz4Points() {
        int lowest = levels.stream().mapToInt(Integer::intValue).min().orElseThrow();
        return dictSizes.stream().map(size -> GridPoint.lz4(size, lowest)).toList();
    }
}
