package org.zdict.cli.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.cli.CliException;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.RegistryFolder;
import org.zdict.registry.support.VersionTable;

/**
 * {@code zdict registry check} of a folder registry (docs/FORMAT.md): the manifest parses, every version's
 * file is there and matches the manifest's size and SHA-256, no other file claims to be a version, and no
 * one but the owner may change the folder or its files. Reads only.
 */
final class FolderRegistryCheck {
    private static final Set<PosixFilePermission> OTHERS_WRITE =
            Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private final Path dir;

    FolderRegistryCheck(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    /** The findings; a folder that is not a registry is a {@link CliException} (exit 1). */
    List<Finding> run() {
        if (!Files.isDirectory(dir)) {
            throw new CliException("No registry at " + dir + ": no such folder; nothing to check");
        }
        if (!Files.isRegularFile(dir.resolve(RegistryFolder.MANIFEST))) {
            throw new CliException(
                    "No registry at " + dir + ": it has no " + RegistryFolder.MANIFEST + "; nothing to check");
        }
        List<Finding> findings = new ArrayList<>();
        RegistryFolder folder = new RegistryFolder(dir);
        VersionTable table = null;
        try {
            table = folder.readManifest().table();
            findings.add(Finding.ok(RegistryFolder.MANIFEST + " parses: "
                    + table.versions().size() + " versions, next version " + table.nextVersion()));
            table.sets()
                    .forEach((subject, set) -> findings.add(Finding.ok("subject " + subject
                            + "'s dictionary set is whole: " + set.members().size() + " kind(s) by "
                            + set.rule().text()
                            + ", each served by a version of the subject that is not retired, falling back to "
                            + set.fallback())));
        } catch (RegistryException e) {
            findings.add(Finding.problem(e.getMessage()));
        }
        if (table != null) {
            findings.addAll(files(folder, table));
        }
        findings.addAll(permissions());
        return findings;
    }

    /** Every version's file verified; files the manifest does not name. */
    private List<Finding> files(RegistryFolder folder, VersionTable table) {
        List<Finding> findings = new ArrayList<>();
        SortedSet<Integer> verified = new TreeSet<>();
        for (DictionaryInfo info : table.versions().values()) {
            try {
                folder.readVerified(info);
                verified.add(info.version());
            } catch (CorruptDictionaryException e) {
                findings.add(Finding.problem(
                        "version " + info.version() + " (" + info.status().label() + "): " + e.getMessage()));
            } catch (RegistryException e) {
                findings.add(Finding.problem("version " + info.version() + ": " + e.getMessage()));
            }
        }
        if (!verified.isEmpty()) {
            findings.add(Finding.ok(
                    "versions " + verified.stream().map(String::valueOf).collect(Collectors.joining(", "))
                            + ": each file present, its size and SHA-256 those of the manifest"));
        }
        Set<String> expected = new TreeSet<>(Set.of(RegistryFolder.MANIFEST, ".lock"));
        table.versions().keySet().forEach(version -> expected.add(RegistryFolder.fileName(version)));
        for (Path file : entries()) {
            String name = file.getFileName().toString();
            if (expected.contains(name)) {
                continue;
            }
            if (name.startsWith(".tmp-")) {
                findings.add(Finding.note(name + ": left by an interrupted write; readers ignore it"));
            } else if (name.matches("v\\d+\\.dict")) {
                findings.add(Finding.note(name + ": no version of the manifest uses it (a removed version's, or"
                        + " left by an interrupted publish); readers ignore it"));
            } else {
                findings.add(Finding.note(name + ": not a file of the registry; readers ignore it"));
            }
        }
        return findings;
    }

    /** Whether anyone but the owner may change the folder or its files, and whether others may read them. */
    private List<Finding> permissions() {
        List<Path> paths = new ArrayList<>();
        paths.add(dir);
        paths.addAll(entries());
        List<String> writable = new ArrayList<>();
        List<String> readable = new ArrayList<>();
        String owner;
        try {
            owner = Files.getOwner(dir).getName();
            for (Path path : paths) {
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
                String shown =
                        (path.equals(dir) ? dir.toString() : path.getFileName().toString()) + " ("
                                + PosixFilePermissions.toString(permissions) + ")";
                if (permissions.stream().anyMatch(OTHERS_WRITE::contains)) {
                    writable.add(shown);
                } else if (permissions.contains(PosixFilePermission.OTHERS_READ)) {
                    readable.add(shown);
                }
            }
        } catch (UnsupportedOperationException e) {
            return List.of(Finding.note("this file system has no POSIX permissions: check who may write " + dir));
        } catch (IOException e) {
            return List.of(Finding.unknown("cannot read the permissions in " + dir + ": " + e));
        }
        List<Finding> findings = new ArrayList<>();
        if (!writable.isEmpty()) {
            findings.add(Finding.risk("writable by the group or others: " + String.join(", ", writable)
                    + "; whoever may write there can replace or delete dictionaries and the manifest; fix: chmod"
                    + " -R go-w " + dir));
        } else {
            findings.add(Finding.ok("only the owner (" + owner + ") may change the folder and its files"));
        }
        if (!readable.isEmpty()) {
            findings.add(Finding.note("readable by others: " + readable.size() + " of the folder and its "
                    + (paths.size() - 1) + " files; dictionaries hold fragments of the events they were trained on"
                    + " (docs/SECURITY.md); chmod -R o-r " + dir + " if other users must not read them"));
        }
        return findings;
    }

    private List<Path> entries() {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        entries.sort(null);
        return entries;
    }
}
