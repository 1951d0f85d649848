package org.zdict.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.zdict.testing.SampleEvents;
import picocli.CommandLine;

/** Runs the zdict command line in-process, capturing its output and exit code. */
final class Cli {
    private Cli() {}

    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out ---\n" + out + "\n--- err ---\n" + err;
        }
    }

    static Result run(String... args) {
        return run(ZdictCommand.commandLine(), args);
    }

    /** Runs {@code args} on {@code commandLine}, whose subcommands a test may have set up. */
    static Result run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    /** Writes {@code count} synthetic events as JSON Lines and returns the file. */
    static Path syntheticEvents(Path dir, String name, int count, long seed) throws java.io.IOException {
        List<byte[]> events = SampleEvents.synthetic(count, seed);
        StringBuilder lines = new StringBuilder();
        for (byte[] event : events) {
            lines.append(new String(event, StandardCharsets.UTF_8)).append('\n');
        }
        Path file = dir.resolve(name);
        Files.writeString(file, lines);
        return file;
    }

    /** {@code zdict train -q ARGS} on the smallest grid (1K, level 1, no speed floor): fast, for behaviour. */
    static Result trainTiny(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("train", "-q"));
        all.addAll(List.of(args));
        all.addAll(List.of("--dict-size", "1K", "--level", "1", "--min-mbps", "0"));
        return run(all.toArray(new String[0]));
    }

    /**
     * Trains a small grid on synthetic events into {@code registry} and activates the choice (speed floor
     * and CPU ceiling off, so the choice depends on ratios alone).
     */
    static Result trainSmall(Path events, Path registry) {
        return run(
                "train",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry.toString(),
                "--activate",
                "--dict-size",
                "2K,4K",
                "--level",
                "1,3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0");
    }
}
