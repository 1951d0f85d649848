package org.zdict.registry.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Folders and files that only their owner can read, for copies of dictionaries (which hold samples of the
 * data) that are private: folders {@code rwx------}, files {@code rw-------}. A file written into a folder
 * that group and others cannot enter is itself written owner-only ({@link #fileAttributesIn}), so a copy
 * of the folder made with its permissions stays private too. On file systems without POSIX permissions
 * (Windows) nothing is set: files and folders get the access their parent folder passes on.
 */
public final class OwnerOnly {
    /** {@code rwx------}. */
    public static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    /** {@code rw-------}. */
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private static final FileAttribute<?>[] NONE = new FileAttribute<?>[0];

    private OwnerOnly() {}

    /** {@return whether {@code path}'s file system has POSIX permissions} */
    public static boolean isPosix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /**
     * Creates {@code dir} {@code rwx------} (missing parents as any folder), or makes an existing one so;
     * on a file system without POSIX permissions only creates it.
     *
     * @throws IOException if it cannot be created or changed
     */
    public static void makeFolder(Path dir) throws IOException {
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (isPosix(dir)) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(FOLDER));
            } else {
                Files.createDirectory(dir);
            }
        }
        if (isPosix(dir)) {
            Files.setPosixFilePermissions(dir, FOLDER); // the umask may have taken some away
        }
    }

    /** Makes every file directly in {@code dir} {@code rw-------} (none on a file system without POSIX). */
    public static void restrictFiles(Path dir) throws IOException {
        if (!isPosix(dir)) {
            return;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path file : (Iterable<Path>) entries::iterator) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    Files.setPosixFilePermissions(file, FILE);
                }
            }
        }
    }

    /**
     * {@return whether group or others have any access to {@code dir}, with the permissions in {@code rwx}
     * form, or null if they have none or the file system has no POSIX permissions}
     */
    public static String othersAccess(Path dir) throws IOException {
        if (!isPosix(dir)) {
            return null;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(dir);
        return FOLDER.containsAll(permissions) ? null : PosixFilePermissions.toString(permissions);
    }

    /**
     * The attributes to create a new file in {@code dir} with: {@code rw-------} when group and others
     * cannot enter {@code dir}, none (the umask decides) otherwise.
     */
    static FileAttribute<?>[] fileAttributesIn(Path dir) throws IOException {
        return isPosix(dir) && othersAccess(dir) == null
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
                : NONE;
    }
}
