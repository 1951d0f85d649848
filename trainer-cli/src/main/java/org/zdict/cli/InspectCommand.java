package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.Dictionary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code zdict inspect}: what a payload or dictionary file holds, without needing its registry. */
@Command(
        name = "inspect",
        description = {
            "Describe a zdict payload or a zstd dictionary file.",
            "Payload: marker, dictionary version, zstd frame header (or LZ4 block header), sizes. Dictionary: id,"
                    + " size, SHA-256."
        })
public final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "A payload or a dictionary file.")
    Path file;

    @Override
    public Integer call() throws IOException {
        byte[] content = Files.readAllBytes(file);
        PrintWriter out = spec.commandLine().getOut();
        if (Dictionary.isZstdDictionary(content)) {
            out.printf(Locale.ROOT, "file:          %s%n", file);
            out.println("type:          zstd dictionary (usable with zstd -D)");
            out.printf(Locale.ROOT, "dictionary id: %d%n", Dictionary.dictionaryId(content));
            out.printf(Locale.ROOT, "size:          %d bytes%n", content.length);
            out.printf(Locale.ROOT, "sha256:        %s%n", Dictionary.sha256(content));
        } else if (content.length > 0 && PayloadPrefix.isZdictMarker(content[0] & 0xFF)) {
            describePayload(content, out);
        } else if (PayloadPrefix.startsWithZstdMagic(content, 0, content.length)) {
            out.printf(Locale.ROOT, "file:          %s%n", file);
            out.println("type:          bare zstd frame (no zdict prefix)");
            FrameHeaderPrinter.describe(content, 0, content.length, out);
        } else {
            throw new CliException(file + " is neither a zdict payload nor a zstd dictionary (first byte "
                    + (content.length == 0 ? "none: empty file" : String.format("0x%02X", content[0] & 0xFF)) + ")");
        }
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    private void describePayload(byte[] content, PrintWriter out) {
        PayloadPrefix prefix = PayloadPrefix.read(content, 0, content.length);
        out.printf(Locale.ROOT, "file:          %s%n", file);
        out.printf(Locale.ROOT, "type:          zdict payload, format %d%n", PayloadPrefix.FORMAT_VERSION);
        out.printf(Locale.ROOT, "marker:        0x%02X (%s)%n", prefix.marker(), describe(prefix));
        if (prefix.isDictionaryFrame() || prefix.isLz4Block()) {
            out.printf(Locale.ROOT, "version:       %d%n", prefix.version());
        }
        out.printf(Locale.ROOT, "prefix:        %d bytes%n", prefix.length());
        out.printf(Locale.ROOT, "payload:       %d bytes%n", content.length);
        if (prefix.isStored()) {
            out.printf(Locale.ROOT, "content:       %d bytes, stored uncompressed%n", content.length - prefix.length());
            return;
        }
        long contentSize = prefix.isLz4Block()
                ? FrameHeaderPrinter.describeLz4(content, prefix.length(), content.length - prefix.length(), out)
                : FrameHeaderPrinter.describe(content, prefix.length(), content.length - prefix.length(), out);
        if (contentSize > 0) {
            out.printf(
                    Locale.ROOT,
                    "ratio:         %.2fx (content size / payload size)%n",
                    (double) contentSize / content.length);
        }
    }

    private static String describe(PayloadPrefix prefix) {
        if (prefix.isLz4Block()) {
            return "LZ4 block compressed with a dictionary";
        } else if (prefix.isDictionaryFrame()) {
            return "zstd frame compressed with a dictionary";
        } else if (prefix.isPlainFrame()) {
            return "zstd frame without a dictionary";
        }
        return "stored, not compressed";
    }
}
