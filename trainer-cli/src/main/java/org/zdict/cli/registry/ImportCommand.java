package org.zdict.cli.registry;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.zdict.cli.CliException;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.internal.DictionaryContent;
import org.zdict.internal.ZstdLevels;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.SubjectNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code zdict registry import}: publish a dictionary trained elsewhere (for example by {@code zstd --train}). */
@Command(name = "import", description = "Publish a zstd dictionary file as a new version.")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "FILE", description = "A standard zstd dictionary (as zstd --train writes).")
    Path file;

    @Option(
            names = "--level",
            paramLabel = "LEVEL",
            defaultValue = "3",
            description = "The zstd level to use it at (default: ${DEFAULT-VALUE}).")
    int level;

    @Option(names = "--activate", description = "Make it the active version of its subject.")
    boolean activate;

    @Mixin
    SubjectOption subject;

    @Override
    public Integer call() throws IOException {
        try {
            ZstdLevels.check(level);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String into = subject.name();
        byte[] content = Files.readAllBytes(file);
        if (!DictionaryContent.isZstdDictionary(content)) {
            throw new CliException(file + " is not a zstd dictionary (no magic number 37 A4 30 EC)");
        }
        DictionaryInfo info;
        try (DictionaryRegistry target = registry.openOrCreate()) {
            info = target.publish(
                    into,
                    content,
                    level,
                    Map.of("importedFrom", file.getFileName().toString(), "trainedBy", "import"));
            if (activate) {
                target.activate(info.version());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Imported " + file + " as version " + info.version()
                + (into.equals(SubjectNames.DEFAULT) ? "" : " of subject " + into)
                + (activate ? " (active)." : " (available)."));
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
