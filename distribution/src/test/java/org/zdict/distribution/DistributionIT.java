package org.zdict.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.NewerJdk;

/**
 * The distribution archive as a user gets it: unpacked into an empty folder, made read-only, and run
 * through {@code bin/zdict} in child processes whose environment has only {@code JAVA_HOME} and a
 * {@code PATH} holding the JRE's {@code bin} folder (no Maven, no source tree, no network needed).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DistributionIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(4);
    private static final String VERSION = System.getProperty("zdict.project.version");

    @TempDir
    static Path temp;

    static Path install;
    static Set<String> installedFiles;

    @BeforeAll
    static void unpackReadOnly() throws Exception {
        Path archive = Path.of(System.getProperty("zdict.distribution.archive"));
        assertTrue(Files.isRegularFile(archive), "no archive at " + archive + ": run mvn package first");
        Path into = Files.createDirectories(temp.resolve("opt"));
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", into.toString())
                .inheritIO()
                .start();
        assertTrue(tar.waitFor(1, TimeUnit.MINUTES), "tar did not finish");
        assertEquals(0, tar.exitValue(), "tar -xzf " + archive);
        install = into.resolve("zdict-" + VERSION);
        installedFiles = listing(install);
        // A system-wide installation is read-only to its users. (root ignores permissions, so every test
        // also checks that nothing new appeared in the installation.)
        try (Stream<Path> paths = Files.walk(install)) {
            for (Path path : paths.collect(Collectors.toList())) {
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
                permissions.removeAll(Set.of(
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.GROUP_WRITE,
                        PosixFilePermission.OTHERS_WRITE));
                Files.setPosixFilePermissions(path, permissions);
            }
        }
    }

    @Test
    void archiveHoldsLaunchersJarsAndTheLicenceOfEveryThirdPartyJar() throws IOException {
        assertTrue(Files.isExecutable(install.resolve("bin/zdict")), "bin/zdict is not executable");
        assertTrue(Files.isRegularFile(install.resolve("bin/zdict.bat")));
        for (String file : List.of("LICENSE", "NOTICE", "THIRD-PARTY.txt", "CHANGELOG.md")) {
            assertTrue(Files.isRegularFile(install.resolve(file)), file + " is missing");
        }
        String thirdParty = Files.readString(install.resolve("THIRD-PARTY.txt"));
        List<String> unlisted = new ArrayList<>();
        try (Stream<Path> jars = Files.list(install.resolve("lib"))) {
            for (Path jar : jars.collect(Collectors.toList())) {
                String name = jar.getFileName().toString();
                String artifact = name.replaceFirst("-\\d.*\\.jar$", "");
                if (!artifact.startsWith("zdict-") && !thirdParty.contains("\n" + artifact + "-*.jar")) {
                    unlisted.add(name);
                }
            }
        }
        assertEquals(List.of(), unlisted, "jars in lib/ without a line in THIRD-PARTY.txt");
        // every licence file THIRD-PARTY.txt names is in licences/
        var named = Pattern.compile("[A-Za-z0-9.-]+\\.txt").matcher(thirdParty);
        while (named.find()) {
            String file = named.group();
            if (!file.equals("THIRD-PARTY.txt")) {
                assertTrue(Files.isRegularFile(install.resolve("licences").resolve(file)), "licences/" + file);
            }
        }
        assertTrue(Files.readString(install.resolve("licences/CC-BY-SA-3.0-wikipedia-sample.txt"))
                .contains("https://creativecommons.org/licenses/by-sa/3.0/legalcode"));
    }

    @Test
    void zipHoldsTheSameFilesAsTheTarball() throws IOException {
        Set<String> zipped = new TreeSet<>();
        try (ZipFile zip = new ZipFile(System.getProperty("zdict.distribution.zip"))) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (!entry.isDirectory()) {
                    zipped.add(entry.getName().substring(("zdict-" + VERSION + "/").length()));
                }
            }
        }
        assertEquals(installedFiles, zipped);
    }

    @Test
    void versionRunsOnAJreAlone() throws Exception {
        Path work = Files.createDirectories(temp.resolve("version-work"));
        Run run = zdict(work, null, "--version");
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("zdict " + VERSION), run.toString());
        assertNothingWrittenIntoTheInstallation();
    }

    @Test
    void demoPublishesUnderTheWorkingFolderAndPayloadsRoundTrip() throws Exception {
        Path work = Files.createDirectories(temp.resolve("demo-work"));
        Run demo = zdict(work, null, "demo", "-q");
        assertEquals(0, demo.exit, demo.toString());
        assertTrue(Files.isRegularFile(work.resolve("zdict-demo/registry/manifest.json")), demo.toString());
        assertTrue(Files.isRegularFile(work.resolve("zdict-demo/registry/v000001.dict")), demo.toString());
        assertTrue(Files.isRegularFile(work.resolve("zdict-demo/report/report.json")), demo.toString());
        assertTrue(demo.out.contains("Next: " + install.resolve("bin/zdict") + " registry list"), demo.out);

        byte[] event = "{\"page\":\"Main Page\",\"user\":\"Example\",\"delta\":12}\n".getBytes(StandardCharsets.UTF_8);
        Path plain = Files.write(work.resolve("event.json"), event);
        Run compress = zdict(work, plain, "compress", "--registry", "zdict-demo/registry");
        assertEquals(0, compress.exit, compress.toString());
        Path payload = Files.write(work.resolve("event.zdict"), compress.stdout);
        assertFalse(compress.stdout.length == 0, "compress wrote nothing");
        Run decompress = zdict(work, payload, "decompress", "--registry", "zdict-demo/registry");
        assertEquals(0, decompress.exit, decompress.toString());
        assertArrayEquals(event, decompress.stdout);
        assertNothingWrittenIntoTheInstallation();
    }

    /**
     * On a JDK 22+ the launcher runs zstd-jni's foreign-function binding (its jar sits unchanged in lib/)
     * and, on Java 24+, prints no warning about restricted methods.
     */
    @Test
    void onJava22OrLaterTheLauncherRunsTheForeignFunctionBindingWithoutWarnings() throws Exception {
        Optional<Path> java = NewerJdk.java();
        Assumptions.assumeTrue(
                java.isPresent(), "no JDK " + NewerJdk.RELEASE + "+ on this machine (set ZDICT_JDK22_HOME)");
        Path newer = java.get().getParent().getParent().toRealPath();
        Path work = Files.createDirectories(temp.resolve("newer-jdk-work"));
        Run version = zdictOn(newer, work, null, "--version");
        assertEquals(0, version.exit, version.toString());
        assertTrue(version.out.contains(", foreign-function binding (Java 22+)"), version.toString());

        StringBuilder events = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            events.append("{\"page\":\"Page ")
                    .append(i % 17)
                    .append("\",\"user\":\"user")
                    .append(i % 5)
                    .append("\",\"delta\":")
                    .append(i * 7 % 300)
                    .append("}\n");
        }
        Path input = Files.writeString(work.resolve("events.jsonl"), events);
        Run train = zdictOn(
                newer,
                work,
                null,
                "train",
                "-q",
                "--input",
                input.toString(),
                "--registry",
                "registry",
                "--activate",
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, train.exit, train.toString());
        Path plain = Files.writeString(work.resolve("event.json"), "{\"page\":\"Page 3\",\"delta\":12}\n");
        Run compress = zdictOn(newer, work, plain, "compress", "--registry", "registry");
        assertEquals(0, compress.exit, compress.toString());
        Run decompress = zdictOn(
                newer,
                work,
                Files.write(work.resolve("event.zdict"), compress.stdout),
                "decompress",
                "--registry",
                "registry");
        assertEquals(0, decompress.exit, decompress.toString());
        assertEquals(Files.readString(plain), decompress.out);
        for (Run run : List.of(version, train, compress, decompress)) {
            assertFalse(run.err.contains("WARNING"), run.toString());
        }
    }

    private static void assertNothingWrittenIntoTheInstallation() throws IOException {
        assertEquals(installedFiles, listing(install), "files appeared in or vanished from the installation");
    }

    /** Runs {@code bin/zdict} by its absolute path, from {@code work}, with a JRE and nothing else. */
    private static Run zdict(Path work, Path stdin, String... args) throws Exception {
        return zdictOn(Path.of(System.getProperty("java.home")).toRealPath(), work, stdin, args);
    }

    /** Runs {@code bin/zdict} as {@link #zdict(Path, Path, String...)} does, on the Java at {@code javaHome}. */
    private static Run zdictOn(Path javaHome, Path work, Path stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(install.resolve("bin/zdict").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile());
        Path javaBin = javaHome.resolve("bin");
        assertFalse(Files.exists(javaBin.resolve("mvn")), "mvn is in " + javaBin);
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("JAVA_HOME", javaHome.toString());
        env.put("PATH", javaBin.toString());
        env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
        Path out = Files.createTempFile(temp, "out", ".bin");
        Path err = Files.createTempFile(temp, "err", ".txt");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        if (stdin != null) {
            builder.redirectInput(stdin.toFile());
        }
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("bin/zdict " + String.join(" ", args) + " did not finish in " + TIMEOUT);
        }
        return new Run(process.exitValue(), Files.readAllBytes(out), Files.readString(err));
    }

    private static Set<String> listing(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private static final class Run {
        final int exit;
        final byte[] stdout;
        final String out;
        final String err;

        Run(int exit, byte[] stdout, String err) {
            this.exit = exit;
            this.stdout = stdout;
            this.out = new String(stdout, StandardCharsets.UTF_8);
            this.err = err;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }
}
