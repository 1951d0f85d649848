package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.ZdictException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.support.RegistryFolder;

/**
 * Fuzzes the JSON reader of a directory registry's manifest.json, the one JSON reader in core: any bytes
 * in the manifest either open as a consistent registry or fail with a {@link RegistryException}. Version
 * 1's dictionary file is present, so a manifest that records its true SHA-256 loads it.
 */
class ManifestFuzzTest {
    private static final Path DIR = createDir();
    private static final byte[] DICTIONARY = FuzzFixture.REGISTRY.get(1).content();

    @FuzzTest(maxDuration = "10m")
    void openRegistryFromManifest(byte[] manifest) throws IOException {
        Files.write(DIR.resolve(RegistryFolder.MANIFEST), manifest);
        DictionaryRegistry registry;
        try {
            registry = DictionaryRegistries.openFolder(DIR, Duration.ofDays(1), Clock.systemUTC());
        } catch (RegistryException e) {
            assertFalse(e.getMessage() == null || e.getMessage().isBlank(), "an error without a message: " + e);
            return;
        }
        List<DictionaryInfo> list = registry.list();
        int active = 0;
        int previous = 0;
        for (DictionaryInfo info : list) {
            assertTrue(info.version() > previous, "versions not positive and ascending: " + list);
            previous = info.version();
            if (info.status() == DictionaryInfo.Status.ACTIVE) {
                assertEquals(0, active, "two active versions: " + list);
                active = info.version();
            }
            assertEquals(info, registry.info(info.version()).orElseThrow());
            loadOrRefuse(registry, info);
        }
        OptionalInt expected = active == 0 ? OptionalInt.empty() : OptionalInt.of(active);
        assertEquals(expected, registry.activeVersion());
    }

    private static void loadOrRefuse(DictionaryRegistry registry, DictionaryInfo info) {
        try {
            Dictionary dictionary = registry.get(info.version());
            assertEquals(1, info.version(), "loaded a version whose file does not exist");
            assertArrayEquals(DICTIONARY, dictionary.content());
        } catch (CorruptDictionaryException e) {
            assertTrue(e.getMessage().contains(RegistryFolder.fileName(info.version())), e.getMessage());
        } catch (ZdictException e) {
            throw new AssertionError("a listed version failed to load with " + e, e);
        }
    }

    private static Path createDir() {
        try {
            Path dir = Files.createTempDirectory("zdict-manifest-fuzz");
            Files.write(
                    dir.resolve(RegistryFolder.fileName(1)),
                    FuzzFixture.REGISTRY.get(1).content());
            dir.toFile().deleteOnExit();
            dir.resolve(RegistryFolder.fileName(1)).toFile().deleteOnExit();
            dir.resolve(RegistryFolder.MANIFEST).toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
