package org.zdict.reliability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A JVM started from this test's class path, running one of the mains in this package: for work that
 * must be killed, measured in a fresh process, or run as a second process.
 */
final class ChildJvm {
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    private ChildJvm(Process process, Consumer<String> onLine) {
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader in =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // The process was killed: its output simply ends.
            }
        });
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code main} with {@code jvmOptions} and {@code args}; stderr goes to the same stream. */
    static ChildJvm start(Class<?> main, List<String> jvmOptions, List<String> args, Consumer<String> onLine) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        try {
            return new ChildJvm(
                    new ProcessBuilder(command).redirectErrorStream(true).start(), onLine);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ChildJvm start(Class<?> main, List<String> jvmOptions, List<String> args) {
        return start(main, jvmOptions, args, line -> {});
    }

    Process process() {
        return process;
    }

    /** Waits for the process to exit by itself and returns its exit code; kills it after the timeout. */
    int waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        if (!process.waitFor(timeout, unit)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("child JVM did not finish within " + timeout + " " + unit + "; output:\n"
                    + String.join("\n", lines()));
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /** SIGKILL on Linux; returns once the process is gone and all of its output is read. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
        reader.join(TimeUnit.MINUTES.toMillis(2));
        if (reader.isAlive()) {
            throw new AssertionError("the output of a killed child JVM never ended");
        }
    }

    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** The value of the last output line of the form {@code key=value}, or null. */
    String last(String key) {
        List<String> all = lines();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).startsWith(key + "=")) {
                return all.get(i).substring(key.length() + 1);
            }
        }
        return null;
    }
}
