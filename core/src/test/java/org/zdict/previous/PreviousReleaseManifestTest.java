package org.zdict.previous;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Rolling upgrades: the manifest this release writes, read with the previous release's reading code (a
 * frozen copy in this package). Clients of that release must decode every version of every subject,
 * follow the default subject as before, and never take another subject's active version for theirs.
 */
class PreviousReleaseManifestTest {
    private static final byte[] DICTIONARY = TestTrainer.train(SampleEvents.synthetic(2000, 7), 4096, 3);
    private static final byte[] OTHER = TestTrainer.train(SampleEvents.synthetic(2000, 8), 4096, 3);

    @TempDir
    Path dir;

    private PreviousRegistryState readWithPreviousRelease() throws Exception {
        return PreviousManifestJson.read(Files.readAllBytes(dir.resolve("manifest.json")));
    }

    @Test
    void aRegistryWithOnlyTheDefaultSubjectIsWrittenExactlyAsThePreviousReleaseWroteIt() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of("samples", "2000"));
            registry.publish(OTHER, 5, Map.of());
            registry.publish(OTHER, 5, Map.of());
            registry.activate(2);
            registry.retire(1);
            registry.remove(3);
        }
        byte[] written = Files.readAllBytes(dir.resolve("manifest.json"));
        assertArrayEquals(written, PreviousManifestJson.write(PreviousManifestJson.read(written)));
        assertFalse(new String(written).contains("subject"), new String(written));
    }

    @Test
    void thePreviousReleaseSeesEveryVersionAndOnlyTheDefaultSubjectsActiveVersion() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of());
            registry.publish("orders", OTHER, 3, Map.of());
            registry.publish("orders", DICTIONARY, 3, Map.of());
            registry.publish("payments-value", OTHER, 3, Map.of());
            registry.publish(OTHER, 3, Map.of());
            registry.activate(1);
            registry.activate(3);
            registry.activate(4);
            registry.retire(5);
            registry.retire(2);
        }
        PreviousRegistryState previous = readWithPreviousRelease();
        assertEquals(6, previous.nextVersion());
        assertEquals(List.of(1, 2, 3, 4, 5), List.copyOf(previous.versions().keySet()));
        assertEquals(OptionalInt.of(1), previous.activeVersion());
        assertEquals(
                List.of(
                        PreviousDictionaryStatus.ACTIVE,
                        PreviousDictionaryStatus.RETIRED,
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.RETIRED),
                previous.list().stream().map(PreviousDictionaryInfo::status).toList());
        for (PreviousDictionaryInfo info : previous.list()) {
            byte[] file = Files.readAllBytes(dir.resolve(String.format("v%06d.dict", info.version())));
            assertEquals(info.sha256(), Dictionary.sha256(file), "version " + info.version());
            assertEquals(info.size(), file.length);
        }
    }

    /** A writer of the previous release knows no sets: it writes every event with the set's fallback. */
    @Test
    void thePreviousReleaseSeesADictionarySetsFallbackAsTheActiveVersion() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of());
            registry.publish(OTHER, 3, Map.of());
            registry.publish(DICTIONARY, 5, Map.of());
            registry.activateSet(
                    new DictionarySet(new DictionarySet.Rule.Field("type"), 2, Map.of("click", 1, "login", 3)));
        }
        PreviousRegistryState previous = readWithPreviousRelease();
        assertEquals(OptionalInt.of(2), previous.activeVersion());
        assertEquals(
                List.of(
                        PreviousDictionaryStatus.AVAILABLE,
                        PreviousDictionaryStatus.ACTIVE,
                        PreviousDictionaryStatus.AVAILABLE),
                previous.list().stream().map(PreviousDictionaryInfo::status).toList());
    }

    @Test
    void thePreviousReleaseSeesNoActiveVersionWhenOnlyOtherSubjectsHaveOne() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of());
            registry.publish("orders", OTHER, 3, Map.of());
            registry.activate(2);
        }
        PreviousRegistryState previous = readWithPreviousRelease();
        assertEquals(OptionalInt.empty(), previous.activeVersion());
        assertEquals(Set.of(1, 2), previous.versions().keySet());
    }

    @Test
    void aManifestThePreviousReleaseWroteReadsAsTheDefaultSubject() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of());
            registry.publish(OTHER, 3, Map.of());
            registry.activate(2);
        }
        Path manifest = dir.resolve("manifest.json");
        Files.write(manifest, PreviousManifestJson.write(PreviousManifestJson.read(Files.readAllBytes(manifest))));
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            assertEquals(Set.of(DictionaryInfo.DEFAULT_SUBJECT), registry.subjects());
            assertEquals(OptionalInt.of(2), registry.activeVersion());
            assertTrue(registry.list().stream().allMatch(i -> i.subject().equals("default")));
        }
    }
}
