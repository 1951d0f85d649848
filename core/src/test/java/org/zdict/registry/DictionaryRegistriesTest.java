package org.zdict.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.internal.ClasspathDictionaryRegistry;

class DictionaryRegistriesTest {
    private static final byte[] DICTIONARY = DictionaryRegistryContract.DICTIONARY;

    @TempDir
    Path dir;

    @Test
    void spellsAFolderAsItsAbsolutePath() {
        Path folder = dir.resolve("a/../reg");
        assertEquals(dir.resolve("reg").toAbsolutePath().toString(), DictionaryRegistries.canonical(folder + " "));
    }

    @Test
    void readersRefuseAFolderWithoutARegistryAndCreateNothing() {
        Path folder = dir.resolve("typo");
        RegistryException e =
                assertThrows(RegistryException.class, () -> DictionaryRegistries.open(folder.toString(), Map.of()));
        assertEquals(RegistryException.Kind.NOT_FOUND, e.kind());
        assertTrue(e.getMessage().contains("No registry at " + folder), e.getMessage());
        assertFalse(Files.exists(folder));
    }

    @Test
    void publishersCreateAFolderRegistryThatReadersThenOpen() {
        String location = dir.resolve("reg").toString();
        try (DictionaryRegistry created = DictionaryRegistries.openOrCreate(location, Map.of())) {
            created.publish(DICTIONARY, 3, Map.of());
            created.activate(1);
        }
        try (DictionaryRegistry read = DictionaryRegistries.open(location, Map.of())) {
            assertInstanceOf(DirectoryDictionaryRegistry.class, read);
            assertEquals(OptionalInt.of(1), read.activeVersion());
        }
    }

    @Test
    void refusesAFileWhereAFolderBelongs() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        RegistryException e = assertThrows(
                RegistryException.class, () -> DictionaryRegistries.openOrCreate(file.toString(), Map.of()));
        assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
        assertTrue(e.getMessage().contains("'" + file + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("is a file"), e.getMessage());
    }

    @Test
    void refusesAnUnknownSchemeNamingTheAvailableOnes() {
        for (String location : new String[] {"s3://bucket/reg", "kafka://localhost:9092/_zdict"}) {
            RegistryException e = assertThrows(RegistryException.class, () -> DictionaryRegistries.canonical(location));
            assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
            String scheme = location.substring(0, location.indexOf("://") + 3);
            assertEquals(
                    "Registry location '" + location + "': unknown scheme '" + scheme
                            + "'; give a folder path or classpath:FOLDER",
                    e.getMessage());
        }
    }

    @Test
    void refusesAnEmptyLocation() {
        for (String location : new String[] {"", "  ", null}) {
            RegistryException e =
                    assertThrows(RegistryException.class, () -> DictionaryRegistries.open(location, Map.of()));
            assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
            assertTrue(e.getMessage().contains("empty; give a folder path"), e.getMessage());
        }
    }

    @Test
    void spellsAClasspathFolderWithoutSlashes() {
        assertEquals("classpath:some/reg", DictionaryRegistries.canonical("classpath:/some/reg/"));
        assertEquals("classpath:some/reg", DictionaryRegistries.canonical("CLASSPATH:some/reg"));
    }

    @Test
    void readsAClasspathRegistryFromATemporaryCopyDeletedOnClose() throws Exception {
        try (DirectoryDictionaryRegistry source = DirectoryDictionaryRegistry.open(dir.resolve("res/reg"))) {
            source.publish(DICTIONARY, 3, Map.of());
            source.activate(1);
        }
        ClasspathDictionaryRegistry registry = withResources(dir.resolve("res"), () ->
                (ClasspathDictionaryRegistry) DictionaryRegistries.open("classpath:reg", Map.of()));
        Path copy = registry.folder();
        try {
            assertEquals(OptionalInt.of(1), registry.activeVersion());
            assertArrayEquals(DICTIONARY, registry.get(1).content());
            assertEquals("registry classpath:reg", registry.describe());
            RegistryException e =
                    assertThrows(RegistryException.class, () -> registry.publish(DICTIONARY, 3, Map.of()));
            assertTrue(e.getMessage().contains("classpath:reg is read-only"), e.getMessage());
            assertThrows(RegistryException.class, () -> registry.retire(1));
            assertTrue(Files.isDirectory(copy));
        } finally {
            registry.close();
        }
        assertFalse(Files.exists(copy));
    }

    @Test
    void refusesAClasspathFolderWithoutAManifestEvenToPublishers() throws Exception {
        Files.createDirectories(dir.resolve("res/empty"));
        RegistryException e = assertThrows(
                RegistryException.class,
                () -> withResources(
                        dir.resolve("res"), () -> DictionaryRegistries.openOrCreate("classpath:empty", Map.of())));
        assertEquals(RegistryException.Kind.NOT_FOUND, e.kind());
        assertTrue(e.getMessage().contains("no resource empty/manifest.json on the classpath"), e.getMessage());
    }

    private interface Action<T> {
        T run() throws Exception;
    }

    /** Runs {@code action} with {@code root} on the thread's context class loader. */
    private static <T> T withResources(Path root, Action<T> action) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()}, previous)) {
            thread.setContextClassLoader(loader);
            return action.run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
