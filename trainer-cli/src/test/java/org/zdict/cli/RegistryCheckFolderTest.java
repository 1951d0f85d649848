package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code zdict registry check} of a folder registry: its files, its manifest, its permissions. */
class RegistryCheckFolderTest {
    /** A registry of two versions, the first active, trained once and copied for each test. */
    @TempDir
    static Path trained;

    @TempDir
    Path dir;

    private Path registry;

    @BeforeAll
    static void trainTwoVersions() throws IOException {
        for (int seed = 1; seed <= 2; seed++) {
            Path events = Cli.syntheticEvents(trained, "events-" + seed + ".jsonl", 600, seed);
            Cli.Result train = Cli.trainTiny(
                    events.toString(), "--registry", trained.resolve("registry").toString(), "--activate");
            assertEquals(0, train.exitCode(), train::toString);
        }
        Cli.Result activate = Cli.run(
                "registry",
                "activate",
                "1",
                "--registry",
                trained.resolve("registry").toString());
        assertEquals(0, activate.exitCode(), activate::toString);
    }

    /** The trained registry, copied, with the folder and its files writable and readable by the owner only. */
    @BeforeEach
    void copyOwnerOnly() throws IOException {
        registry = Files.createDirectory(dir.resolve("registry"));
        Files.setPosixFilePermissions(registry, PosixFilePermissions.fromString("rwx------"));
        try (var files = Files.list(trained.resolve("registry"))) {
            for (Path file : files.toList()) {
                Path copy = Files.copy(file, registry.resolve(file.getFileName()));
                Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-------"));
            }
        }
    }

    private Cli.Result check() {
        return Cli.run("registry", "check", "--registry", registry.toString());
    }

    @Test
    void aSoundFolderExitsZeroWithEveryVersionVerified() {
        Cli.Result check = check();

        assertEquals(0, check.exitCode(), check::toString);
        assertTrue(check.out().contains("ok       manifest.json parses: 2 versions, next version 3"), check::toString);
        assertTrue(check.out().contains("ok       versions 1, 2: each file present"), check::toString);
        assertTrue(check.out().contains("ok       only the owner"), check::toString);
        assertFalse(check.out().contains("risk"), check::toString);
        assertTrue(check.out().endsWith("Sound (exit 0)." + System.lineSeparator()), check::toString);
    }

    @Test
    void aTamperedFileIsAProblemNamingTheVersionAndTheFile() throws IOException {
        Path file = registry.resolve("v000002.dict");
        byte[] tampered = Files.readAllBytes(file);
        tampered[100] ^= 1;
        Files.write(file, tampered);

        Cli.Result check = check();

        assertEquals(1, check.exitCode(), check::toString);
        assertTrue(check.out().contains("problem  version 2 (available): "), check::toString);
        assertTrue(check.out().contains(file + " has SHA-256 "), check::toString);
        assertTrue(check.out().contains("ok       versions 1: "), check::toString);
    }

    @Test
    void aMissingFileIsAProblemAndAStrayOneANote() throws IOException {
        Files.move(registry.resolve("v000001.dict"), registry.resolve("v000009.dict"));

        Cli.Result check = check();

        assertEquals(1, check.exitCode(), check::toString);
        assertTrue(check.out().contains("problem  version 1 (active): "), check::toString);
        assertTrue(check.out().contains("v000001.dict is missing"), check::toString);
        assertTrue(check.out().contains("note     v000009.dict: no version of the manifest uses it"), check::toString);
    }

    @Test
    void filesOthersMayWriteAreARisk() throws IOException {
        Files.setPosixFilePermissions(registry.resolve("v000001.dict"), PosixFilePermissions.fromString("rw-rw-rw-"));

        Cli.Result check = check();

        assertEquals(3, check.exitCode(), check::toString);
        assertTrue(
                check.out().contains("risk     writable by the group or others: v000001.dict (rw-rw-rw-)"),
                check::toString);
        assertTrue(check.out().contains("chmod -R go-w " + registry), check::toString);
    }

    @Test
    void aManifestThatDoesNotParseIsAProblem() throws IOException {
        Files.writeString(registry.resolve("manifest.json"), "{ \"format\" : 1, \"dictionaries\" : [ {");

        Cli.Result check = check();

        assertEquals(1, check.exitCode(), check::toString);
        assertTrue(check.out().contains("problem  Corrupt registry manifest "), check::toString);
    }

    @Test
    void aFolderThatIsNoRegistryIsOneLineAndExitsOne() {
        Cli.Result check = Cli.run(
                "registry", "check", "--registry", dir.resolve("nothing").toString());

        assertEquals(1, check.exitCode(), check::toString);
        assertEquals(
                "zdict registry check: error: No registry at " + dir.resolve("nothing")
                        + ": no such folder; nothing to check" + System.lineSeparator(),
                check.err());
    }
}
