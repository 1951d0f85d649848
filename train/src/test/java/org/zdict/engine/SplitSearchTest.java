package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.input.EventInput;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;

/** One dictionary per kind of event against one dictionary, through the engine as {@code zdict train} runs it. */
class SplitSearchTest {
    private static final Timing BRIEF = new Timing(1, 1, false);

    private static TrainingPlan.Builder plan(List<byte[]> events, int dictSize) {
        return TrainingPlan.builder(EventInput.ofEvents("memory", events.iterator()))
                .dictSizes(List.of(dictSize))
                .levels(List.of(3))
                .batchSizes(List.of(1))
                .maxCpuVsLz4(0)
                .minMbps(0)
                .threads(2)
                .timing(BRIEF);
    }

    @Test
    void homogeneousEventsKeepOneDictionary() throws Exception {
        // "side" splits the events in two halves drawn from the same distribution: a set buys nothing.
        List<byte[]> events = new ArrayList<>();
        Random random = new Random(11);
        for (byte[] event : SampleEvents.synthetic(6_000, 4)) {
            String json = new String(event, StandardCharsets.UTF_8);
            events.add(("{\"side\":\"" + (random.nextBoolean() ? "left" : "right") + "\"," + json.substring(1))
                    .getBytes(StandardCharsets.UTF_8));
        }
        TrainingResult result = new TrainingEngine().run(plan(events, 16 << 10).build());

        SplitReport split = result.split();
        assertEquals(Optional.empty(), split.chosen(), split.judged().toString());
        assertTrue(
                split.judged().stream().anyMatch(s -> s.rule().text().equals("field:side")),
                "the field with two values is a candidate: " + split.judged());
        assertTrue(split.judged().stream().anyMatch(s -> s.rule().text().equals("shape")));
        for (SplitResult judged : split.judged()) {
            if (judged.measured()) {
                assertTrue(judged.gain() < SplitSearch.MIN_GAIN, judged.toString());
                assertTrue(judged.verdict().startsWith("saves"), judged.verdict());
            }
        }
    }

    @Test
    void noneJudgesNothing() throws Exception {
        TrainingResult result = new TrainingEngine()
                .run(plan(SampleEvents.synthetic(1_000, 2), 4 << 10)
                        .splitBy(SplitBy.NONE)
                        .build());
        assertTrue(result.split().judged().isEmpty());
        assertNull(result.split().single());
    }

    @Test
    void theDictionariesOfASplitTotalTheOneDictionarysSize() {
        Map<String, List<byte[]>> byKind = new java.util.LinkedHashMap<>();
        byKind.put("big", copies(5_000));
        byKind.put("medium", copies(2_000));
        byKind.put("small", copies(250));
        byKind.put("tiny", copies(50));
        KindGrouping grouping = new KindGrouping(byKind, copies(100));

        SplitTrainer.Allocation allocation = SplitTrainer.allocate(grouping, 256 << 10);

        int total = allocation.fallback()
                + allocation.members().values().stream()
                        .mapToInt(Integer::intValue)
                        .sum();
        assertEquals(256 << 10, total);
        assertEquals(
                List.of("big", "medium", "small"),
                List.copyOf(allocation.members().keySet()));
        assertTrue(allocation.members().values().stream().allMatch(size -> size >= SplitTrainer.MIN_DICT_BYTES));
        assertTrue(allocation.fallback() >= SplitTrainer.MIN_DICT_BYTES);
        // A member that would be under the smallest dictionary goes to the fallback.
        SplitTrainer.Allocation small = SplitTrainer.allocate(grouping, 40 << 10);
        assertEquals(List.of("big", "medium"), List.copyOf(small.members().keySet()));
        assertEquals(
                40 << 10,
                small.fallback()
                        + small.members().values().stream()
                                .mapToInt(Integer::intValue)
                                .sum());
        // One kind and nothing else is the one dictionary again.
        assertNull(SplitTrainer.allocate(new KindGrouping(Map.of("only", copies(1_000)), List.of()), 64 << 10));
    }

    @Test
    void aHeaderRuleCannotBeJudgedFromSamples() {
        SplitBy header = SplitBy.parse("header:ce_type");
        assertTrue(header.needsHeaders());
        assertEquals("header:ce_type", header.toString());
        IllegalArgumentException bad = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> SplitBy.parse("type"));
        assertTrue(bad.getMessage().contains("field:NAME"), bad.getMessage());
    }

    /**
     * On the Zeek dump (many kinds of log under {@code _path}) a split is chosen, and once published every
     * held-out event is written with the member of its kind and read back. Skipped without ../shared/data.
     */
    @Test
    void mixedLogsGetADictionaryPerKindThatWritersRouteTo() throws Exception {
        Optional<java.nio.file.Path> data = SampleEvents.sharedDataDir();
        assumeTrue(data.isPresent(), "../shared/data is not present");
        List<byte[]> events = SampleEvents.readLines(data.get().resolve("zeek_network_logs.jsonl"), 20_000);

        TrainingResult result = new TrainingEngine().run(plan(events, 64 << 10).build());

        SplitResult chosen = result.split()
                .chosen()
                .orElseThrow(() -> new AssertionError(result.split().judged()));
        assertTrue(chosen.gain() >= SplitSearch.MIN_GAIN, chosen.toString());
        int total = chosen.shares().stream().mapToInt(KindShare::dictSize).sum();
        assertEquals(64 << 10, total, "the set's dictionaries total the one dictionary's size");
        try (DictionaryRegistry registry = DictionaryRegistries.inMemory()) {
            SetPublisher.PublishedSet published = SetPublisher.publish(
                    registry, DictionaryInfo.DEFAULT_SUBJECT, result.chosen(), chosen, true, "test");
            DictionarySet set =
                    registry.activeSet(DictionaryInfo.DEFAULT_SUBJECT).orElseThrow();
            assertEquals(published.set(), set);
            assertEquals(
                    published.fallback().version(), registry.activeVersion().getAsInt());
            try (ZdictCodec codec = ZdictCodec.builder(registry).build()) {
                int routed = 0;
                for (byte[] event : result.samples().holdout()) {
                    byte[] payload = codec.compress(event);
                    int version = PayloadPrefix.read(payload, 0, payload.length).version();
                    assertEquals(set.versionFor(event, 0, event.length), version);
                    routed += version == set.fallback() ? 0 : 1;
                    assertArrayEquals(event, codec.decompress(payload));
                }
                assertTrue(routed > result.samples().holdout().size() / 2, "most events have a member: " + routed);
            }
        }
    }

    private static List<byte[]> copies(int count) {
        List<byte[]> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(new byte[] {'{', '}'});
        }
        return events;
    }
}
