package org.zdict.cli.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zdict registry export}: the raw zstd dictionary of a version, for {@code zstd -D}. */
@Command(name = "export", description = "Write a version's raw zstd dictionary (usable with zstd -D).")
public final class ExportCommand extends VersionCommand {
    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            required = true,
            description = "Where to write it.")
    Path output;

    @Override
    String apply(DictionaryRegistry target) throws IOException {
        if (subject.given()) {
            subject.requireVersion(target, version);
        }
        byte[] content = target.get(version).content();
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(output, content);
        return "Wrote version " + version + " (" + content.length + " bytes) to " + output;
    }
}
