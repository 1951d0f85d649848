package org.zdict.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.registry.support.RegistryFolder;
import org.zdict.registry.support.VersionTable;

class DirectoryDictionaryRegistryTest extends DictionaryRegistryContract {
    @TempDir
    Path dir;

    @Override
    protected DictionaryRegistry newRegistry() {
        return DirectoryDictionaryRegistry.open(dir);
    }

    @Override
    protected DictionaryRegistry openAgain() {
        return reopen();
    }

    private DirectoryDictionaryRegistry reopen() {
        return new DirectoryDictionaryRegistry(dir, Duration.ZERO, Clock.systemUTC());
    }

    @Test
    void keepsOneRawDictionaryFilePerVersionAndAManifest() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        assertArrayEquals(DICTIONARY, Files.readAllBytes(dir.resolve("v000001.dict")));
        String manifest = Files.readString(dir.resolve("manifest.json"));
        assertTrue(manifest.contains("\"nextVersion\" : 2"), manifest);
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(".tmp-")));
        }
    }

    @Test
    void writesFilesReadableByOthersAsTheUmaskAllows() throws Exception {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions only");
        // a folder others can enter (JUnit makes its own owner-only, where files are written owner-only)
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        registry.publish(DICTIONARY, 3, Map.of());
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain-file")));
        assertEquals(usual, Files.getPosixFilePermissions(dir.resolve("v000001.dict")));
        assertEquals(usual, Files.getPosixFilePermissions(dir.resolve("manifest.json")));
    }

    @Test
    void refusesToActivateAVersionWhoseFileWasTampered() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(DICTIONARY, 3, Map.of());
        registry.activate(1);
        byte[] tampered = Files.readAllBytes(dir.resolve("v000002.dict"));
        tampered[tampered.length - 1] ^= 1;
        Files.write(dir.resolve("v000002.dict"), tampered);
        CorruptDictionaryException e = assertThrows(CorruptDictionaryException.class, () -> registry.activate(2));
        assertTrue(e.getMessage().contains("v000002.dict"), e.getMessage());
        assertEquals(OptionalInt.of(1), reopen().activeVersion());
    }

    @Test
    void survivesReopening() {
        registry.publish(DICTIONARY, 3, Map.of("k", "v"));
        registry.activate(1);
        DirectoryDictionaryRegistry reopened = reopen();
        assertEquals(OptionalInt.of(1), reopened.activeVersion());
        assertEquals(registry.list(), reopened.list());
        assertArrayEquals(DICTIONARY, reopened.get(1).content());
    }

    @Test
    void picksUpChangesFromAnotherInstanceWithoutRestart() throws Exception {
        DirectoryDictionaryRegistry reader = reopen();
        assertEquals(OptionalInt.empty(), reader.activeVersion());
        DirectoryDictionaryRegistry writer = reopen();
        writer.publish(DICTIONARY, 3, Map.of());
        writer.activate(1);
        assertEquals(OptionalInt.of(1), activeVersionOnceChanged(reader, OptionalInt.empty()));
        writer.publish(OTHER_DICTIONARY, 3, Map.of());
        assertArrayEquals(OTHER_DICTIONARY, reader.get(2).content());
    }

    /**
     * A record thread asks for the active version while another thread holds the registry's lock (as a
     * change or a check of the folder does): the answer comes from the manifest as last read, without
     * waiting for the lock nor reading the folder, and the change shows once the background check ran.
     */
    @Test
    void answersTheActiveVersionWithoutTheLockOrTheFolderAndPicksUpChangesInTheBackground() throws Exception {
        DirectoryDictionaryRegistry reader = reopen();
        DirectoryDictionaryRegistry writer = reopen();
        writer.publish(DICTIONARY, 3, Map.of());
        writer.activate(1);
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (reader) {
                locked.countDown();
                awaitQuietly(release);
            }
        });
        holder.start();
        try {
            locked.await();
            OptionalInt seen = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> reader.activeVersion());
            assertEquals(OptionalInt.empty(), seen, "answered from the manifest read before the change");
        } finally {
            release.countDown();
            holder.join();
        }
        assertEquals(OptionalInt.of(1), activeVersionOnceChanged(reader, OptionalInt.empty()));
    }

    /** Asks until the answer is another than {@code before} (the background check ran), for up to a minute. */
    private static OptionalInt activeVersionOnceChanged(DictionaryRegistry reader, OptionalInt before)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        OptionalInt seen = reader.activeVersion();
        while (seen.equals(before) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            seen = reader.activeVersion();
        }
        return seen;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void fetchesAnUnknownVersionImmediatelyEvenBeforeTheRefreshInterval() {
        DirectoryDictionaryRegistry slowReader =
                new DirectoryDictionaryRegistry(dir, Duration.ofHours(1), Clock.systemUTC());
        registry.publish(DICTIONARY, 3, Map.of());
        assertArrayEquals(DICTIONARY, slowReader.get(1).content());
    }

    @Test
    void rejectsTamperedDictionaryNamingTheFileAndKeepsOtherVersions() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 3, Map.of());
        byte[] tampered = DICTIONARY.clone();
        tampered[100] ^= 0x40;
        Files.write(dir.resolve("v000001.dict"), tampered);
        DirectoryDictionaryRegistry reader = reopen();
        CorruptDictionaryException e = assertThrows(CorruptDictionaryException.class, () -> reader.get(1));
        assertTrue(e.getMessage().contains("v000001.dict"), e.getMessage());
        assertTrue(e.getMessage().contains("SHA-256"), e.getMessage());
        assertArrayEquals(OTHER_DICTIONARY, reader.get(2).content());
    }

    @Test
    void rejectsTruncatedAndMissingDictionaryFiles() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(OTHER_DICTIONARY, 3, Map.of());
        Files.write(dir.resolve("v000001.dict"), java.util.Arrays.copyOf(DICTIONARY, 50));
        Files.delete(dir.resolve("v000002.dict"));
        DirectoryDictionaryRegistry reader = reopen();
        assertTrue(assertThrows(CorruptDictionaryException.class, () -> reader.get(1))
                .getMessage()
                .contains("truncated"));
        assertTrue(assertThrows(CorruptDictionaryException.class, () -> reader.get(2))
                .getMessage()
                .contains("missing"));
    }

    @Test
    void replicatesAnotherRegistrysStateWithItsNumbersAndStatuses() {
        InMemoryDictionaryRegistry source = new InMemoryDictionaryRegistry();
        source.publish(DICTIONARY, 3, Map.of("k", "v"));
        source.publish(OTHER_DICTIONARY, 5, Map.of());
        source.activate(2);
        source.remove(1);
        RegistryFolder copy = new RegistryFolder(dir);
        VersionTable table = VersionTable.of(3, source.list());
        assertThrows(IllegalArgumentException.class, () -> copy.replicate(table), "no file for version 2 yet");
        copy.storeDictionaries(Map.of(2, OTHER_DICTIONARY));
        copy.replicate(table);
        assertEquals(source.list(), reopen().list());
        assertEquals(OptionalInt.of(2), reopen().activeVersion());
        assertArrayEquals(OTHER_DICTIONARY, reopen().get(2).content());
        assertEquals(3, reopen().publish(DICTIONARY, 3, Map.of()).version());
    }

    @Test
    void aFileChangedUnderARunningRegistryAfterItsFirstReadIsReportedNeverUsed() throws Exception {
        DirectoryDictionaryRegistry registry = reopen();
        registry.publish(DICTIONARY, 3, Map.of());
        assertArrayEquals(DICTIONARY, registry.get(1).content()); // verified against its SHA-256
        Path file = registry.dictionaryFile(1);
        byte[] tampered = DICTIONARY.clone();
        tampered[tampered.length - 1] ^= 1; // same size, one bit
        Files.write(file, tampered);
        CorruptDictionaryException e = assertThrows(CorruptDictionaryException.class, () -> registry.get(1));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("changed"), e.getMessage());
        Files.write(file, DICTIONARY);
        assertArrayEquals(DICTIONARY, registry.get(1).content(), "the file put back is read again");
        Files.delete(file);
        assertTrue(assertThrows(CorruptDictionaryException.class, () -> registry.get(1))
                .getMessage()
                .contains("missing"));
    }

    @Test
    void storingDictionariesLeavesAFileThatHoldsTheSameBytesUntouched() throws Exception {
        RegistryFolder folder = new RegistryFolder(dir);
        folder.storeDictionaries(Map.of(1, DICTIONARY));
        Path file = folder.dictionaryFile(1);
        Object key = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class)
                .fileKey();
        folder.storeDictionaries(Map.of(1, DICTIONARY));
        assertEquals(
                key,
                Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class)
                        .fileKey());
        folder.storeDictionaries(Map.of(1, OTHER_DICTIONARY));
        assertArrayEquals(OTHER_DICTIONARY, Files.readAllBytes(file), "a file with other bytes is replaced");
    }

    @Test
    void rejectsCorruptManifestNamingIt() throws Exception {
        Files.writeString(dir.resolve("manifest.json"), "{\"format\":1,\"nextVersion\":");
        RegistryException e = assertThrows(RegistryException.class, this::reopen);
        assertTrue(e.getMessage().contains("manifest.json"), e.getMessage());
    }

    @Test
    void concurrentPublishersNeverShareANumber() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                DirectoryDictionaryRegistry own = reopen();
                futures.add(
                        pool.submit(() -> own.publish(DICTIONARY, 3, Map.of()).version()));
            }
            Set<Integer> versions = new HashSet<>();
            for (Future<Integer> future : futures) {
                versions.add(future.get());
            }
            assertEquals(16, versions.size());
            assertEquals(16, reopen().list().size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void ignoresLeftoverTemporaryFilesAndCleansThemUpOnTheNextChange() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        Path leftover = Files.writeString(dir.resolve(".tmp-manifest.json-123"), "{garbage");
        DirectoryDictionaryRegistry reopened = reopen();
        assertEquals(1, reopened.list().size());
        reopened.activate(1);
        assertTrue(Files.notExists(leftover));
    }

    @Test
    void writesTheSubjectOfOtherSubjectsAndTheirActiveVersionsByName() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish("orders", OTHER_DICTIONARY, 3, Map.of());
        registry.activate(1);
        registry.activate(2);
        String manifest = Files.readString(dir.resolve("manifest.json"));
        assertTrue(manifest.contains("\"activeBySubject\" : {\n    \"orders\" : 2\n  }"), manifest);
        assertTrue(manifest.contains("\"subject\" : \"orders\""), manifest);
        assertEquals(1, manifest.split("\"subject\"", -1).length - 1, manifest);
        assertEquals(1, manifest.split("\"active\"", -1).length - 1, manifest);
    }

    @Test
    void rejectsAManifestWhoseActiveBySubjectNamesAVersionOutsideTheSubject() throws Exception {
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish("orders", OTHER_DICTIONARY, 3, Map.of());
        registry.activate(2);
        Path manifest = dir.resolve("manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"orders\" : 2", "\"orders\" : 1"));
        RegistryException e = assertThrows(RegistryException.class, () -> reopen());
        assertTrue(e.getMessage().contains("activeBySubject"), e.getMessage());
    }
}
