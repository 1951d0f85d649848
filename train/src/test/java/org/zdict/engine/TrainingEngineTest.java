package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.ZdictException;
import org.zdict.engine.input.EventInput;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** The engine as a library: events from memory, a typed plan, a typed result, no file and no command line. */
class TrainingEngineTest {
    private static final Timing BRIEF = new Timing(1, 1, false);

    private static TrainingPlan.Builder plan(List<byte[]> events) {
        return TrainingPlan.builder(EventInput.ofEvents("memory", events.iterator()))
                .dictSizes(List.of(4 << 10, 8 << 10))
                .levels(List.of(1, 3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .threads(2)
                .timing(BRIEF);
    }

    @Test
    void trainsFromAnIteratorAndMeasuresEveryGridPoint() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(2_000, 7);
        List<String> tasks = new ArrayList<>();
        ProgressListener progress = (task, max, unit, unitSize) -> {
            tasks.add(task);
            return ProgressListener.NONE.start(task, max, unit, unitSize);
        };

        TrainingResult result =
                new TrainingEngine(progress, skipped -> {}).run(plan(events).build());

        TrainingReport report = result.measured();
        assertEquals(2_000, report.samples().eventsRead());
        assertEquals(400, report.samples().holdout().size());
        // 2 sizes x 2 levels of zstd, and one LZ4 point per size
        assertEquals(6, report.candidates().size(), report.failures().toString());
        assertTrue(report.baseline("lz4").isPresent());
        assertTrue(report.baseline("zstd-3").isPresent());
        Objective.Choice choice = report.choice();
        assertNotNull(choice);
        assertEquals(Objective.BALANCED, choice.reason().figures().objective());
        assertTrue(choice.chosen().primary().ratio()
                > report.baseline("lz4").orElseThrow().primary().ratio());
        assertTrue(tasks.containsAll(List.of("Training", "Evaluating")), tasks.toString());
        assertTrue(!result.retrainedOnEverySample());
    }

    @Test
    void withTheLatestHeldOutTheChoiceIsTrainedAgainOnEverySample() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(1_000, 3);
        TrainingResult result = new TrainingEngine()
                .run(plan(events).holdoutFrom(HoldoutFrom.LATEST).build());
        assertTrue(result.retrainedOnEverySample());
        assertEquals(
                result.measured().choice().chosen().point(),
                result.chosen().choice().chosen().point());
    }

    @Test
    void takesAStreamAndPublishesTheChoiceIntoARegistry() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(1_000, 5);
        TrainingPlan plan = TrainingPlan.builder(EventInput.ofEvents("stream", events.stream()))
                .dictSizes(List.of(4 << 10))
                .levels(List.of(3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .timing(BRIEF)
                .build();
        TrainingResult result = new TrainingEngine().run(plan);
        try (DictionaryRegistry registry = DictionaryRegistries.inMemory()) {
            Publisher.Published published = Publisher.publish(registry, "events", result.chosen(), true, "test");
            assertEquals(OptionalInt.of(published.info().version()), registry.activeVersion("events"));
            assertEquals("test", published.info().metadata().get("trainedBy"));
        }
    }

    @Test
    void readsAGzippedFileOfJsonLines(@TempDir Path dir) throws Exception {
        List<byte[]> events = SampleEvents.synthetic(1_000, 9);
        Path file = dir.resolve("events.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (byte[] event : events) {
                out.write(event);
                out.write('\n');
            }
        }
        TrainingPlan plan = TrainingPlan.builder(EventInput.ofFile(file))
                .dictSizes(List.of(4 << 10))
                .levels(List.of(3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .timing(BRIEF)
                .build();
        TrainingResult result = new TrainingEngine().run(plan);
        assertEquals(1_000, result.samples().eventsRead());
        assertEquals(List.of(file.toString()), result.samples().inputs());
    }

    /** Run by the build a second time without kafka-clients on the class path (execution without-kafka). */
    @Test
    void theClassPathHasNoKafkaClientsInTheRunWithoutKafka() {
        assumeTrue(Boolean.getBoolean("zdict.test.withoutKafka"));
        assertThrows(
                ClassNotFoundException.class, () -> Class.forName("org.apache.kafka.clients.consumer.KafkaConsumer"));
    }

    @Test
    void refusesTooFewEvents() {
        List<byte[]> events = SampleEvents.synthetic(5, 1);
        ZdictException e = assertThrows(ZdictException.class, () -> new TrainingEngine()
                .run(plan(events).build()));
        assertTrue(e.getMessage().contains("Too few events"), e.getMessage());
    }

    @Test
    void binaryEventsAreTrainedAndMeasuredAsJsonEventsAreAndCounted() throws Exception {
        java.util.Random random = new java.util.Random(3);
        List<byte[]> events = new ArrayList<>();
        for (byte[] json : SampleEvents.synthetic(2_000, 11)) {
            // a length-prefixed binary record around the same fields, as Avro or Protobuf would give
            byte[] binary = new byte[json.length + 4];
            binary[0] = (byte) 0x0A;
            binary[1] = (byte) random.nextInt(4);
            System.arraycopy(json, 1, binary, 2, json.length - 1);
            events.add(binary);
        }
        TrainingReport report = new TrainingEngine().run(plan(events).build()).measured();
        assertEquals(2_000, report.samples().notJson());
        assertTrue(report.choice().chosen().primary().ratio()
                > report.baseline("lz4").orElseThrow().primary().ratio());

        List<byte[]> json = SampleEvents.synthetic(2_000, 12);
        assertEquals(0, new TrainingEngine().sample(plan(json).build()).notJson());
    }
}
