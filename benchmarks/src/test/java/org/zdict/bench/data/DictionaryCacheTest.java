package org.zdict.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

class DictionaryCacheTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3_000, 11);
    private static final EventSplit SPLIT =
            new EventSplit("synthetic", EVENTS.subList(0, 2_500), EVENTS.subList(2_500, 3_000));

    @TempDir
    Path cache;

    private String previous;

    @BeforeEach
    void useTemporaryCache() {
        previous = System.setProperty("zdict.bench.cache", cache.toString());
    }

    @AfterEach
    void restoreCache() {
        if (previous == null) {
            System.clearProperty("zdict.bench.cache");
        } else {
            System.setProperty("zdict.bench.cache", previous);
        }
    }

    @Test
    void fixedDictionaryIsTrainedOnceAndReadBackIdentical() throws Exception {
        DictionarySpec spec = new DictionarySpec(16 * 1024, 3);
        TrainedDictionary first = DictionaryCache.dictionary(SPLIT, spec);
        assertEquals(3, first.level());
        assertTrue(first.content().length <= 16 * 1024);
        Path file = DictionaryCache.fileFor(SPLIT, spec);
        assertArrayEquals(first.content(), Files.readAllBytes(file));
        assertArrayEquals(
                first.content(), DictionaryCache.dictionary(SPLIT, spec).content());
    }

    @Test
    void trainerChoiceComesFromTheTrainingEngineAndIsReused() throws Exception {
        TrainedDictionary chosen = DictionaryCache.dictionary(SPLIT, DictionarySpec.CHOSEN_BY_TRAINER);
        // zdict train's default grid: levels 1, 3, 5 and sizes up to 512 KiB.
        assertTrue(Set.of(1, 3, 5).contains(chosen.level()), "level " + chosen.level());
        assertTrue(chosen.content().length > 0 && chosen.content().length <= 512 * 1024);

        Path registryFolder = DictionaryCache.registryFor(SPLIT);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryFolder)) {
            assertEquals(1, registry.list().size());
            assertArrayEquals(chosen.content(), registry.get(1).content());
            assertEquals("zdict benchmarks", registry.get(1).info().metadata().get("trainedBy"));
        }

        TrainedDictionary again = DictionaryCache.dictionary(SPLIT, DictionarySpec.CHOSEN_BY_TRAINER);
        assertArrayEquals(chosen.content(), again.content());
        assertEquals(chosen.level(), again.level());
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryFolder)) {
            assertEquals(1, registry.list().size(), "the second call must reuse the first choice, not retrain");
        }
    }
}
