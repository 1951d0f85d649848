package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/** {@code --subject} on every command that names one, and {@code zdict registry subjects}. */
class SubjectCommandsTest {
    @TempDir
    Path dir;

    private Path registry;
    private Path events;
    private Path otherEvents;

    @BeforeEach
    void trainIntoTwoSubjects() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 1500, 3);
        otherEvents = Cli.syntheticEvents(dir, "other.jsonl", 1500, 4);
        registry = dir.resolve("registry");
        train(events, "default");
        train(otherEvents, "orders-value");
    }

    private void train(Path input, String subject) {
        Cli.Result result = Cli.trainTiny(
                "--input", input.toString(), "--registry", registry.toString(), "--activate", "--subject", subject);
        assertEquals(0, result.exitCode(), result::toString);
    }

    private String reg() {
        return registry.toString();
    }

    private List<DictionaryInfo> versions() {
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            return opened.list();
        }
    }

    @Test
    void trainPublishesAndActivatesIntoItsSubjectOnly() {
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(1), opened.activeVersion());
            assertEquals(OptionalInt.of(2), opened.activeVersion("orders-value"));
            assertEquals("orders-value", opened.info(2).orElseThrow().subject());
        }
        train(events, "orders-value");
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(3, opened.list().size(), "the same bytes in another subject are a new version");
            assertEquals(OptionalInt.of(3), opened.activeVersion("orders-value"));
            assertEquals(OptionalInt.of(1), opened.activeVersion());
        }
    }

    @Test
    void listShowsASubjectColumnFiltersBySubjectAndHasASubjectFieldInJson() {
        Cli.Result table = Cli.run("registry", "list", "--registry", reg());
        assertEquals(0, table.exitCode(), table::toString);
        List<String> lines = table.out().lines().toList();
        assertTrue(lines.get(0).matches("version +subject +status.*"), table::toString);
        assertTrue(lines.get(1).matches("1 +default +active .*"), table::toString);
        assertTrue(lines.get(2).matches("2 +orders-value +active .*"), table::toString);

        Cli.Result filtered = Cli.run("registry", "list", "--registry", reg(), "--subject", "orders-value");
        assertEquals(0, filtered.exitCode(), filtered::toString);
        assertEquals(2, filtered.out().lines().count(), filtered::toString);
        assertTrue(filtered.out().lines().toList().get(1).startsWith("2 "), filtered::toString);

        Cli.Result json = Cli.run("registry", "list", "--registry", reg(), "--json");
        assertEquals(0, json.exitCode(), json::toString);
        assertTrue(json.out().contains("\"subject\" : \"default\""), json::toString);
        assertTrue(json.out().contains("\"subject\" : \"orders-value\""), json::toString);
        assertEquals(2, json.out().split("\"subject\"", -1).length - 1, json::toString);
    }

    @Test
    void subjectsListsEachSubjectWithItsActiveVersionAndCount() throws IOException {
        Path imported = dir.resolve("v1.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "--registry", reg(), "-o", imported.toString())
                        .exitCode());
        Cli.Result imports =
                Cli.run("registry", "import", imported.toString(), "--registry", reg(), "--subject", "payments");
        assertEquals(0, imports.exitCode(), imports::toString);
        assertEquals(
                "Imported " + imported + " as version 3 of subject payments (available).",
                imports.out().strip());

        Cli.Result subjects = Cli.run("registry", "subjects", "--registry", reg());
        assertEquals(0, subjects.exitCode(), subjects::toString);
        List<String> lines = subjects.out().lines().toList();
        assertEquals(4, lines.size(), subjects::toString);
        assertTrue(lines.get(0).matches("subject +active +versions"), subjects::toString);
        assertTrue(lines.get(1).matches("default +1 +1"), subjects::toString);
        assertTrue(lines.get(2).matches("orders-value +2 +1"), subjects::toString);
        assertTrue(lines.get(3).matches("payments +- +1"), subjects::toString);

        Cli.Result json = Cli.run("registry", "subjects", "--registry", reg(), "--json");
        assertEquals(0, json.exitCode(), json::toString);
        assertTrue(json.out().contains("\"subject\" : \"payments\",\n  \"active\" : null"), json::toString);
    }

    @Test
    void activateAndRetireActOnlyOnVersionsOfTheSubjectNamed() {
        Cli.Result wrong = Cli.run("registry", "retire", "2", "--registry", reg());
        assertEquals(1, wrong.exitCode(), wrong::toString);
        assertTrue(wrong.err().contains("belongs to subject 'orders-value', not 'default'"), wrong::toString);

        train(events, "orders-value");
        Cli.Result activate = Cli.run("registry", "activate", "2", "--registry", reg(), "--subject", "orders-value");
        assertEquals(0, activate.exitCode(), activate::toString);
        assertEquals(
                "Version 2 is now active for subject orders-value.",
                activate.out().strip());
        Cli.Result retire = Cli.run("registry", "retire", "3", "--registry", reg(), "--subject", "orders-value");
        assertEquals(0, retire.exitCode(), retire::toString);
        Cli.Result mismatch = Cli.run(
                "registry",
                "export",
                "1",
                "--registry",
                reg(),
                "--subject",
                "orders-value",
                "-o",
                dir.resolve("x.dict").toString());
        assertEquals(1, mismatch.exitCode(), mismatch::toString);
        assertFalse(Files.exists(dir.resolve("x.dict")));
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(1), opened.activeVersion());
            assertEquals(OptionalInt.of(2), opened.activeVersion("orders-value"));
        }
    }

    @Test
    void anUnknownSubjectIsAnErrorListingTheKnownOnes() {
        for (List<String> command : List.of(
                List.of("registry", "list", "--registry", reg(), "--subject", "nope"),
                List.of("compress", "--registry", reg(), "--subject", "nope", "-i", events.toString()),
                List.of("eval", "--registry", reg(), "--subject", "nope", "--input", events.toString()))) {
            Cli.Result result = Cli.run(command.toArray(new String[0]));
            assertEquals(1, result.exitCode(), result::toString);
            assertTrue(
                    result.err().contains("Unknown subject 'nope'")
                            && result.err().contains("its subjects are default, orders-value"),
                    result::toString);
        }
    }

    @Test
    void anInvalidSubjectNameIsAUsageErrorBeforeAnythingIsWritten() {
        Path fresh = dir.resolve("fresh");
        Cli.Result result = Cli.trainTiny(
                "--input", events.toString(), "--registry", fresh.toString(), "--subject", "orders/value");
        assertEquals(2, result.exitCode(), result::toString);
        assertTrue(result.err().contains("'orders/value'") && result.err().contains("a-zA-Z0-9._-"), result::toString);
        assertFalse(Files.exists(fresh.resolve("manifest.json")));
        Cli.Result imports =
                Cli.run("registry", "import", events.toString(), "--registry", reg(), "--subject", "with space");
        assertEquals(2, imports.exitCode(), imports::toString);
        assertEquals(2, versions().size());
    }

    @Test
    void compressUsesTheActiveVersionOfTheSubjectAndEvalMeasuresIt() throws IOException {
        Path out = dir.resolve("payload.zd");
        Cli.Result compress = Cli.run(
                "compress",
                "--registry",
                reg(),
                "--subject",
                "orders-value",
                "-i",
                otherEvents.toString(),
                "-o",
                out.toString());
        assertEquals(0, compress.exitCode(), compress::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry);
                ZdictCodec codec = ZdictCodec.builder(opened).build()) {
            byte[] payload = Files.readAllBytes(out);
            assertEquals(2, PayloadPrefix.read(payload, 0, payload.length).version());
            assertArrayEquals(Files.readAllBytes(otherEvents), codec.decompress(payload));
        }
        Cli.Result eval = Cli.run(
                "eval", "-q", "--registry", reg(), "--subject", "orders-value", "--input", otherEvents.toString());
        assertEquals(0, eval.exitCode(), eval::toString);
        assertTrue(eval.out().startsWith("Version 2 "), eval::toString);
    }
}
