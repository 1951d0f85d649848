package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/** {@code --codec lz4}: what train, retrain, registry list, inspect and eval do with LZ4 versions. */
class Lz4CodecCommandsTest {
    @TempDir
    static Path dir;

    static Path events;
    static Path lz4Registry;
    static Path lz4Report;
    static Cli.Result lz4Train;

    @BeforeAll
    static void trainForLz4() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 3000, 31);
        lz4Registry = dir.resolve("lz4-registry");
        lz4Report = dir.resolve("lz4-report.json");
        lz4Train = train(lz4Registry, lz4Report, "--codec", "lz4");
        assertEquals(0, lz4Train.exitCode(), lz4Train::toString);
    }

    /** A small grid, published and activated; the CPU ceiling on, so the report has the CPU columns. */
    private static Cli.Result train(Path registry, Path report, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "train",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry.toString(),
                "--activate",
                "--dict-size",
                "2K,4K",
                "--level",
                "1,3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "1000",
                "--report-json",
                report.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(new String[0]));
    }

    private static DictionaryInfo only(Path registry) {
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(1, opened.list().size(), opened.list().toString());
            return opened.list().get(0);
        }
    }

    @Test
    void trainWithCodecLz4PublishesAVersionWhosePayloadsAreLz4BlocksThatRoundTrip() throws IOException {
        DictionaryInfo info = only(lz4Registry);
        assertEquals("lz4", info.metadata().get(DictionaryInfo.Codec.METADATA_KEY), info.metadata()::toString);
        assertTrue(lz4Train.out().contains("codec lz4,"), lz4Train::toString);
        assertTrue(lz4Train.out().contains("Chosen: --codec lz4, among the LZ4 points"), lz4Train::toString);

        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(lz4Registry);
                ZdictCodec codec = ZdictCodec.of(registry)) {
            for (String line : Files.readAllLines(events).subList(0, 50)) {
                byte[] event = line.getBytes(StandardCharsets.UTF_8);
                byte[] payload = codec.compress(event);
                assertEquals(0xD0, payload[0] & 0xFF, "first byte of the payload of " + line);
                assertArrayEquals(event, codec.decompress(payload));
            }
        }
        JsonNode report = new ObjectMapper().readTree(lz4Report.toFile());
        assertEquals("lz4", report.get("codec").asText());
        assertEquals("lz4", report.get("choice").get("codec").asText(), report.toString());
    }

    @Test
    void theDefaultPublishesZstdButReportsTheLz4PointsMarkedWithTheirCodec() throws IOException {
        Path registry = dir.resolve("zstd-registry");
        Path json = dir.resolve("zstd-report.json");
        Cli.Result result = train(registry, json);
        assertEquals(0, result.exitCode(), result::toString);

        assertEquals(DictionaryInfo.Codec.ZSTD, DictionaryInfo.Codec.of(only(registry)));
        assertFalse(result.out().contains("codec lz4,"), result::toString);
        List<String> lz4Rows = result.out()
                .lines()
                .filter(line -> line.matches("\\s*\\*?\\s*lz4\\+dict\\s+\\d.*"))
                .toList();
        // One LZ4 point per dictionary size, none starred, with its CPU against Kafka's lz4.
        assertEquals(2, lz4Rows.size(), result::toString);
        lz4Rows.forEach(row -> assertFalse(row.trim().startsWith("*"), row));
        assertTrue(lz4Rows.get(0).matches(".*\\d+\\.\\d\\dx\\s+(?:\\d+%\\s+)?\\d+\\.\\d\\dx$"), lz4Rows.get(0));
        assertTrue(result.out().contains("only --codec lz4 chooses among them"), result::toString);

        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertEquals("zstd", report.get("choice").get("codec").asText(), report.toString());
        int lz4Points = 0;
        for (JsonNode point : report.get("grid")) {
            if (point.get("codec").asText().equals("lz4")) {
                lz4Points++;
                assertFalse(point.get("chosen").asBoolean(), point.toString());
                assertTrue(point.get("results").get(0).has("decodeCpuVsKafkaLz4"), point.toString());
            }
        }
        assertEquals(2, lz4Points, report.toString());
    }

    @Test
    void anUnknownCodecIsAUsageErrorListingTheKnownOnes() {
        Cli.Result result = Cli.trainTiny(events.toString(), "--codec", "brotli");
        assertEquals(2, result.exitCode(), result::toString);
        assertTrue(result.err().contains("'brotli' is not a codec: expected zstd or lz4"), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    @Test
    void inspectDescribesAnLz4BlockHeader() throws IOException {
        byte[] event = Files.readAllLines(events).get(0).getBytes(StandardCharsets.UTF_8);
        byte[] payload;
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(lz4Registry);
                ZdictCodec codec = ZdictCodec.builder(registry).checksum(true).build()) {
            payload = codec.compress(event);
        }
        Path file = Files.write(dir.resolve("event.zd"), payload);

        Cli.Result result = Cli.run("inspect", file.toString());
        assertEquals(0, result.exitCode(), result::toString);
        String out = result.out();
        assertTrue(out.contains("marker:        0xD0 (LZ4 block compressed with a dictionary)"), out);
        assertTrue(out.contains("version:       1"), out);
        assertTrue(out.contains("content size:  " + event.length + " bytes"), out);
        assertTrue(out.contains("checksum:      yes (CRC-32C, 4 bytes)"), out);
        assertTrue(out.matches("(?s).*dict check:    [0-9a-f]{4} .*"), out);
        assertFalse(out.contains("zstd frame"), out);
    }

    @Test
    void registryListShowsEachVersionsCodec() {
        Cli.Result result = Cli.run("registry", "list", "--registry", lz4Registry.toString());
        assertEquals(0, result.exitCode(), result::toString);
        List<String> lines = result.out().lines().toList();
        assertTrue(lines.get(0).matches(".*level codec .*"), lines.get(0));
        assertTrue(lines.get(1).matches("1 .* lz4 .*"), lines.get(1));

        Cli.Result json = Cli.run("registry", "list", "--json", "--registry", lz4Registry.toString());
        assertTrue(json.out().contains("\"codec\" : \"lz4\""), json::toString);
    }

    @Test
    void evalMeasuresAnLz4VersionAsLz4BlocksAndSaysSo() throws IOException {
        Path fresh = Cli.syntheticEvents(dir, "fresh.jsonl", 500, 32);
        Cli.Result result = Cli.run(
                "eval", "-q", "--registry", lz4Registry.toString(), "--input", fresh.toString(), "--no-candidate");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("codec lz4: LZ4 blocks with the dictionary"), result::toString);

        // The ratio eval prints for batches of 1 is that of the LZ4 payloads the codec writes.
        long raw = 0;
        long compressed = 0;
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(lz4Registry);
                ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            for (String line : Files.readAllLines(fresh)) {
                byte[] event = line.getBytes(StandardCharsets.UTF_8);
                raw += event.length;
                compressed += codec.compress(event).length;
            }
        }
        String expected = String.format(Locale.ROOT, "%-6d  %8.2fx", 1, (double) raw / compressed);
        assertTrue(result.out().contains(expected), expected + " missing: " + result);
    }

    @Test
    void retrainKeepsTheActiveVersionsCodecUnlessAskedForAnother() throws IOException {
        Path registry = dir.resolve("retrain-registry");
        assertEquals(0, train(registry, dir.resolve("r.json"), "--codec", "lz4").exitCode());
        Path logs = RetrainCommandTest.serverLogs(dir.resolve("logs.jsonl"), 3000);

        Cli.Result kept = retrain(registry, logs);
        assertEquals(0, kept.exitCode(), kept::toString);
        assertTrue(kept.out().contains("Decision: promoted"), kept::toString);
        Cli.Result asZstd = retrain(registry, logs, "--codec", "zstd");
        assertEquals(0, asZstd.exitCode(), asZstd::toString);
        assertTrue(asZstd.out().contains("Decision: promoted"), asZstd::toString);

        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            List<DictionaryInfo> versions = opened.list();
            assertEquals(3, versions.size(), versions.toString());
            assertEquals(DictionaryInfo.Codec.LZ4, DictionaryInfo.Codec.of(versions.get(1)), versions.toString());
            assertEquals(DictionaryInfo.Codec.ZSTD, DictionaryInfo.Codec.of(versions.get(2)), versions.toString());
        }
    }

    private static Cli.Result retrain(Path registry, Path input, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "retrain",
                "-q",
                "--input",
                input.toString(),
                "--registry",
                registry.toString(),
                "--dict-size",
                "2K,4K",
                "--level",
                "1",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--min-interval",
                "0"));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(new String[0]));
    }
}
