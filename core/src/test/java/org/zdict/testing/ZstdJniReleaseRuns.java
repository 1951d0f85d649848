package org.zdict.testing;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
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
import org.junit.jupiter.api.function.Executable;

/**
 * Runs a driver class in a child JVM per zstd-jni release, whose class path has the module's classes, its
 * test classes, the rest of its class path without zstd-jni ({@code classpath.txt}) and that release's jar
 * only. The jars and {@code classpath.txt} are put in the directory that the system property {@code
 * zdict.zstd-jni.releases.dir} names by the module's pom (maven-dependency-plugin). A driver's
 * {@code main} goes through {@link #drive}, which prints the {@code RESULT} line that {@link #runAll} checks.
 */
public final class ZstdJniReleaseRuns {
    private static final Duration CHILD_TIMEOUT = Duration.ofMinutes(3);

    /** What a driver does in one mode; it throws when a check fails. */
    public interface Work {
        void run() throws Exception;
    }

    private ZstdJniReleaseRuns() {}

    /** The build's zstd-jni release, which its pom passes as {@code zdict.zstd-jni.version}. */
    public static String buildsRelease() {
        return System.getProperty("zdict.zstd-jni.version");
    }

    /**
     * Runs {@code driver} with each {@code [release, mode, args...]}, two child JVMs at a time, and checks that
     * each exited 0 and printed its {@code RESULT … OK} line.
     */
    public static void runAll(Class<?> driver, List<List<String>> runs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<ChildProcess.Result>> results = new ArrayList<>();
            for (List<String> run : runs) {
                results.add(pool.submit(() -> run(driver, run.get(0), run.subList(1, run.size()))));
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

    /**
     * A driver's {@code main}: does {@code work} for {@code mode}, then prints {@code RESULT zstd-jni RELEASE
     * MODE: OK} and exits 0, or prints a {@code FAILED} line and the stack trace and exits 1.
     */
    public static void drive(String mode, Work work) {
        String release = Zstd.class.getPackage().getImplementationVersion();
        try {
            work.run();
            System.out.println("RESULT zstd-jni " + release + " " + mode + ": OK");
            System.exit(0);
        } catch (Throwable t) {
            System.out.println("FAILED zstd-jni " + release + " " + mode + ": " + t);
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }

    private static ChildProcess.Result run(Class<?> driver, String release, List<String> args) throws Exception {
        Path jars = Path.of(System.getProperty("zdict.zstd-jni.releases.dir"));
        Path jar = jars.resolve("zstd-jni-" + release + ".jar");
        assertTrue(Files.isRegularFile(jar), jar + " (copied by the module's pom)");
        String classPath = String.join(
                File.pathSeparator,
                Path.of("target", "classes").toAbsolutePath().toString(),
                Path.of("target", "test-classes").toAbsolutePath().toString(),
                Files.readString(jars.resolve("classpath.txt")).trim(),
                jar.toString());
        List<String> command = new ArrayList<>(List.of(ChildProcess.java(), "-cp", classPath, driver.getName()));
        command.addAll(args);
        return ChildProcess.run(command, Path.of("").toAbsolutePath(), Map.of(), CHILD_TIMEOUT);
    }
}
