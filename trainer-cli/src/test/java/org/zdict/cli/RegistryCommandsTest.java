package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

class RegistryCommandsTest {
    @TempDir
    static Path dir;

    static Path registry;

    @BeforeAll
    static void trainTwoVersions() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 3);
        registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        Path other = Cli.syntheticEvents(dir, "other.jsonl", 2000, 4);
        assertEquals(0, Cli.trainSmall(other, registry).exitCode());
    }

    private static String reg() {
        return registry.toString();
    }

    @Test
    void listsVersionsAsATableAndAsJson() {
        Cli.Result table = Cli.run("registry", "list", "--registry", reg());
        assertEquals(0, table.exitCode(), table::toString);
        assertTrue(table.out().startsWith("version"), table::toString);
        assertTrue(table.out().contains("active"), table::toString);

        Cli.Result json = Cli.run("registry", "list", "--registry", reg(), "--json");
        assertEquals(0, json.exitCode(), json::toString);
        assertTrue(json.out().strip().startsWith("["), json::toString);
        assertTrue(json.out().contains("\"version\" : 1"), json::toString);
        assertTrue(json.out().contains("\"status\" : \""), json::toString);
        assertTrue(json.out().contains("\"level\" : "), json::toString);
        assertTrue(json.out().contains("\"heldOutRatio\""), json::toString);
    }

    @Test
    void activatesAndRetiresVersions() {
        Cli.Result activate = Cli.run("registry", "activate", "1", "--registry", reg());
        assertEquals(0, activate.exitCode(), activate::toString);
        assertEquals("Version 1 is now active.", activate.out().strip());

        Cli.Result retireActive = Cli.run("registry", "retire", "1", "--registry", reg());
        assertEquals(1, retireActive.exitCode(), retireActive::toString);
        assertEquals(1, retireActive.err().strip().lines().count(), retireActive::toString);

        assertEquals(
                0, Cli.run("registry", "activate", "2", "--registry", reg()).exitCode());
        Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", reg());
        assertEquals(0, retire.exitCode(), retire::toString);
        Cli.Result activateRetired = Cli.run("registry", "activate", "1", "--registry", reg());
        assertEquals(1, activateRetired.exitCode(), activateRetired::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(2, opened.activeVersion().getAsInt());
        }
    }

    @Test
    void refusesUnknownVersions() {
        Cli.Result result = Cli.run("registry", "activate", "99", "--registry", reg());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("99"), result::toString);
        Cli.Result notANumber = Cli.run("registry", "activate", "two", "--registry", reg());
        assertEquals(2, notANumber.exitCode(), notANumber::toString);
        assertTrue(notANumber.err().contains("two"), notANumber::toString);
    }

    @Test
    void exportsAndImportsRawDictionaries() throws IOException {
        Path exported = dir.resolve("v2.dict");
        Cli.Result export = Cli.run("registry", "export", "2", "-o", exported.toString(), "--registry", reg());
        assertEquals(0, export.exitCode(), export::toString);

        Path other = dir.resolve("imported-registry");
        Cli.Result imported = Cli.run(
                "registry",
                "import",
                exported.toString(),
                "--level",
                "3",
                "--activate",
                "--registry",
                other.toString());
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(imported.out().contains("as version 1 (active)"), imported::toString);
        try (DictionaryRegistry a = DictionaryRegistries.openFolder(registry);
                DictionaryRegistry b = DictionaryRegistries.openFolder(other)) {
            assertArrayEquals(a.get(2).content(), b.get(1).content());
            assertEquals(3, b.get(1).info().level());
        }

        Cli.Result missing = Cli.run("registry", "export", "42", "-o", exported.toString(), "--registry", reg());
        assertEquals(1, missing.exitCode(), missing::toString);
    }

    @Test
    void refusesToImportWhatIsNotADictionary() throws IOException {
        Path junk = Files.writeString(dir.resolve("junk.dict"), "not a dictionary at all");
        Cli.Result result = Cli.run(
                "registry",
                "import",
                junk.toString(),
                "--registry",
                dir.resolve("r2").toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("is not a zstd dictionary"), result::toString);
        Cli.Result badLevel = Cli.run(
                "registry",
                "import",
                junk.toString(),
                "--level",
                "0",
                "--registry",
                dir.resolve("r2").toString());
        assertEquals(2, badLevel.exitCode(), badLevel::toString);
    }

    @Test
    void aBadRegistryLocationIsAOneLineUsageErrorNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        String[][] cases = {
            {"s3://bucket/reg", "unknown scheme 's3://'; give a folder path, classpath:FOLDER or kafka://"},
            {"kafka://broker/_zdict", "'broker' is not HOST:PORT"},
            {file.toString(), "is a file, not a folder"}
        };
        for (String[] bad : cases) {
            for (String command : new String[] {"list", "import"}) {
                Cli.Result result = command.equals("list")
                        ? Cli.run("registry", "list", "--registry", bad[0])
                        : Cli.run(
                                "registry",
                                "import",
                                registry.resolve("v000001.dict").toString(),
                                "--registry",
                                bad[0]);
                assertEquals(2, result.exitCode(), result::toString);
                assertEquals(1, result.err().strip().lines().count(), result::toString);
                assertTrue(
                        result.err().startsWith("zdict registry " + command + ": Registry location '" + bad[0] + "': "),
                        result::toString);
                assertTrue(result.err().contains(bad[1]), result::toString);
            }
        }
    }

    @Test
    void readsAClasspathRegistryButRefusesToChangeIt() throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (java.net.URLClassLoader loader =
                new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, previous)) {
            Thread.currentThread().setContextClassLoader(loader);
            Cli.Result list = Cli.run("registry", "list", "--registry", "classpath:registry");
            assertEquals(0, list.exitCode(), list::toString);
            assertTrue(list.out().contains("active"), list::toString);
            Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", "classpath:registry");
            assertEquals(1, retire.exitCode(), retire::toString);
            assertTrue(retire.err().contains("classpath:registry is read-only"), retire::toString);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    @Test
    void failsOnAMissingRegistry() {
        Cli.Result result =
                Cli.run("registry", "list", "--registry", dir.resolve("nothing").toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("No registry at"), result::toString);
        Cli.Result noOption = Cli.run("registry", "list");
        assertEquals(2, noOption.exitCode(), noOption::toString);
        assertTrue(noOption.err().contains("--registry"), noOption::toString);
    }
}
