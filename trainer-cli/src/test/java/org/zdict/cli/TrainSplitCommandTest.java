package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;

/** {@code zdict train --split-by}: what it refuses, and the set it publishes when a split pays. */
class TrainSplitCommandTest {
    @TempDir
    Path dir;

    private Path events(List<byte[]> events) throws Exception {
        Path file = dir.resolve("events.jsonl");
        StringBuilder text = new StringBuilder();
        events.forEach(e -> text.append(new String(e, StandardCharsets.UTF_8)).append('\n'));
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aHeaderRuleIsRefusedBeforeAnyWorkAndNamesWhatToDo() throws Exception {
        Path file = events(SampleEvents.synthetic(500, 1));
        Path registry = dir.resolve("registry");
        Cli.Result result =
                Cli.run("train", "-q", file.toString(), "-r", registry.toString(), "--split-by", "header:ce_type");
        assertEquals(ZdictCommand.EXIT_USAGE, result.exitCode(), result::toString);
        assertTrue(result.err().contains("registry activate N --route header:ce_type"), result::toString);
        assertFalse(Files.exists(registry), "nothing is created");
    }

    @Test
    void anUnknownSplitNamesTheAcceptedForms() throws Exception {
        Path file = events(SampleEvents.synthetic(500, 1));
        Cli.Result result = Cli.run("train", "-q", file.toString(), "--split-by", "type");
        assertEquals(ZdictCommand.EXIT_USAGE, result.exitCode(), result::toString);
        assertTrue(result.err().contains("expected auto, none, shape, field:NAME"), result::toString);
        assertEquals(
                1,
                result.err()
                        .strip()
                        .lines()
                        .filter(l -> l.contains("field:NAME"))
                        .count(),
                result::toString);
    }

    /** On part of the Zeek dump: the split by log type pays and becomes the active set. Skipped without the data. */
    @Test
    void aSplitThatPaysIsPublishedAndActivatedAsOneSet() throws Exception {
        Optional<Path> data = SampleEvents.sharedDataDir();
        assumeTrue(data.isPresent(), "../shared/data is not present");
        Path file = events(SampleEvents.readLines(data.get().resolve("zeek_network_logs.jsonl"), 12_000));
        Path registry = dir.resolve("registry");
        Path report = dir.resolve("report.json");
        Cli.Result result = Cli.run(
                "train",
                "-q",
                file.toString(),
                "-r",
                registry.toString(),
                "--activate",
                "--dict-size",
                "64K",
                "--level",
                "3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--split-by",
                "field:_path",
                "--report-json",
                report.toString());

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("Chosen: field:_path"), result::toString);
        assertTrue(result.out().contains("Published a set routed by field:_path"), result::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            DictionarySet set = opened.activeSet(org.zdict.registry.DictionaryInfo.DEFAULT_SUBJECT)
                    .orElseThrow();
            assertEquals("field:_path", set.rule().text());
            assertEquals(set.fallback(), opened.activeVersion().getAsInt());
            assertTrue(set.members().containsKey("dns"), set.toString());
        }
        assertEquals("field:_path", chosenSplit(report));
        Cli.Result list = Cli.run("registry", "list", "-r", registry.toString());
        assertTrue(list.out().contains("field:_path"), list::toString);
    }

    private static String chosenSplit(Path report) throws Exception {
        try (JsonParser json = new JsonFactory().createParser(report.toFile())) {
            int depth = 0;
            boolean inSplit = false;
            for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
                if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    depth++;
                } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                    depth--;
                } else if (token == JsonToken.FIELD_NAME && depth == 1) {
                    inSplit = json.currentName().equals("split");
                } else if (token == JsonToken.FIELD_NAME
                        && depth == 2
                        && inSplit
                        && json.currentName().equals("chosen")) {
                    json.nextToken();
                    return json.getValueAsString();
                }
            }
        }
        return null;
    }
}
