package org.zdict.zstdjni;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.testing.ChildProcess;

/**
 * The codec on each zstd-jni release it supports, from the floor (Spark 3.5's) to the build's, each in a
 * child JVM whose class path has core and that release only ({@link ReleaseDriver} does the work): every
 * release round-trips, refuses bombs and corrupt payloads, and decodes what every other release wrote.
 * Releases below the floor are refused with the message naming them. The jars come from core's pom
 * (maven-dependency-plugin, target/zstd-jni-releases).
 */
class ZstdJniReleasesTest {
    /** Spark 3.5's (the floor), kafka-clients 3.9's, Spark 4.0's, Spark 4.1's; the build's is added. */
    private static final List<String> RELEASES = List.of("1.5.5-4", "1.5.6-4", "1.5.6-9", "1.5.7-6");
    /**
     * Below the floor: kafka-clients 3.4's, which lacks ZstdDecompressCtx.reset and its streaming decoder;
     * and one that has every method but is older than the floor, refused by the release its manifest names.
     */
    private static final List<String> BELOW_THE_FLOOR = List.of("1.5.2-1", "1.5.5-1");

    private static final Path JARS = Path.of(System.getProperty("zdict.zstd-jni.releases.dir"));
    private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path work;

    @Test
    void everyReleaseRoundTripsAndDecodesWhatTheOthersWrote() throws Exception {
        List<String> releases = new ArrayList<>(RELEASES);
        releases.add(System.getProperty("zdict.zstd-jni.version"));
        assertEquals(ZstdJniFloor.FLOOR, releases.get(0), "the floor is the oldest release tested");

        List<List<String>> writes = new ArrayList<>();
        for (String release : releases) {
            writes.add(List.of(release, "write", work.resolve(release).toString()));
        }
        for (String release : BELOW_THE_FLOOR) {
            writes.add(List.of(release, "refused"));
        }
        runAll(writes);

        List<List<String>> reads = new ArrayList<>();
        for (String release : releases) {
            List<String> command = new ArrayList<>(List.of(release, "read"));
            releases.stream()
                    .filter(other -> !other.equals(release))
                    .forEach(other -> command.add(work.resolve(other).toString()));
            reads.add(command);
        }
        runAll(reads);
    }

    /** Runs each {@code [release, args...]} in its child JVM, two at a time, and checks that each passed. */
    private static void runAll(List<List<String>> runs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<ChildProcess.Result>> results = new ArrayList<>();
            for (List<String> run : runs) {
                results.add(pool.submit(() -> run(run.get(0), run.subList(1, run.size()))));
            }
            List<Executable> checks = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                ChildProcess.Result result = results.get(i).get();
                String release = runs.get(i).get(0);
                String mode = runs.get(i).get(1);
                System.out.println("zstd-jni " + release + " " + mode + ": exit " + result.exitCode());
                checks.add(() -> {
                    assertEquals(0, result.exitCode(), result::toString);
                    assertTrue(
                            result.out().contains("RESULT zstd-jni " + release + " " + mode + ": OK"),
                            result::toString);
                });
            }
            assertAll(checks);
        } finally {
            pool.shutdownNow();
        }
    }

    private static ChildProcess.Result run(String release, List<String> args) throws Exception {
        Path jar = JARS.resolve("zstd-jni-" + release + ".jar");
        assertTrue(Files.isRegularFile(jar), jar + " (copied by core's pom)");
        String classPath = String.join(
                File.pathSeparator,
                Path.of("target", "classes").toAbsolutePath().toString(),
                Path.of("target", "test-classes").toAbsolutePath().toString(),
                Files.readString(JARS.resolve("classpath.txt")).trim(),
                jar.toString());
        List<String> command =
                new ArrayList<>(List.of(ChildProcess.java(), "-cp", classPath, ReleaseDriver.class.getName()));
        command.addAll(args);
        return ChildProcess.run(command, Path.of("").toAbsolutePath(), Map.of(), CHILD_TIMEOUT);
    }
}
