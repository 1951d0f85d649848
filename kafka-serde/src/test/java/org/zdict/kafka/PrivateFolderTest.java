package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

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

    private static String permissions(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void theDefaultLocalCopyIsPrivateAndSoAreTheFilesAnEarlierReleaseLeftInIt() throws Exception {
        String tmp = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", temp.toString());
        try {
            Path copy = KafkaRegistryConfig.defaultCacheDir("b:9092", "_zdict", Map.of());
            // as an earlier release left it: the folder and its files as the umask said
            Files.createDirectories(copy);
            Files.setPosixFilePermissions(copy.getParent(), PosixFilePermissions.fromString("rwx------"));
            Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path old = Files.writeString(copy.resolve("manifest.json"), "{}");
            Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rw-r--r--"));

            PrivateFolder.forLocalCopy(copy, false);
            assertEquals("rwx------", permissions(copy));
            assertEquals("rw-------", permissions(old));

            Path fresh = KafkaRegistryConfig.defaultCacheDir("b:9092", "other", Map.of());
            PrivateFolder.forLocalCopy(fresh, false);
            assertEquals("rwx------", permissions(fresh));
            // what the local copy writes there later (folder-registry layout) is owner-only too
            try (DictionaryRegistry written = DictionaryRegistries.openFolder(fresh)) {
                written.publish(TestDictionaries.trained(1), 3, Map.of());
            }
            assertEquals("rw-------", permissions(fresh.resolve("v000001.dict")));
            assertEquals("rw-------", permissions(fresh.resolve("manifest.json")));
        } finally {
            System.setProperty("java.io.tmpdir", tmp);
        }
    }

    @Test
    void aChosenFolderIsCreatedPrivateAndOneOthersCanReadIsWarnedAboutOnce() throws Exception {
        Path missing = temp.resolve("chosen").resolve("copy");
        assertEquals("", LoggedWarnings.of(() -> PrivateFolder.forLocalCopy(missing, true)));
        assertEquals("rwx------", permissions(missing));

        Path shared = Files.createDirectory(
                temp.resolve("shared-copy"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-x---")));
        String log = LoggedWarnings.of(() -> {
            PrivateFolder.forLocalCopy(shared, true);
            PrivateFolder.forLocalCopy(shared, true);
        });
        assertEquals(1, log.lines().filter(l -> l.contains("WARN")).count(), log);
        assertTrue(
                log.contains("The registry's local copy in " + shared + " (zdict.registry.cache.dir) can be read by"
                        + " other users (rwxr-x---): it holds the dictionaries, which hold samples of the data. Make"
                        + " it private (chmod -R go= " + shared + "), or leave zdict.registry.cache.dir empty for a"
                        + " folder only you can read"),
                log);
        assertEquals("rwxr-x---", permissions(shared), "a chosen folder is left as it is");
        // files written into a folder others can enter keep the umask's permissions, as any folder registry's
        try (DictionaryRegistry written = DictionaryRegistries.openFolder(shared)) {
            written.publish(TestDictionaries.trained(1), 3, Map.of());
        }
        Path probe = Files.createFile(shared.resolve("probe"));
        assertEquals(permissions(probe), permissions(shared.resolve("v000001.dict")), "the umask decides there");
    }
}
