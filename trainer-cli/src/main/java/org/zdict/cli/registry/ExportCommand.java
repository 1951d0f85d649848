package org.zdict.cli.registry;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.zdict.cli.CliException;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.OwnerOnly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code zdict registry export}: the raw zstd dictionary of a version, for {@code zstd -D} ({@code export
 * N -o FILE}), or a backup of the whole registry ({@code export --all DIR}): every version with its number,
 * status and times, and the next number, in a new folder that is itself a folder registry, readable by
 * its owner only.
 */
@Command(
        name = "export",
        description = "Write a version's raw zstd dictionary (usable with zstd -D), or back up every version"
                + " with --all DIR.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(
            paramLabel = "VERSION",
            arity = "0..1",
            description = "The version number (or --all DIR for every version).")
    Integer version;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Where to write VERSION's dictionary.")
    Path output;

    @Option(
            names = "--all",
            paramLabel = "DIR",
            description = "Back up every version (bytes, subject, level, metadata, status, times, active"
                    + " versions) and the next version number into DIR, a new or empty folder made readable by"
                    + " you only; the backup is a folder registry, restored with zdict registry import --all DIR.")
    Path all;

    @Mixin
    SubjectOption subject;

    @Override
    public Integer call() throws IOException {
        if ((version == null) == (all == null)) {
            throw new ParameterException(
                    spec.commandLine(), "Give either VERSION (with -o FILE) or --all DIR, not " + given());
        }
        String done;
        if (all != null) {
            if (output != null || subject.given()) {
                throw new ParameterException(
                        spec.commandLine(), "--all DIR backs up every version of every subject: drop -o and --subject");
            }
            refuseNonEmpty(all);
            try (DictionaryRegistry source = registry.openExisting()) {
                done = backUp(source);
            }
        } else {
            if (output == null) {
                throw new ParameterException(spec.commandLine(), "Missing required option: '--output=FILE'");
            }
            subject.name();
            try (DictionaryRegistry source = registry.openExisting()) {
                done = exportOne(source);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(done);
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    private String given() {
        return version == null ? "neither" : "both";
    }

    private String exportOne(DictionaryRegistry source) throws IOException {
        if (subject.given()) {
            subject.requireVersion(source, version);
        }
        byte[] content = source.get(version).content();
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(output, content);
        return "Wrote version " + version + " (" + content.length + " bytes) to " + output;
    }

    /**
     * Reads every version (each checked against its SHA-256) and the next number, then writes the backup
     * into a folder only this user can read ({@link OwnerOnly}): the dictionaries hold samples of the data.
     */
    private String backUp(DictionaryRegistry source) throws IOException {
        List<DictionaryInfo> listed = source.list();
        List<Dictionary> versions = listed.stream()
                .map(info -> new Dictionary(info, source.get(info.version()).content()))
                .toList();
        int nextVersion = source.nextVersion();
        List<DictionarySet> sets = BackupSummary.sets(source, listed);
        OwnerOnly.makeFolder(all);
        try (DictionaryRegistry backup = DictionaryRegistries.openFolder(all)) {
            backup.restore(versions, nextVersion, sets);
        }
        OwnerOnly.restrictFiles(all); // the files are written owner-only; the registry's empty lock file too
        return "Backed up " + versions.size() + " version(s) of " + registry.display() + " to " + all
                + " (active: " + BackupSummary.actives(listed) + BackupSummary.setCount(sets) + "; next version number "
                + nextVersion
                + "). Restore with: zdict registry import --all " + all + " --registry TARGET";
    }

    /** Refuses a folder that holds anything, or a path that is a file: a backup is never mixed into another. */
    private static void refuseNonEmpty(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new CliException("Cannot back up into " + dir + ": it is a file; give a new or empty folder");
        }
        try (Stream<Path> entries = Files.list(dir)) {
            List<String> names = entries.map(p -> p.getFileName().toString())
                    .sorted()
                    .limit(3)
                    .toList();
            if (!names.isEmpty()) {
                throw new CliException("Cannot back up into " + dir + ": it is not empty (it holds "
                        + String.join(", ", names) + (names.size() == 3 ? ", ..." : "")
                        + "); give a new or empty folder, so that a backup is never mixed with other files");
            }
        }
    }
}
