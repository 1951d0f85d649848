package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.ChildProcess;
import org.zdict.testing.NewerJdk;
import org.zdict.testing.SampleEvents;

/**
 * Smoke tests of what users run: the shaded {@code zdict.jar} that {@code mvn package} builds and the
 * {@code ./zdict} launcher at the repository root, each in a child process on the test's Java (the
 * other tests call the commands in-process, which cannot notice a jar missing a class, a service file
 * or its main class). Failsafe passes the paths in system properties.
 */
@Timeout(5 * 60)
class ZdictJarIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @Test
    void theJarPrintsTheProjectVersion() throws Exception {
        ChildProcess.Result result = jar("--version");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("zdict " + projectVersion() + "\n"), result::toString);
        assertTrue(result.out().contains("\nzstd-jni "), result::toString);
    }

    @Test
    void onJava22OrLaterTheJarRunsZstdJnisForeignFunctionBinding() throws Exception {
        Optional<Path> newer = NewerJdk.java();
        Assumptions.assumeTrue(
                newer.isPresent(), "no JDK " + NewerJdk.RELEASE + "+ on this machine (set ZDICT_JDK22_HOME)");
        ChildProcess.Result result = ChildProcess.run(
                List.of(
                        newer.get().toString(),
                        "-jar",
                        artefact("zdict.cli.jar").toString(),
                        "--version"),
                dir,
                Map.of(),
                TIMEOUT);

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains(", foreign-function binding (Java 22+)\n"), result::toString);
        assertTrue(jar("--version").out().contains(", JNI binding\n"), "Java 17 runs the JNI binding");
    }

    @Test
    void theJarTrainsCompressesAndDecompresses() throws Exception {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 5);
        Path registry = dir.resolve("registry");
        ChildProcess.Result train = jar(
                "train",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry.toString(),
                "--activate",
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, train.exitCode(), train::toString);

        Path event = Files.write(
                dir.resolve("event.json"), SampleEvents.synthetic(1, 99).get(0));
        Path payload = dir.resolve("event.zd");
        Path restored = dir.resolve("restored.json");
        ChildProcess.Result compress =
                jar("compress", "--registry", registry.toString(), "-i", event.toString(), "-o", payload.toString());
        assertEquals(0, compress.exitCode(), compress::toString);
        assertEquals((byte) 0xD1, Files.readAllBytes(payload)[0], "a dictionary frame with a checksum");

        ChildProcess.Result decompress = jar(
                "decompress", "--registry", registry.toString(), "-i", payload.toString(), "-o", restored.toString());
        assertEquals(0, decompress.exitCode(), decompress::toString);
        assertArrayEquals(Files.readAllBytes(event), Files.readAllBytes(restored));
    }

    @Test
    void theJarReportsABadArgumentInOneLineWithoutAStackTrace() throws Exception {
        ChildProcess.Result result = jar("compress", "--registry", dir.toString(), "--level", "23");
        assertEquals(2, result.exitCode(), result::toString);
        assertEquals(1, result.err().strip().lines().count(), result::toString);
        assertTrue(result.err().contains("23"), result::toString);
        assertFalse(result.err().contains("Exception") || result.err().contains("\tat "), result::toString);
        assertEquals("", result.out(), result::toString);
    }

    /**
     * {@code ./zdict} runs the jar that {@code mvn package} just built: it must not rebuild it. A stand-in
     * {@code mvn} first on the PATH fails the test if the launcher tries to.
     */
    @Test
    void theLauncherRunsTheBuiltJarWithoutRebuilding() throws Exception {
        Path launcher = artefact("zdict.launcher");
        Path jar = artefact("zdict.cli.jar");
        Optional<Path> newer = newerThan(jar, launcher.getParent());
        Assumptions.assumeTrue(
                newer.isEmpty(),
                () -> newer.get() + " changed after " + jar
                        + " was built, so ./zdict would rightly rebuild it; run mvn package again");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"stand-in mvn called: $*\" >&2\nexit 97\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":" + Path.of(ChildProcess.java()).getParent() + ":" + System.getenv("PATH"));
        env.put("ZDICT_JAVA_OPTS", null);
        env.put("ZDICT_HOME", null);

        ChildProcess.Result result =
                ChildProcess.run(List.of("./zdict", "--version"), launcher.getParent(), env, TIMEOUT);
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("zdict " + projectVersion() + "\n"), result::toString);
        assertFalse(result.err().contains("building") || result.err().contains("stand-in mvn"), result::toString);
    }

    private ChildProcess.Result jar(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(ChildProcess.java(), "-jar", artefact("zdict.cli.jar").toString()));
        command.addAll(List.of(args));
        return ChildProcess.run(command, dir, Map.of(), TIMEOUT);
    }

    private static Path artefact(String property) {
        String path = System.getProperty(property);
        assertNotNull(path, property + " is not set; run this test through mvn verify");
        Path file = Path.of(path).toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(file), file + " (" + property + ") is missing; mvn package builds it");
        return file;
    }

    private static String projectVersion() {
        String version = System.getProperty("zdict.project.version");
        assertNotNull(version, "zdict.project.version is not set; run this test through mvn verify");
        return version;
    }

    /** The first of the files the launcher watches that changed after the jar, as its needs_build sees them. */
    private static Optional<Path> newerThan(Path jar, Path home) throws IOException {
        FileTime built = Files.getLastModifiedTime(jar);
        List<Path> watched = new ArrayList<>(List.of(home.resolve("pom.xml")));
        for (String module : new String[] {"core", "dictionaries", "kafka-serde", "trainer-cli"}) {
            watched.add(home.resolve(module).resolve("pom.xml"));
            watched.add(home.resolve(module).resolve("src/main"));
        }
        for (Path root : watched) {
            if (!Files.exists(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                Optional<Path> first = files.filter(file -> modified(file).compareTo(built) > 0)
                        .findFirst();
                if (first.isPresent()) {
                    return first;
                }
            }
        }
        return Optional.empty();
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
