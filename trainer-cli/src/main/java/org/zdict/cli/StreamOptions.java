package org.zdict.cli;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
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

    /**
     * Reads the whole input, refusing one larger than {@code maxBytes} as soon as it is seen (before
     * reading more than one byte past the limit).
     *
     * @param limit how to name the limit in the message, such as "--max-size 64M"
     */
    byte[] readAll(long maxBytes, String limit) throws IOException {
        boolean stdin = input == null || input.toString().equals("-");
        InputStream in = stdin ? System.in : Files.newInputStream(input);
        try {
            byte[] content = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 16));
            if (content.length > maxBytes) {
                throw new CliException((stdin ? "Standard input" : input.toString()) + " is larger than " + limit
                        + "; raise it to handle larger inputs");
            }
            return content;
        } finally {
            if (!stdin) {
                in.close();
            }
        }
    }

    /** The input as a stream (standard input by default); the caller closes it. */
    InputStream open() throws IOException {
        if (input == null || input.toString().equals("-")) {
            return new FilterInputStream(System.in) {
                @Override
                public void close() {
                    // standard input stays open
                }
            };
        }
        return Files.newInputStream(input);
    }

    /** The output as a stream (standard output by default), its folder created; the caller closes it. */
    OutputStream create() throws IOException {
        if (output == null || output.toString().equals("-")) {
            return new FilterOutputStream(System.out) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush(); // standard output stays open
                }
            };
        }
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return Files.newOutputStream(output);
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
