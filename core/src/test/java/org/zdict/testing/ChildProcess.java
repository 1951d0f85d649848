package org.zdict.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command in a child process to its end, as a user's shell does, for smoke tests of the built
 * artefacts (the shaded jars, the launcher script). Output goes to files, so a chatty child never
 * blocks on a full pipe; a child that overruns its time is killed together with its descendants, and
 * so is one still running when the test's own timeout interrupts the wait.
 */
public final class ChildProcess {
    private ChildProcess() {}

    /** What the child did: its exit code and everything it wrote. */
    public record Result(List<String> command, int exitCode, String out, String err) {
        @Override
        public String toString() {
            return String.join(" ", command) + "\nexit " + exitCode + "\n--- out ---\n" + out + "\n--- err ---\n" + err;
        }
    }

    /** The {@code java} launcher of the JVM running the tests, so children run on the same Java. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Runs {@code command} in {@code workDir} with the test JVM's environment changed by {@code env} (a
     * null value removes the variable), and returns once it has exited.
     *
     * @throws AssertionError if it is still running after {@code timeout} (it is killed first)
     */
    public static Result run(List<String> command, Path workDir, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("zdict-child-", ".out");
        Path err = Files.createTempFile("zdict-child-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process process = builder.start();
        try {
            process.getOutputStream().close(); // no input: a child that reads stdin sees its end
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                throw new AssertionError("Still running after " + timeout + ", killed: "
                        + new Result(command, -1, read(out), read(err)));
            }
            return new Result(command, process.exitValue(), read(out), read(err));
        } finally {
            kill(process);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** Kills the process and whatever it started; waits briefly for it to go. */
    private static void kill(Process process) throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        List<ProcessHandle> descendants = new ArrayList<>(process.descendants().toList());
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** The file as UTF-8, malformed bytes replaced (a failing child may print binary data). */
    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
