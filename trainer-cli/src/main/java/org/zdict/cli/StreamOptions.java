package org.zdict.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -i FILE} and {@code -o FILE}, standard input and output by default. */
public final class StreamOptions {
    @Option(
            names = {"-i", "--input"},
            paramLabel = "FILE",
            description = "Read this file (default: standard input).")
    Path input;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write this file (default: standard output).")
    Path output;

    byte[] readAll() throws IOException {
        if (input == null || input.toString().equals("-")) {
            return System.in.readAllBytes();
        }
        return Files.readAllBytes(input);
    }

    void write(byte[] content) throws IOException {
        if (output == null || output.toString().equals("-")) {
            OutputStream out = System.out;
            out.write(content);
            out.flush();
            return;
        }
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(output, content);
    }
}
