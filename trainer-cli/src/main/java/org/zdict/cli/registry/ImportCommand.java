package org.zdict.cli.registry;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.zdict.RegistryException;
import org.zdict.ZdictException;
import org.zdict.cli.CliException;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code zdict registry import}: publish a dictionary trained elsewhere (for example by {@code zstd --train})
 * as a new version ({@code import FILE}), or restore a backup written by {@code export --all} into an empty
 * registry with its version numbers, statuses and active versions ({@code import --all DIR}).
 */
@Command(
        name = "import",
        description = "Publish a zstd dictionary file as a new version, or restore a backup with --all DIR.")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(
            paramLabel = "FILE",
            arity = "0..1",
            description = "A standard zstd dictionary (as zstd --train writes).")
    Path file;

    @Option(
            names = "--all",
            paramLabel = "DIR",
            description = "Restore the backup in DIR (written by zdict registry export --all) with its version"
                    + " numbers, statuses and active versions into the registry, which must be empty (a new"
                    + " folder, or a missing or empty topic). The backup is checked before anything is written.")
    Path all;

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
        if ((file == null) == (all == null)) {
            throw new ParameterException(
                    spec.commandLine(), "Give either FILE or --all DIR, not " + (file == null ? "neither" : "both"));
        }
        if (all != null) {
            for (String option : new String[] {"--level", "--activate", "--subject"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new ParameterException(
                            spec.commandLine(),
                            "--all DIR restores every version as backed up, with its own level, subject and"
                                    + " status: drop " + option);
                }
            }
            return restore();
        }
        try {
            ZdictCodecBuilder.checkLevel(level);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String into = subject.name();
        byte[] content = Files.readAllBytes(file);
        if (!Dictionary.isZstdDictionary(content)) {
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
                + (into.equals(DictionaryInfo.DEFAULT_SUBJECT) ? "" : " of subject " + into)
                + (activate ? " (active)." : " (available)."));
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /**
     * Reads the whole backup first, every version checked against its SHA-256, so a corrupt or tampered
     * backup is refused before the target is opened; then restores it.
     */
    /** The backup folder as a registry, which must exist: a folder without a manifest is no backup. */
    private DictionaryRegistry openBackup() {
        try {
            return DictionaryRegistries.open(all.toString(), Map.of());
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.NOT_FOUND) {
                throw e;
            }
            throw new CliException("Cannot restore from " + all + ": it is not a registry backup (" + e.getMessage()
                    + "; write one with zdict registry export --all DIR); nothing was written");
        }
    }

    private int restore() {
        List<Dictionary> versions;
        int nextVersion;
        List<DictionarySet> sets;
        try (DictionaryRegistry backup = openBackup()) {
            versions = backup.list().stream()
                    .map(info -> backup.get(info.version()))
                    .toList();
            nextVersion = backup.nextVersion();
            sets = BackupSummary.sets(backup, backup.list());
        } catch (ZdictException e) {
            throw new CliException(
                    "Cannot restore from the backup " + all + ": " + e.getMessage() + "; nothing was written", e);
        }
        try (DictionaryRegistry target = registry.openOrCreate()) {
            target.restore(versions, nextVersion, sets);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Restored " + versions.size() + " version(s) from " + all + " into " + registry.display()
                + " with their numbers (active: "
                + BackupSummary.actives(versions.stream().map(Dictionary::info).toList())
                + BackupSummary.setCount(sets) + "; next version number " + nextVersion + ").");
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
