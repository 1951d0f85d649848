package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** LZ4 points: measured beside the zstd points on every run, chosen and published only when asked for. */
class Lz4PointsTest {
    private static final Timing BRIEF = new Timing(1, 1, false);
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(1_500, 21);

    private static TrainingPlan.Builder plan() {
        return TrainingPlan.builder(EventInput.ofEvents("memory", EVENTS.iterator()))
                .dictSizes(List.of(4 << 10, 8 << 10))
                .levels(List.of(1, 3))
                .batchSizes(List.of(1, 4))
                .minMbps(0)
                .threads(2)
                .timing(BRIEF);
    }

    private static List<CandidateResult> lz4Points(TrainingReport report) {
        return report.candidates().stream().filter(c -> c.point().isLz4()).toList();
    }

    @Test
    void everyDictionarySizeGetsAnLz4PointOnTheLowestLevelsDictionaryMeasuredAgainstKafkaLz4() throws Exception {
        TrainingReport report = new TrainingEngine().run(plan().build()).measured();

        List<CandidateResult> lz4 = lz4Points(report);
        assertEquals(
                List.of(GridPoint.lz4(4 << 10, 1), GridPoint.lz4(8 << 10, 1)),
                lz4.stream().map(CandidateResult::point).toList());
        for (CandidateResult point : lz4) {
            CandidateResult zstd = report.candidates().stream()
                    .filter(c -> c.point().equals(new GridPoint(point.point().dictSize(), 1)))
                    .findFirst()
                    .orElseThrow();
            assertArrayEquals(zstd.dictionary(), point.dictionary());
            assertEquals(2, point.measurements().size());
            double plainLz4 = report.baseline("lz4").orElseThrow().primary().ratio();
            assertTrue(point.primary().ratio() > plainLz4, point.primary() + " against plain LZ4's " + plainLz4);
            assertFalse(
                    Double.isNaN(point.primary().cpuVsLz4()), point.primary().toString());
            assertFalse(
                    Double.isNaN(point.primary().decodeVsLz4()), point.primary().toString());
        }
        CandidateResult zstdPoint = report.candidates().get(0);
        assertFalse(
                Double.isNaN(zstdPoint.primary().decodeVsLz4()),
                zstdPoint.primary().toString());
    }

    @Test
    void theDefaultNeverChoosesAnLz4Point() throws Exception {
        for (Objective objective : Objective.values()) {
            TrainingReport report = new TrainingEngine()
                    .run(plan().objective(objective).maxCpuVsLz4(0).build())
                    .measured();
            assertEquals(
                    DictionaryInfo.Codec.ZSTD, report.choice().chosen().point().codec(), objective.label());
            assertEquals(4, report.choice().reason().figures().gridPoints(), objective.label());
        }
    }

    @Test
    void withCodecLz4AnLz4PointIsChosenAndPublishedForLz4() throws Exception {
        TrainingResult zstd = new TrainingEngine().run(plan().levels(List.of(1)).build());
        TrainingResult lz4 = new TrainingEngine()
                .run(plan().levels(List.of(1)).codec(DictionaryInfo.Codec.LZ4).build());
        assertTrue(lz4.chosen().choice().chosen().point().isLz4());
        assertEquals(2, lz4.chosen().choice().reason().figures().gridPoints());

        try (DictionaryRegistry registry = DictionaryRegistries.inMemory()) {
            DictionaryInfo asZstd = Publisher.publish(registry, "events", zstd.chosen(), true, "test")
                    .info();
            Publisher.Published published = Publisher.publish(registry, "events", lz4.chosen(), true, "test");
            // The same dictionary bytes as the zstd version, but another codec: a version of its own.
            assertFalse(published.reused());
            assertNotEquals(asZstd.version(), published.info().version());
            assertEquals(DictionaryInfo.Codec.ZSTD, DictionaryInfo.Codec.of(asZstd));
            assertEquals(DictionaryInfo.Codec.LZ4, DictionaryInfo.Codec.of(published.info()));

            try (ZdictCodec codec = ZdictCodec.of(registry)) {
                byte[] event = EVENTS.get(7);
                byte[] payload = codec.compress(published.info().version(), event);
                assertEquals(0xD0, payload[0] & 0xFF);
                assertArrayEquals(event, codec.decompress(payload));
            }
        }
    }
}
