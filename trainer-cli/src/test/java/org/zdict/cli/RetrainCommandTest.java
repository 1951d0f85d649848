package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine;

/** {@code zdict retrain}: each decision, what it changes in the registry, and its report. */
class RetrainCommandTest {
    @TempDir
    Path dir;

    private Path registry;
    private Path clicks;
    private Path moreClicks;
    private Path logs;

    @BeforeEach
    void activeVersionTrainedOnClicks() throws IOException {
        registry = dir.resolve("registry");
        clicks = Cli.syntheticEvents(dir, "clicks.jsonl", 3000, 1);
        moreClicks = Cli.syntheticEvents(dir, "more-clicks.jsonl", 3000, 2);
        logs = serverLogs(dir.resolve("logs.jsonl"), 3000);
        Cli.Result trained = Cli.trainSmall(clicks, registry);
        assertEquals(0, trained.exitCode(), trained.toString());
    }

    /** Events of another kind than the synthetic clicks: a drift no dictionary of clicks serves well. */
    static Path serverLogs(Path file, int count) throws IOException {
        Random random = new Random(5);
        String[] levels = {"INFO", "WARN", "ERROR", "DEBUG"};
        String[] messages = {"connection reset by peer", "upstream timed out", "request served", "cache miss"};
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add("{\"@timestamp\":\"2026-11-30T10:" + (10 + i % 50) + ":" + (10 + i % 49) + "."
                    + random.nextInt(1000) + "Z\",\"host\":\"srv-" + random.nextInt(40) + ".eu-west-1.internal\","
                    + "\"level\":\"" + levels[random.nextInt(levels.length)] + "\",\"logger\":\"io.netty.handler\","
                    + "\"message\":\"" + messages[random.nextInt(messages.length)] + "\",\"latency_us\":"
                    + random.nextInt(90000) + ",\"http\":{\"method\":\"GET\",\"path\":\"/api/v2/orders/"
                    + random.nextInt(100000) + "\",\"status\":" + (random.nextInt(10) == 0 ? 503 : 200) + "}}");
        }
        Files.write(file, lines);
        return file;
    }

    private Cli.Result retrain(Path events, String... more) {
        return Cli.run(retrainArguments(events, "report.json", more));
    }

    private String[] retrainArguments(Path events, String report, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "retrain",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry.toString(),
                "--dict-size",
                "2K,4K",
                "--level",
                "1,3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--report-json",
                dir.resolve(report).toString()));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    private JsonNode report() throws IOException {
        return new ObjectMapper().readTree(dir.resolve("report.json").toFile());
    }

    private List<DictionaryInfo> versions() {
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            return r.list();
        }
    }

    @Test
    void keepsTheActiveVersionWhenEventsOfTheSameKindGiveNoGain() throws IOException {
        Cli.Result result = retrain(moreClicks, "--min-interval", "0");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("kept", report.get("decision").asText(), result.toString());
        assertTrue(report.get("reason").asText().contains("less than --min-gain 5%"), report.toString());
        assertEquals("gain_below_min_gain", report.get("rule").asText(), report.toString());
        assertEquals("closest", report.get("candidate").get("role").asText(), report.toString());
        assertTrue(
                report.get("reason")
                        .asText()
                        .startsWith("grid point "
                                + report.get("candidate").get("grid").asText()),
                report.toString());
        assertEquals(1, report.get("active").get("version").asInt());
        assertTrue(report.get("gain").asDouble() < 0.05, report.toString());
        assertEquals(600, report.get("samples").get("holdoutEvents").asInt());
        assertEquals(1, versions().size());
        assertTrue(result.out().contains("Decision: kept"), result.out());
    }

    @Test
    void promotesACandidateClearlyBetterOnDriftedEventsAndRecordsWhen() throws IOException {
        Cli.Result result = retrain(logs, "--min-interval", "0");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("promoted", report.get("decision").asText(), result.toString());
        assertTrue(report.get("gain").asDouble() >= 0.05, report.toString());
        assertTrue(
                report.get("candidate").get("ratio").asDouble()
                        > report.get("active").get("ratio").asDouble(),
                report.toString());
        assertEquals(2, report.get("candidate").get("version").asInt());
        assertEquals("chosen", report.get("candidate").get("role").asText(), report.toString());
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(2), r.activeVersion());
            assertEquals(
                    report.get("candidate").get("level").asInt(),
                    r.info(2).orElseThrow().level(),
                    "the grid point judged is the one published");
            assertTrue(r.info(2).orElseThrow().activatedAt().isPresent());
            assertEquals(
                    DictionaryInfo.Status.AVAILABLE, r.info(1).orElseThrow().status(), "kept to roll back to");
        }
    }

    @Test
    void keepsTheActiveVersionWithinMinIntervalOfItsActivationEvenWhenTheCandidateIsBetter() throws IOException {
        Cli.Result result = retrain(logs);
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("kept", report.get("decision").asText());
        assertTrue(report.get("reason").asText().contains("--min-interval 6h"), report.toString());
        assertTrue(report.get("gain").asDouble() >= 0.05, report.toString());
        assertTrue(report.get("times").has("nextPromotionAfter"), report.toString());
        assertEquals(1, versions().size());
    }

    @Test
    void aDryRunDecidesButPublishesNothing() throws IOException {
        Cli.Result result = retrain(logs, "--min-interval", "0", "--dry-run");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("promoted", report().get("decision").asText());
        assertTrue(report().get("dryRun").asBoolean());
        assertEquals(1, versions().size());
        assertTrue(result.out().contains("dry run"), result.out());
    }

    @Test
    void publishOnlyPublishesWithoutActivating() throws IOException {
        Cli.Result result = retrain(logs, "--min-interval", "0", "--publish-only");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("published", report().get("decision").asText());
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(1), r.activeVersion());
            assertEquals(
                    DictionaryInfo.Status.AVAILABLE, r.info(2).orElseThrow().status());
        }
    }

    @Test
    void aSubjectWithNoActiveVersionIsComparedWithPlainZstd() throws IOException {
        Cli.Result result = retrain(logs, "--subject", "logs", "--create");
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("promoted", report.get("decision").asText(), result.toString());
        assertTrue(report.get("active").get("version").isNull(), report.toString());
        assertEquals(
                "zstd-" + report.get("active").get("level").asInt(),
                report.get("active").get("comparedWith").asText());
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(2), r.activeVersion("logs"));
            assertEquals(OptionalInt.of(1), r.activeVersion());
        }
    }

    @Test
    void promotingRetiresTheVersionsBeforeThePreviousOne() throws IOException {
        assertEquals(0, retrain(logs, "--min-interval", "0").exitCode());
        Cli.Result back = retrain(clicks, "--min-interval", "0");
        assertEquals("promoted", report().get("decision").asText(), back.toString());
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(3), r.activeVersion());
            assertEquals(
                    DictionaryInfo.Status.AVAILABLE, r.info(2).orElseThrow().status());
            assertEquals(DictionaryInfo.Status.RETIRED, r.info(1).orElseThrow().status());
            assertTrue(r.info(1).orElseThrow().retiredAt().isPresent());
        }
        assertEquals(List.of(1), List.of(report().get("retired").get(0).asInt()));
    }

    @Test
    void aWorseCandidateIsNeverActivatedEvenWithNoMinGain() throws IOException {
        // A tiny dictionary trained on a few dozen events cannot match the active 2K-4K one.
        Cli.Result result = Cli.run(
                "retrain",
                "-q",
                "--input",
                moreClicks.toString(),
                "--registry",
                registry.toString(),
                "--max-samples",
                "40",
                "--dict-size",
                "256",
                "--level",
                "1",
                "--min-mbps",
                "0",
                "--min-gain",
                "0",
                "--min-interval",
                "0",
                "--report-json",
                dir.resolve("report.json").toString());
        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("kept", report.get("decision").asText(), result.toString());
        assertTrue(report.get("gain").asDouble() < 0, report.toString());
        assertEquals(1, versions().size());
    }

    @Test
    void refusesAnUnknownSubjectListingTheKnownOnes() {
        Cli.Result result = retrain(logs, "--subject", "orders");
        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().contains("its subjects are default"), result.err());
        assertTrue(result.err().contains("--create"), result.err());
        assertFalse(Files.exists(dir.resolve("report.json")));
    }

    @Test
    void refusesAMissingRegistryWithoutCreatingIt() {
        registry = dir.resolve("nowhere");
        Cli.Result result = retrain(logs);
        assertEquals(1, result.exitCode(), result.toString());
        assertFalse(Files.exists(registry));
    }

    @Test
    void aPromotionThatLandsBetweenTheDecisionAndTheActivationWinsAndThisRunKeepsItsCandidateAvailable()
            throws IOException {
        CommandLine commandLine = ZdictCommand.commandLine();
        RetrainCommand command = commandLine.getSubcommands().get("retrain").getCommand();
        int[] theirs = {0};
        // Another scheduler promotes its own version after this run decided to replace version 1.
        command.beforeActivation = () -> {
            try (DictionaryRegistry other = DictionaryRegistries.openFolder(registry)) {
                theirs[0] = other.publish(other.get(1).content(), 1, Map.of()).version();
                other.activate(theirs[0]);
            }
        };

        Cli.Result result = Cli.run(commandLine, retrainArguments(logs, "report.json", "--min-interval", "0"));

        assertEquals(0, result.exitCode(), result.toString());
        JsonNode report = report();
        assertEquals("kept", report.get("decision").asText(), report.toString());
        String reason = report.get("reason").asText();
        assertTrue(reason.contains("changed from version 1 to version " + theirs[0]), reason);
        assertTrue(reason.contains("version 2 was published and stays available, not active"), reason);
        assertEquals(2, report.get("candidate").get("version").asInt(), report.toString());
        assertEquals(0, report.get("retired").size(), report.toString());
        assertEquals(3, theirs[0]);
        assertEquals(
                List.of(DictionaryInfo.Status.AVAILABLE, DictionaryInfo.Status.AVAILABLE, DictionaryInfo.Status.ACTIVE),
                versions().stream().map(DictionaryInfo::status).toList());
        assertTrue(result.out().contains("Version 2 of subject default is published, available."), result.out());
    }

    @Test
    void ofTwoRetrainsRacingToReplaceTheSameActiveVersionOnlyOnePromotes() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Cli.Result> first =
                    pool.submit(() -> Cli.run(retrainArguments(logs, "first.json", "--min-interval", "0")));
            Future<Cli.Result> second =
                    pool.submit(() -> Cli.run(retrainArguments(logs, "second.json", "--min-interval", "0")));
            assertEquals(
                    0, first.get(120, TimeUnit.SECONDS).exitCode(), first.get().toString());
            assertEquals(
                    0,
                    second.get(120, TimeUnit.SECONDS).exitCode(),
                    second.get().toString());
        } finally {
            pool.shutdownNow();
        }
        ObjectMapper json = new ObjectMapper();
        JsonNode a = json.readTree(dir.resolve("first.json").toFile());
        JsonNode b = json.readTree(dir.resolve("second.json").toFile());
        List<String> decisions = new ArrayList<>(
                List.of(a.get("decision").asText(), b.get("decision").asText()));
        decisions.sort(null);
        assertEquals(List.of("kept", "promoted"), decisions, a + "\n" + b);
        JsonNode promoted = a.get("decision").asText().equals("promoted") ? a : b;
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(registry)) {
            assertEquals(OptionalInt.of(promoted.get("candidate").get("version").asInt()), r.activeVersion());
            assertEquals(
                    1,
                    r.list().stream()
                            .filter(info -> info.status() == DictionaryInfo.Status.ACTIVE)
                            .count());
        }
    }

    @Test
    void refusesMinGainOutsideZeroToOneHundredPercentAsUsage() {
        Cli.Result result = retrain(logs, "--min-gain", "150%");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("150%"), result.err());
        Cli.Result negative = retrain(logs, "--min-gain", "-5%");
        assertEquals(2, negative.exitCode(), negative.toString());
        assertTrue(negative.err().contains("'-5%' must be between 0% and 100%"), negative.err());
        Cli.Result word = retrain(logs, "--min-gain", "lots");
        assertEquals(2, word.exitCode(), word.toString());
        assertTrue(word.err().contains("'lots' is not a percentage"), word.err());
        Cli.Result interval = retrain(logs, "--min-interval", "soon");
        assertEquals(2, interval.exitCode(), interval.toString());
    }
}
