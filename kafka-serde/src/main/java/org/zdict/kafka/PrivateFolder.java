package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;
import org.zdict.RegistryException;

/**
 * A folder only the user running this JVM can enter: created {@code rwx------}, or, if it exists, checked
 * to be a real folder (not a link) owned by this user with no access for group or others. Another local
 * user who created it first could otherwise read the dictionaries in it, or plant a local copy. On file
 * systems without POSIX permissions (Windows, whose temporary folder is per user) it is only created.
 */
final class PrivateFolder {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private PrivateFolder() {}

    /**
     * Creates {@code dir} (and missing parents) private to this user, or checks the existing one.
     *
     * @param setting the setting that chooses another folder, for the message
     * @throws RegistryException naming the folder and what is wrong with it
     */
    static void ensure(Path dir, String setting) {
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        try {
            if (dir.getParent() != null) {
                Files.createDirectories(dir.getParent());
            }
            if (posix) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                Files.setPosixFilePermissions(dir, OWNER_ONLY); // the umask may have taken some away
            } else {
                Files.createDirectory(dir);
            }
            return;
        } catch (FileAlreadyExistsException e) {
            // checked below
        } catch (IOException e) {
            throw new RegistryException(
                    "Cannot create the folder " + dir + " for the registry's local copy (" + e.getMessage() + "); set "
                            + setting + " to a folder of yours",
                    e);
        }
        if (!posix) {
            return;
        }
        try {
            PosixFileAttributes attributes =
                    Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            UserPrincipal me = dir.getFileSystem()
                    .getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
            String problem = !attributes.isDirectory()
                    ? "is not a folder (a link or a file)"
                    : !attributes.owner().equals(me)
                            ? "belongs to " + attributes.owner().getName() + ", not to " + me.getName()
                            : !OWNER_ONLY.containsAll(attributes.permissions())
                                    ? "can be read by other users ("
                                            + PosixFilePermissions.toString(attributes.permissions()) + ")"
                                    : null;
            if (problem != null) {
                throw new RegistryException("The folder " + dir + " for the registry's local copy " + problem
                        + ": the local copy holds samples of the data, so zdict keeps it in a folder only you can"
                        + " read; remove that folder, or set " + setting + " to a folder of yours");
            }
        } catch (IOException e) {
            throw new RegistryException(
                    "Cannot check the folder " + dir + " for the registry's local copy (" + e.getMessage() + ")", e);
        }
    }
}
