package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.zdict.ZdictException;
import org.zdict.registry.DictionaryInfo;

/**
 * A dictionary no better than plain zstd at its level (an LZ4 point: plain LZ4) is never published; an LZ4
 * point is published for LZ4.
 */
class PublisherTest {
    private static final SampleSet SAMPLES =
            new SampleSet(List.of("events.jsonl"), 10, 1000, 0, 0, 0, 1000, List.of(), List.of());
    private static final GridSettings SETTINGS = new GridSettings(
            List.of(16 << 10),
            List.of(1, 3),
            List.of(1),
            Objective.RATIO,
            0,
            1,
            4,
            0,
            DictionaryInfo.Codec.ZSTD,
            SplitBy.NONE);

    @Test
    void refusesADictionaryNoBetterThanPlainZstdAtItsLevel() {
        ZdictException e = assertThrows(ZdictException.class, () -> Publisher.checkWorthPublishing(report(1.52, 1.60)));
        assertTrue(e.getMessage().contains("1.52x, no better than plain zstd-3's 1.60x"), e.getMessage());
        assertTrue(e.getMessage().contains("Nothing was published"), e.getMessage());
    }

    @Test
    void refusesADictionaryThatExpandsTheEvents() {
        ZdictException e = assertThrows(ZdictException.class, () -> Publisher.checkWorthPublishing(report(0.57, 0.50)));
        assertTrue(e.getMessage().contains("0.57x"), e.getMessage());
    }

    @Test
    void acceptsADictionaryThatBeatsPlainZstd() {
        assertDoesNotThrow(() -> Publisher.checkWorthPublishing(report(4.5, 1.6)));
    }

    @Test
    void holdsAnLz4PointToPlainLz4NotToPlainZstd() {
        // 1.52x beats plain LZ4's 1.25x, though not plain zstd's 1.60x: worth publishing for LZ4.
        assertDoesNotThrow(() -> Publisher.checkWorthPublishing(lz4Report(1.52, 1.25, 1.60)));
        ZdictException e =
                assertThrows(ZdictException.class, () -> Publisher.checkWorthPublishing(lz4Report(1.20, 1.25, 1.60)));
        assertTrue(e.getMessage().contains("1.20x, no better than plain LZ4's 1.25x"), e.getMessage());
    }

    @Test
    void recordsTheLz4CodecInTheMetadataOfAnLz4Point() {
        assertEquals(
                "lz4", Publisher.metadata(lz4Report(4.5, 1.25, 1.6), "test").get(DictionaryInfo.Codec.METADATA_KEY));
        assertFalse(Publisher.metadata(report(4.5, 1.6), "test").containsKey(DictionaryInfo.Codec.METADATA_KEY));
    }

    private static TrainingReport lz4Report(double dictionaryRatio, double lz4Ratio, double zstdRatio) {
        CandidateResult chosen =
                new CandidateResult(GridPoint.lz4(16 << 10, 1), new byte[0], 1, List.of(measurement(dictionaryRatio)));
        return new TrainingReport(
                SAMPLES,
                SETTINGS,
                List.of(chosen),
                List.of(),
                List.of(
                        new BaselineResult("lz4", List.of(measurement(lz4Ratio))),
                        new BaselineResult("zstd-1", List.of(measurement(zstdRatio)))),
                Objective.RATIO.choose(List.of(chosen), 0, Optional.empty()),
                0);
    }

    private static TrainingReport report(double dictionaryRatio, double zstdRatio) {
        CandidateResult chosen =
                new CandidateResult(new GridPoint(16 << 10, 3), new byte[0], 1, List.of(measurement(dictionaryRatio)));
        return new TrainingReport(
                SAMPLES,
                SETTINGS,
                List.of(chosen),
                List.of(),
                List.of(new BaselineResult("zstd-3", List.of(measurement(zstdRatio)))),
                Objective.RATIO.choose(List.of(chosen), 0, Optional.empty()),
                0);
    }

    private static Measurement measurement(double ratio) {
        return new Measurement(1, Math.round(ratio * 100_000), 100_000, 200, 1000);
    }
}
