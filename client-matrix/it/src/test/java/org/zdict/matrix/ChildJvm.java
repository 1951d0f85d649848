package org.zdict.matrix;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of {@link MatrixDriver} in a child JVM on a user project's resolved class path (its
 * target/classpath.txt) plus the driver's classes; killed if it outlives its timeout.
 */
final class ChildJvm {
    /** How a child ended: its exit code (null if it was killed on timeout), its output, its wall time. */
    record Result(Integer exitCode, String output, Duration wallTime) {
        boolean timedOut() {
            return exitCode == null;
        }
    }

    private ChildJvm() {}

    /**
     * The class path Maven resolved for {@code project} (a client-matrix/clients folder), as the
     * dependency plugin wrote it.
     */
    static String resolvedClassPath(Path project) throws IOException {
        Path file = project.resolve("target/classpath.txt");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(file + " is missing: run `mvn verify` from the project root (with -pl "
                    + "client-matrix/it -am), which resolves each client project's class path first");
        }
        return Files.readString(file, StandardCharsets.UTF_8).trim();
    }

    /**
     * Runs {@code MatrixDriver args} on {@code classPath} and waits for it, at most {@code timeout}.
     *
     * @param log where the child's standard output and error go; read back into the result
     */
    static Result run(String classPath, List<String> args, Path log, Duration timeout)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // a short-lived client: C1 and a serial collector start fastest and leave the CPU to the other child
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        command.add("-Xmx256m");
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        command.add("-cp");
        command.add(classPath);
        command.add(MatrixDriver.class.getName());
        command.addAll(args);
        Files.createDirectories(log.getParent());
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        Integer exitCode = null;
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            exitCode = process.exitValue();
        } else {
            process.destroyForcibly().waitFor();
        }
        Duration wallTime = Duration.ofNanos(System.nanoTime() - start);
        String output = "$ " + String.join(" ", command).replace(File.pathSeparator, File.pathSeparator + "\n    ")
                + "\n" + Files.readString(log, StandardCharsets.UTF_8);
        return new Result(exitCode, output, wallTime);
    }
}
