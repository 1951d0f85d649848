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
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.RegistryException;
import org.zdict.registry.support.OwnerOnly;

/**
 * A folder only the user running this JVM can enter: created {@code rwx------}, or, if it exists, checked
 * to be a real folder (not a link) owned by this user with no access for group or others. Another local
 * user who created it first could otherwise read the dictionaries in it, or plant a local copy. On file
 * systems without POSIX permissions (Windows, whose temporary folder is per user) it is only created.
 * {@link #forLocalCopy} prepares the folder of one local copy.
 */
final class PrivateFolder {
    private static final Set<PosixFilePermission> OWNER_ONLY = OwnerOnly.FOLDER;
    private static final Logger LOG = LoggerFactory.getLogger(PrivateFolder.class);
    /** The chosen folders already warned about, so each is named once per JVM. */
    private static final Set<Path> WARNED = ConcurrentHashMap.newKeySet();

    private PrivateFolder() {}

    /**
     * Prepares the folder of a registry's local copy. The default one ({@code chosen} false), one per
     * identity in {@link KafkaRegistryConfig#defaultCacheRoot()}: the root is checked ({@link #ensure}),
     * and the folder is made {@code rwx------} with its files {@code rw-------} (earlier releases wrote them
     * as the umask said). A folder chosen with {@value KafkaRegistryConfig#CACHE_DIR_CONFIG}: created {@code
     * rwx------} if missing, left as it is otherwise, with one WARN per JVM if other users can enter it.
     * A folder that cannot be prepared is left to the local copy, which keeps its dictionaries on the heap
     * if it cannot write them.
     *
     * @throws RegistryException if the default root is not private to this user
     */
    static void forLocalCopy(Path dir, boolean chosen) {
        if (!chosen) {
            ensure(KafkaRegistryConfig.defaultCacheRoot(), KafkaRegistryConfig.CACHE_DIR_CONFIG);
        }
        try {
            if (!chosen || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                OwnerOnly.makeFolder(dir);
                OwnerOnly.restrictFiles(dir);
                return;
            }
            String access = OwnerOnly.othersAccess(dir);
            if (access != null && WARNED.add(dir.toAbsolutePath().normalize())) {
                LOG.warn(
                        "The registry's local copy in {} ({}) can be read by other users ({}): it holds the"
                                + " dictionaries, which hold samples of the data. Make it private (chmod -R go= {}),"
                                + " or leave {} empty for a folder only you can read",
                        dir,
                        KafkaRegistryConfig.CACHE_DIR_CONFIG,
                        access,
                        dir,
                        KafkaRegistryConfig.CACHE_DIR_CONFIG);
            }
        } catch (IOException e) {
            LOG.warn("Cannot make the folder {} of the registry's local copy private: {}", dir, e.toString());
        }
    }

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
