package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.engine.CpuCeiling;
import org.zdict.engine.GridSettings;
import org.zdict.engine.HoldoutFrom;
import org.zdict.engine.Objective;
import org.zdict.engine.input.OnError;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

class TrainCommandTest {
    @TempDir
    static Path dir;

    static Path events;

    @BeforeAll
    static void writeEvents() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 3000, 7);
    }

    @Test
    void publishesAndActivatesTheChoiceWithItsMetadata() throws IOException {
        Path registry = dir.resolve("registry-activate");
        Path report = dir.resolve("report.json");
        Path chart = dir.resolve("chart.png");
        Cli.Result result = Cli.run(
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
                "0",
                "--report-json",
                report.toString(),
                "--chart",
                chart.toString());

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("Chosen: objective balanced"), result::toString);
        for (String codec : new String[] {"lz4", "snappy", "gzip", "zstd-1", "zstd-3", "zstd+dict"}) {
            assertTrue(result.out().contains(codec), codec + " missing: " + result);
        }
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            DictionaryInfo info = opened.list().get(0);
            assertEquals(DictionaryInfo.Status.ACTIVE, info.status());
            assertEquals("2400", info.metadata().get("samples"));
            assertTrue(Double.parseDouble(info.metadata().get("heldOutRatio")) > 1);
            assertTrue(Double.parseDouble(info.metadata().get("lz4Ratio")) > 0);
            assertEquals(Integer.toString(info.level()), info.metadata().get("level"));
            assertTrue(info.metadata().containsKey("dictSize"));
        }
        String json = Files.readString(report);
        assertTrue(json.contains("\"objective\" : \"balanced\""), json);
        assertTrue(json.contains("\"chosen\" : true"), json);
        byte[] png = Files.readAllBytes(chart);
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }

    @Test
    void publishesWithoutActivatingByDefault() {
        Path registry = dir.resolve("registry-available");
        Cli.Result result = Cli.run(
                "train",
                "-q",
                events.toString(),
                "--registry",
                registry.toString(),
                "--dict-size",
                "2K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("(available"), result::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertTrue(opened.activeVersion().isEmpty());
        }
    }

    @Test
    void reusesAnIdenticalVersionInsteadOfPublishingItAgain() {
        Path registry = dir.resolve("registry-repeat");
        String[] args = {
            "train",
            "-q",
            events.toString(),
            "--registry",
            registry.toString(),
            "--dict-size",
            "2K",
            "--level",
            "1",
            "--min-mbps",
            "0",
            "--activate"
        };
        assertEquals(0, Cli.run(args).exitCode());
        Cli.Result again = Cli.run(args);
        assertEquals(0, again.exitCode(), again::toString);
        assertTrue(again.out().contains("Same dictionary as existing version 1"), again::toString);
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            assertEquals(1, opened.list().size());
        }
    }

    @Test
    void readsGzipZstdArraysAndConcatenatedJson() throws IOException {
        String lines = Files.readString(events);
        Path gzip = dir.resolve("events.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
            out.write(lines.getBytes(StandardCharsets.UTF_8));
        }
        Path zstd = dir.resolve("events.zst");
        try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(zstd))) {
            out.write(lines.getBytes(StandardCharsets.UTF_8));
        }
        Path array = dir.resolve("array.json");
        Files.writeString(array, "[\n" + String.join(",\n", lines.strip().split("\n")) + "\n]\n");
        Path concatenated = dir.resolve("concatenated.json");
        Files.writeString(concatenated, lines.replace("\n", "  "));
        for (Path input : new Path[] {gzip, zstd, array, concatenated}) {
            Cli.Result result =
                    Cli.run("train", "-q", input.toString(), "--dict-size", "2K", "--level", "1", "--min-mbps", "0");
            assertEquals(0, result.exitCode(), input + ": " + result);
            assertTrue(result.out().startsWith("Read 3,000 events"), input + ": " + result);
        }
    }

    @Test
    void readsStandardInput() throws IOException {
        java.io.InputStream original = System.in;
        try {
            System.setIn(Files.newInputStream(events));
            Cli.Result result = Cli.run("train", "-q", "-", "--dict-size", "1K", "--level", "1", "--min-mbps", "0");
            assertEquals(0, result.exitCode(), result::toString);
            assertTrue(result.out().startsWith("Read 3,000 events ("), result::toString);
            assertTrue(result.out().contains("from <stdin>"), result::toString);
        } finally {
            System.setIn(original);
        }
    }

    @Test
    void readsFoldersRecursively() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder/sub"));
        Cli.syntheticEvents(folder, "a.jsonl", 600, 1);
        Cli.syntheticEvents(folder.getParent(), "b.jsonl", 400, 2);
        Cli.Result result = Cli.run(
                "train",
                "-q",
                "-i",
                folder.getParent().toString(),
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("Read 1,000 events"), result::toString);
    }

    @Test
    void boundsTheSample() {
        Cli.Result result = Cli.run(
                "train",
                "-q",
                events.toString(),
                "--max-samples",
                "500",
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("Trained on 400 sampled events"), result::toString);
        assertTrue(result.out().contains("evaluated on 100 held-out events"), result::toString);
    }

    @Test
    void failsOnAMalformedEventNamingFileAndLine() throws IOException {
        Path broken = dir.resolve("broken.jsonl");
        String lines = Files.readString(events);
        int third = lines.indexOf('\n', lines.indexOf('\n') + 1) + 1;
        Files.writeString(broken, lines.substring(0, third) + "{\"truncated\": \n" + lines.substring(third));
        Cli.Result result = Cli.run("train", "-q", broken.toString(), "--dict-size", "1K", "--level", "1");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("Malformed event in " + broken + " at line 3"), result::toString);
        assertTrue(result.err().contains("--on-error skip"), result::toString);

        Cli.Result skipped = Cli.run(
                "train",
                "-q",
                broken.toString(),
                "--on-error",
                "skip",
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, skipped.exitCode(), skipped::toString);
        assertTrue(skipped.err().contains("skipped: Malformed event in " + broken + " at line 3"), skipped::toString);
        assertTrue(skipped.out().startsWith("Read 3,000 events"), skipped::toString);
        assertTrue(skipped.out().contains("skipped 1 malformed"), skipped::toString);
    }

    @Test
    void rejectsBadValuesNamingThem() {
        String input = events.toString();
        assertUsage(Cli.run("train", input, "--dict-size", "64Q"), "64Q");
        assertUsage(Cli.run("train", input, "--dict-size", "100"), "100");
        assertUsage(Cli.run("train", input, "--level", "0"), "level 0");
        assertUsage(Cli.run("train", input, "--level", "99"), "99");
        assertUsage(Cli.run("train", input, "--holdout", "150%"), "150%");
        assertUsage(Cli.run("train", input, "--batch", "0"), "0");
        assertUsage(Cli.run("train", input, "--objective", "fastest"), "[RATIO, BALANCED, SPEED]");
        assertUsage(Cli.run("train", input, "--objective", "fastest"), "'fastest'");
        assertUsage(Cli.run("train", input, "--on-error", "ignore"), "[FAIL, SKIP]");
        assertUsage(Cli.run("train", input, "--on-error", "ignore"), "'ignore'");
        assertUsage(Cli.run("train", input, "--max-samples", "3"), "3");
        assertUsage(Cli.run("train", input, "--max-cpu-vs-lz4", "-1"), "'--max-cpu-vs-lz4': -1.0");
        assertUsage(Cli.run("train", input, "--producer-batch", "0"), "'--producer-batch': 0");
        assertUsage(Cli.run("train", input, "--activate"), "--activate needs --registry");
        assertUsage(Cli.run("train"), "Missing input");
        assertUsage(Cli.run("train", input, "--registry", "s3://bucket/x"), "s3://bucket/x");
        assertUsage(Cli.run("train", input, "--registry", "kafka://nohost/topic"), "nohost");
    }

    @Test
    void failsOnMissingOrEmptyInput() throws IOException {
        Cli.Result missing = Cli.run("train", dir.resolve("absent.jsonl").toString());
        assertEquals(1, missing.exitCode(), missing::toString);
        assertTrue(missing.err().contains("No such file"), missing::toString);

        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "");
        Cli.Result none = Cli.run("train", empty.toString());
        assertEquals(1, none.exitCode(), none::toString);
        assertTrue(none.err().contains("Too few events"), none::toString);
    }

    @Test
    void reportsWhenNoGridPointReachesTheSpeedFloor() {
        Cli.Result result = Cli.run(
                "train", "-q", events.toString(), "--dict-size", "1K", "--level", "1", "--min-mbps", "1000000000");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("no grid point compresses at the --min-mbps floor"), result::toString);
    }

    /**
     * A ceiling every point meets changes nothing; one that no point meets takes the point that costs the
     * least CPU per event (or the best ratio within the tolerance of it), and says what the
     * choice without the ceiling would have cost.
     */
    @Test
    void recordsWhatTheBalancedChoiceCostsAgainstKafkasLz4() throws IOException {
        JsonNode loose = trainUnderCeiling("1000000", "loose");
        JsonNode cpu = loose.get("choice").get("cpu");
        assertTrue(cpu.get("met").asBoolean(), cpu.toString());
        assertEquals(0, cpu.get("ratioGivenUp").asDouble(), cpu.toString());
        assertEquals(4, cpu.get("kafkaLz4").get("batch").asInt(), cpu.toString());
        assertEquals(
                loose.get("choice").get("level").asInt(),
                cpu.get("withoutCeiling").get("level").asInt());
        assertEquals(
                loose.get("choice").get("dictSize").asInt(),
                cpu.get("withoutCeiling").get("dictSize").asInt());
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(dir.resolve("reg-loose"))) {
            Map<String, String> metadata = opened.list().get(0).metadata();
            assertEquals("0.0000", metadata.get("ratioGivenUp"), metadata::toString);
            assertTrue(Double.parseDouble(metadata.get("cpuVsKafkaLz4")) > 0, metadata::toString);
        }

        // Each grid point says whether its figure meets the ceiling: all of them under a loose one, none under
        // a tight one.
        loose.get("grid")
                .forEach(point -> assertTrue(point.get("meetsCpuCeiling").asBoolean(), point::toString));
        JsonNode tight = trainUnderCeiling("0.000001", "tight");
        tight.get("grid")
                .forEach(point -> assertFalse(point.get("meetsCpuCeiling").asBoolean(), point::toString));
        assertTrue(tight.get("choice").get("reason").asText().startsWith("no grid point compresses within 0.00x"));
        assertTrue(tight.get("choice").get("reason").asText().contains("the CPU ceiling is not met"));
        assertFalse(tight.get("choice").get("cpu").get("met").asBoolean());
        JsonNode chosen = null;
        for (JsonNode point : tight.get("grid")) {
            if (point.get("chosen").asBoolean()) {
                chosen = point;
            }
        }
        assertEquals(chosen.get("level"), tight.get("choice").get("level"), tight.toString());
        assertEquals(chosen.get("dictSize"), tight.get("choice").get("dictSize"), tight.toString());
        // The least CPU per event, as measured side by side with Kafka's lz4, or the best ratio within the
        // tolerance of it, among the zstd points (the LZ4 points are reported, not chosen).
        List<JsonNode> zstdPoints = new ArrayList<>();
        tight.get("grid").forEach(point -> {
            if (point.get("codec").asText().equals("zstd")) {
                zstdPoints.add(point);
            }
        });
        JsonNode least = zstdPoints.get(0);
        for (JsonNode point : zstdPoints) {
            least = cpuVsKafkaLz4(point) < cpuVsKafkaLz4(least) ? point : least;
        }
        // The report rounds figures to 3 decimals: alike within that when chosen, clearly alike to count.
        assertTrue(alike(chosen, least, 1e-3), tight.toString());
        for (JsonNode point : zstdPoints) {
            if (alike(point, least, -1e-3)) {
                assertTrue(ratio(chosen) >= ratio(point), tight.toString());
            }
        }
    }

    /**
     * Whether {@code point} cannot be told apart in CPU from {@code least}: over it by no more than the
     * ceiling's tolerance, give or take {@code slack}.
     */
    private static boolean alike(JsonNode point, JsonNode least, double slack) {
        return cpuVsKafkaLz4(point) <= cpuVsKafkaLz4(least) * (1 + CpuCeiling.TOLERANCE) + slack;
    }

    /** A grid point's CPU per event against Kafka's lz4 on the first batch size, which the ceiling judges. */
    private static double cpuVsKafkaLz4(JsonNode point) {
        return point.get("results").get(0).get("cpuVsKafkaLz4").asDouble();
    }

    private static double ratio(JsonNode point) {
        return point.get("results").get(0).get("ratio").asDouble();
    }

    private static JsonNode trainUnderCeiling(String maxCpuVsLz4, String name) throws IOException {
        Path report = dir.resolve("report-" + name + ".json");
        Cli.Result result = Cli.run(
                "train",
                "-q",
                events.toString(),
                "--registry",
                dir.resolve("reg-" + name).toString(),
                "--dict-size",
                "2K,4K",
                "--level",
                "1,3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                maxCpuVsLz4,
                "--report-json",
                report.toString());
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("Kafka lz4's CPU per event"), result::toString);
        return new ObjectMapper().readTree(report.toFile());
    }

    private static void assertUsage(Cli.Result result, String named) {
        assertEquals(2, result.exitCode(), result::toString);
        assertTrue(result.err().contains(named), "expected '" + named + "' in: " + result);
        assertEquals(1, result.err().strip().lines().count(), result::toString);
    }

    /**
     * The latest fifth of the input is a new kind of event: held out with --holdout-from latest, it is
     * what the estimate is made on, and the dictionary published afterwards must know it too.
     */
    @Test
    void holdoutFromLatestEstimatesOnTheNewestEventsAndPublishesADictionaryThatKnowsThem() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            lines.append(i < 1_500 ? oldKind(i) : newKind(i)).append('\n');
        }
        Path input = dir.resolve("schema-change.jsonl");
        Files.writeString(input, lines);
        Path registry = dir.resolve("registry-latest");
        Cli.Result result = Cli.run(
                "train",
                "-q",
                "--input",
                input.toString(),
                "--registry",
                registry.toString(),
                "--activate",
                "--holdout-from",
                "latest",
                "--dict-size",
                "4K",
                "--level",
                "3",
                "--min-mbps",
                "0");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("Retrained 4K L3 on all 2000 sampled events"), result::toString);

        byte[] dictionary;
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry)) {
            dictionary = opened.get(1).content();
        }
        long raw = 0;
        long compressed = 0;
        try (ZstdDictCompress digested = new ZstdDictCompress(dictionary, 3);
                ZstdCompressCtx context = new ZstdCompressCtx().loadDict(digested)) {
            for (int i = 2_000; i < 2_200; i++) {
                byte[] event = newKind(i).getBytes(StandardCharsets.UTF_8);
                raw += event.length;
                compressed += context.compress(event).length;
            }
        }
        assertTrue(raw > 2 * compressed, "the new kind compresses only " + (double) raw / compressed + "x");
    }

    @Test
    void rejectsAnUnknownHoldoutChoice() {
        Cli.Result result = Cli.run("train", "-q", "--input", events.toString(), "--holdout-from", "oldest");
        assertEquals(2, result.exitCode(), result::toString);
        assertTrue(
                result.err().contains("expected one of [RANDOM, LATEST] (case-insensitive) but was 'oldest'"),
                result::toString);
    }

    @Test
    void acceptsChoicesInAnyCase() {
        TrainCommand train =
                parse("train", "x.jsonl", "--objective", "Speed", "--holdout-from", "LATEST", "--on-error", "skip");
        assertEquals(Objective.SPEED, train.training.objective);
        assertEquals(HoldoutFrom.LATEST, train.training.holdoutFrom);
        assertEquals(OnError.SKIP, train.training.sampling.onError);
    }

    @Test
    void helpListsTheChoicesAsTyped() {
        Cli.Result help = Cli.run("train", "--help");
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("How to choose: ratio, balanced, speed (default: balanced)."), help::toString);
        assertTrue(text.contains("Which events to hold out (random, latest):"), help::toString);
        assertTrue(text.contains("On a malformed event (fail, skip):"), help::toString);
    }

    /** What demo trains with is what train runs with when given no options. */
    @Test
    void demoTrainsWithTrainsDefaults() {
        TrainingOptions train = parse("train", "x.jsonl").training;
        TrainingOptions demo = TrainingOptions.defaults();
        assertEquals(train.grid(), demo.grid());
        assertEquals(
                new GridSettings(
                        java.util.List.of(16 << 10, 64 << 10, 112 << 10, 256 << 10, 512 << 10),
                        java.util.List.of(1, 3, 5),
                        java.util.List.of(1, 4),
                        Objective.BALANCED,
                        100,
                        Runtime.getRuntime().availableProcessors(),
                        4,
                        1.0,
                        org.zdict.registry.DictionaryInfo.Codec.ZSTD,
                        org.zdict.engine.SplitBy.AUTO),
                demo.grid());
        assertEquals(0.2, demo.holdout);
        assertEquals(HoldoutFrom.RANDOM, demo.holdoutFrom);
        assertEquals(200_000, demo.sampling.maxSamples);
        assertEquals(32L << 20, demo.sampling.maxSampleBytes);
        assertEquals(1, demo.sampling.seed);
        assertEquals(OnError.FAIL, demo.sampling.onError);
        assertEquals(train.holdout, demo.holdout);
        assertEquals(train.sampling.maxSamples, demo.sampling.maxSamples);
        assertEquals(train.sampling.maxSampleBytes, demo.sampling.maxSampleBytes);
        assertEquals(train.sampling.seed, demo.sampling.seed);
    }

    private static TrainCommand parse(String... args) {
        picocli.CommandLine.ParseResult parsed = ZdictCommand.commandLine().parseArgs(args);
        return (TrainCommand) parsed.subcommand().commandSpec().userObject();
    }

    private static String oldKind(int i) {
        return String.format(
                "{\"page\":\"Article_%d\",\"editor\":\"user%d\",\"namespace\":\"Main\",\"added\":%d}",
                i % 500, i % 90, i * 7 % 4000);
    }

    private static String newKind(int i) {
        return String.format(
                "{\"_path\":\"dns\",\"uid\":\"C%08x\",\"query\":\"host%d.example.internal\","
                        + "\"qtype_name\":\"AAAA\",\"rcode_name\":\"NOERROR\"}",
                i * 2_654_435_761L, i % 700);
    }
}
