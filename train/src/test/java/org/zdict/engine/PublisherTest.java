package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.zdict.ZdictException;

/** A dictionary no better than plain zstd at its level is never published. */
class PublisherTest {
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

    private static TrainingReport report(double dictionaryRatio, double zstdRatio) {
        CandidateResult chosen =
                new CandidateResult(new GridPoint(16 << 10, 3), new byte[0], 1, List.of(measurement(dictionaryRatio)));
        return new TrainingReport(
                null,
                null,
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
