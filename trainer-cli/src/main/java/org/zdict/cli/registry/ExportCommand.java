package org.zdict.cli.registry;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code zdict registry export}: the raw zstd dictionary of a version, for {@code zstd -D}. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = "Write a version's raw zstd dictionary (usable with zstd -D).")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "VERSION", description = "The version number.")
    int version;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            required = true,
            description = "Where to write it.")
    Path output;

    @Override
    public Integer call() throws IOException {
        byte[] content;
        try (DictionaryRegistry source = registry.openExisting()) {
            content = source.get(version).content();
        }
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(output, content);
        PrintWriter out = spec.commandLine().getOut();
        out.println("Wrote version " + version + " (" + content.length + " bytes) to " + output);
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
