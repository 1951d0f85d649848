package org.zdict.engine.zstdjni;

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
import org.zdict.testing.ChildProcess;

/**
 * The trainer on zstd-jni releases with and without {@code trainFromBuffer(…, level)} (added in 1.5.6-6),
 * each in a child JVM whose class path has the engine and that release only ({@link TrainerReleaseDriver}
 * does the work). The jars come from train's pom (maven-dependency-plugin, target/zstd-jni-releases).
 */
class TrainerOnZstdJniReleasesTest {
    /** Spark 3.5's (the floor) and kafka-clients 3.9's train for the default level only; the build's for any. */
    private static final Map<String, String> RELEASES = Map.of("1.5.5-4", "old", "1.5.6-4", "old");

    private static final Path JARS = Path.of(System.getProperty("zdict.zstd-jni.releases.dir"));
    private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(3);

    @Test
    void oldReleasesTrainForLevelThreeOnlyAndNewOnesForAnyLevel() throws Exception {
        List<List<String>> runs = new ArrayList<>();
        RELEASES.forEach((release, mode) -> runs.add(List.of(release, mode)));
        runs.add(List.of(System.getProperty("zdict.zstd-jni.version"), "new"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<ChildProcess.Result>> results = new ArrayList<>();
            for (List<String> run : runs) {
                results.add(pool.submit(() -> run(run.get(0), run.get(1))));
            }
            List<Executable> checks = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                ChildProcess.Result result = results.get(i).get();
                String release = runs.get(i).get(0);
                String mode = runs.get(i).get(1);
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

    private static ChildProcess.Result run(String release, String mode) throws Exception {
        Path jar = JARS.resolve("zstd-jni-" + release + ".jar");
        assertTrue(Files.isRegularFile(jar), jar + " (copied by train's pom)");
        String classPath = String.join(
                File.pathSeparator,
                Path.of("target", "classes").toAbsolutePath().toString(),
                Path.of("target", "test-classes").toAbsolutePath().toString(),
                Files.readString(JARS.resolve("classpath.txt")).trim(),
                jar.toString());
        return ChildProcess.run(
                List.of(ChildProcess.java(), "-cp", classPath, TrainerReleaseDriver.class.getName(), mode),
                Path.of("").toAbsolutePath(),
                Map.of(),
                CHILD_TIMEOUT);
    }
}
