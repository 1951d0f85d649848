package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/** {@code registry activate --route --kind}, and sets in {@code list}, {@code export}, {@code import} and {@code check}. */
class DictionarySetCommandsTest {
    @TempDir
    Path dir;

    private Path registry;

    @BeforeEach
    void publishThreeVersions() throws IOException {
        registry = dir.resolve("registry");
        for (int i = 0; i < 3; i++) {
            Path events = Cli.syntheticEvents(dir, "events" + i + ".jsonl", 1500, 3 + i);
            Cli.Result result = Cli.trainTiny("--input", events.toString(), "--registry", registry.toString());
            assertEquals(0, result.exitCode(), result::toString);
        }
    }

    private Cli.Result activateSet(String... kinds) {
        List<String> args = new ArrayList<>(
                List.of("registry", "activate", "1", "--registry", registry.toString(), "--route", "field:type"));
        for (String kind : kinds) {
            args.add("--kind");
            args.add(kind);
        }
        return Cli.run(args.toArray(String[]::new));
    }

    private Optional<DictionarySet> activeSet() {
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            return opened.activeSet("default");
        }
    }

    @Test
    void activatesASetListsItAndReplacesItByOneVersion() {
        Cli.Result activated = activateSet("click=2", "purchase=3");
        assertEquals(0, activated.exitCode(), activated::toString);
        assertTrue(
                activated.out().contains("field:type, click -> 2, purchase -> 3, every other event -> 1"),
                activated::toString);
        assertEquals(
                Optional.of(
                        new DictionarySet(new DictionarySet.Rule.Field("type"), 1, Map.of("click", 2, "purchase", 3))),
                activeSet());

        Cli.Result list = Cli.run("registry", "list", "--registry", registry.toString());
        assertTrue(list.out().contains("Subject default routes by a dictionary set: field:type"), list::toString);
        Cli.Result json = Cli.run("registry", "list", "--registry", registry.toString(), "--json");
        assertTrue(json.out().contains("\"route\" : \"field:type\""), json::toString);
        assertTrue(json.out().contains("\"kinds\" : [ \"click\" ]"), json::toString);

        Cli.Result single = Cli.run("registry", "activate", "2", "--registry", registry.toString());
        assertEquals(0, single.exitCode(), single::toString);
        assertEquals(Optional.empty(), activeSet());
    }

    @Test
    void refusesBadSetArgumentsAndChangesNothing() {
        for (String[] args : new String[][] {
            {"registry", "activate", "1", "--registry", registry.toString(), "--kind", "a=2"},
            {"registry", "activate", "1", "--registry", registry.toString(), "--route", "field:type"},
            {"registry", "activate", "1", "--registry", registry.toString(), "--route", "bogus", "--kind", "a=2"},
            {"registry", "activate", "1", "--registry", registry.toString(), "--route", "shape", "--kind", "a=2"},
            {"registry", "activate", "1", "--registry", registry.toString(), "--route", "field:type", "--kind", "a"},
            {"registry", "activate", "1", "--registry", registry.toString(), "--route", "field:type", "--kind", "a=9"},
        }) {
            Cli.Result result = Cli.run(args);
            assertTrue(result.exitCode() != 0, result::toString);
            assertEquals(1, result.err().lines().count(), result::toString);
            assertTrue(result.err().startsWith("zdict registry activate: "), result::toString);
        }
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.empty(), opened.activeVersion());
            assertEquals(Optional.empty(), opened.activeSet("default"));
        }
    }

    @Test
    void aBackupKeepsTheSetAndCheckFindsItWhole() throws IOException {
        assertEquals(0, activateSet("click=2").exitCode());
        Path backup = dir.resolve("backup");
        Cli.Result export =
                Cli.run("registry", "export", "--all", backup.toString(), "--registry", registry.toString());
        assertEquals(0, export.exitCode(), export::toString);
        assertTrue(export.out().contains("1 dictionary set"), export::toString);
        Path restored = dir.resolve("restored");
        Cli.Result restore =
                Cli.run("registry", "import", "--all", backup.toString(), "--registry", restored.toString());
        assertEquals(0, restore.exitCode(), restore::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(restored)) {
            assertEquals(activeSet(), opened.activeSet("default"));
        }
        Cli.Result check = Cli.run("registry", "check", "--registry", restored.toString());
        assertTrue(check.out().contains("dictionary set is whole: 1 kind(s) by field:type"), check::toString);
    }

    @Test
    void aManifestWhoseSetNamesARetiredVersionIsRefusedByName() throws IOException {
        assertEquals(0, activateSet("click=2").exitCode());
        Path manifest = registry.resolve("manifest.json");
        String text = Files.readString(manifest);
        Files.writeString(
                manifest,
                text.replace("\"click\" : 2", "\"click\" : 3")
                        .replaceFirst("(\"version\" : 3,[^}]*\"status\" : )\"available\"", "$1\"retired\""));
        Cli.Result list = Cli.run("registry", "list", "--registry", registry.toString());
        assertTrue(list.exitCode() != 0, list::toString);
        assertTrue(list.err().contains("kind 'click'") && list.err().contains("retired"), list::toString);
    }
}
