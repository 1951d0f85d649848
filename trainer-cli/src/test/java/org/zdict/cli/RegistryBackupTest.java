package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * {@code zdict registry export --all DIR} and {@code import --all DIR}: a folder registry with two
 * subjects, an active version in each, a retired and a removed one, backed up and restored into a new
 * folder with the same numbers; the refusals write nothing.
 */
class RegistryBackupTest {
    @TempDir
    static Path dir;

    static Path source;
    /** Payloads compressed from the source before any backup, with the version each used. */
    static final Map<Integer, byte[]> payloads = new TreeMap<>();

    static byte[] event;

    @BeforeAll
    static void buildARegistryWithEveryStatus() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 3);
        source = dir.resolve("source");
        assertEquals(0, Cli.trainSmall(events, source).exitCode());
        event = Files.readAllLines(events).get(0).getBytes(StandardCharsets.UTF_8);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(source);
                ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] trained = registry.get(1).content();
            registry.publish("payments", trained, 3, Map.of("note", "payments"));
            registry.publish(trained, 5, Map.of());
            registry.publish(trained, 1, Map.of());
            for (int version = 1; version <= 3; version++) {
                payloads.put(version, codec.compress(version, event));
            }
            registry.activate(3);
            registry.activate(2);
            registry.retire(1);
            registry.remove(4);
        }
    }

    private static Cli.Result listJson(Path registry) {
        Cli.Result list = Cli.run("registry", "list", "--json", "--registry", registry.toString());
        assertEquals(0, list.exitCode(), list::toString);
        return list;
    }

    private static Path backUp(String name) {
        Path backup = dir.resolve(name);
        Cli.Result export = Cli.run("registry", "export", "--all", backup.toString(), "--registry", source.toString());
        assertEquals(0, export.exitCode(), export::toString);
        return backup;
    }

    @Test
    void restoresEveryVersionWithItsNumberStatusAndActiveVersionsAndDecodesOldPayloads() throws IOException {
        Path backup = backUp("backup");
        String expected = listJson(source).out();
        assertEquals(expected, listJson(backup).out(), "the backup is a folder registry listing the same versions");
        assertArrayEquals(
                Files.readAllBytes(source.resolve("v000003.dict")),
                Files.readAllBytes(backup.resolve("v000003.dict")),
                "the backup keeps each raw dictionary (zstd -D DIR/v000003.dict)");

        Path restored = dir.resolve("restored");
        Cli.Result imported =
                Cli.run("registry", "import", "--all", backup.toString(), "--registry", restored.toString());
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(imported.out().contains("default 3, payments 2"), imported::toString);

        assertEquals(expected, listJson(restored).out());
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(restored);
                ZdictCodec codec = ZdictCodec.of(registry)) {
            for (Map.Entry<Integer, byte[]> payload : payloads.entrySet()) {
                assertArrayEquals(event, codec.decompress(payload.getValue()), "payload of " + payload.getKey());
            }
            assertEquals(5, registry.nextVersion());
            assertEquals(
                    5,
                    registry.publish(registry.get(3).content(), 3, Map.of()).version(),
                    "the removed number 4 was reissued");
        }
    }

    @Test
    void theBackupIsReadableByItsOwnerOnly() throws IOException {
        Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path backup = backUp("private-backup");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)));
        List<String> files;
        try (Stream<Path> entries = Files.list(backup)) {
            files = entries.map(file -> {
                        try {
                            return file.getFileName() + " "
                                    + PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .sorted()
                    .toList();
        }
        assertEquals(
                List.of(
                        ".lock rw-------",
                        "manifest.json rw-------",
                        "v000001.dict rw-------",
                        "v000002.dict rw-------",
                        "v000003.dict rw-------"),
                files);

        // An empty folder given for the backup is made private too.
        Path given = Files.createDirectory(
                dir.resolve("given"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Cli.Result export = Cli.run("registry", "export", "--all", given.toString(), "--registry", source.toString());
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(given)));
    }

    @Test
    void exportTakesEitherAVersionOrAll() {
        Path backup = dir.resolve("either");
        Cli.Result both =
                Cli.run("registry", "export", "1", "--all", backup.toString(), "--registry", source.toString());
        assertEquals(2, both.exitCode(), both::toString);
        assertTrue(both.err().contains("either VERSION"), both::toString);
        Cli.Result neither = Cli.run("registry", "export", "--registry", source.toString());
        assertEquals(2, neither.exitCode(), neither::toString);
        Cli.Result withOutput = Cli.run(
                "registry", "export", "--all", backup.toString(), "-o", "x.dict", "--registry", source.toString());
        assertEquals(2, withOutput.exitCode(), withOutput::toString);
        assertFalse(Files.exists(backup));
    }

    @Test
    void refusesToExportIntoAFolderThatIsNotEmpty() throws IOException {
        Path occupied = Files.createDirectories(dir.resolve("occupied"));
        Files.writeString(occupied.resolve("notes.txt"), "mine");
        Cli.Result export =
                Cli.run("registry", "export", "--all", occupied.toString(), "--registry", source.toString());
        assertEquals(1, export.exitCode(), export::toString);
        assertTrue(export.err().contains(occupied.toString()), export::toString);
        assertTrue(export.err().contains("not empty"), export::toString);
        try (var files = Files.list(occupied)) {
            assertEquals(List.of(occupied.resolve("notes.txt")), files.toList());
        }
    }

    @Test
    void refusesToImportIntoARegistryThatHasVersionsAndChangesNothing() {
        Path backup = backUp("backup-conflict");
        Path target = dir.resolve("target-with-versions");
        Cli.Result own = Cli.run(
                "registry",
                "import",
                source.resolve("v000003.dict").toString(),
                "--activate",
                "--registry",
                target.toString());
        assertEquals(0, own.exitCode(), own::toString);
        String before = listJson(target).out();

        Cli.Result imported =
                Cli.run("registry", "import", "--all", backup.toString(), "--registry", target.toString());
        assertEquals(1, imported.exitCode(), imported::toString);
        assertTrue(imported.err().contains(target.toString()), imported::toString);
        assertTrue(imported.err().contains("not empty"), imported::toString);
        assertEquals(before, listJson(target).out());
    }

    @Test
    void refusesACorruptBackupBeforeWritingAnything() throws IOException {
        Path backup = backUp("backup-corrupt");
        Path dictionary = backup.resolve("v000003.dict");
        byte[] flipped = Files.readAllBytes(dictionary);
        flipped[flipped.length / 2] ^= 0x01;
        Files.write(dictionary, flipped);
        Path target = dir.resolve("never-written");

        Cli.Result imported =
                Cli.run("registry", "import", "--all", backup.toString(), "--registry", target.toString());
        assertEquals(1, imported.exitCode(), imported::toString);
        assertTrue(imported.err().contains(dictionary.toString()), imported::toString);
        assertTrue(imported.err().contains("SHA-256"), imported::toString);
        assertTrue(imported.err().contains("nothing was written"), imported::toString);
        assertEquals(1, imported.err().strip().lines().count(), imported::toString);
        assertFalse(Files.exists(target), "the target was created");

        Files.writeString(backup.resolve("manifest.json"), "{\"format\": 1, \"nextVersion\": ");
        Cli.Result unparsable =
                Cli.run("registry", "import", "--all", backup.toString(), "--registry", target.toString());
        assertEquals(1, unparsable.exitCode(), unparsable::toString);
        assertTrue(unparsable.err().contains("manifest.json"), unparsable::toString);
        assertFalse(Files.exists(target), "the target was created");

        Cli.Result missing = Cli.run("registry", "import", "--all", dir.toString(), "--registry", target.toString());
        assertEquals(1, missing.exitCode(), missing::toString);
        assertTrue(missing.err().contains("not a registry backup"), missing::toString);
    }
}
