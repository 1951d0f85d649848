package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;

class PrivateFolderTest {
    @TempDir
    Path temp;

    @Test
    void createsTheFolderReadableByItsUserOnly() throws Exception {
        Path dir = temp.resolve("tmp").resolve("zdict-registry-cache-me");
        PrivateFolder.ensure(dir, "zdict.registry.cache.dir");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        PrivateFolder.ensure(dir, "zdict.registry.cache.dir"); // its own folder, checked and accepted
    }

    @Test
    void refusesAnExistingFolderOtherUsersCanRead() throws Exception {
        Path dir = Files.createDirectory(
                temp.resolve("shared"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        RegistryException e =
                assertThrows(RegistryException.class, () -> PrivateFolder.ensure(dir, "zdict.registry.cache.dir"));
        assertTrue(
                e.getMessage().contains(dir + " for the registry's local copy can be read by other users (rwxr-xr-x)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("set zdict.registry.cache.dir"), e.getMessage());
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)), "left as it was");
    }

    @Test
    void refusesALinkPlantedInItsPlace() throws Exception {
        Path elsewhere = Files.createDirectory(
                temp.resolve("elsewhere"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path link = Files.createSymbolicLink(temp.resolve("zdict-registry-cache-me"), elsewhere);
        RegistryException e =
                assertThrows(RegistryException.class, () -> PrivateFolder.ensure(link, "zdict.registry.cache.dir"));
        assertTrue(e.getMessage().contains("is not a folder (a link or a file)"), e.getMessage());
    }
}
