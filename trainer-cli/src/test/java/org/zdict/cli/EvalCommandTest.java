package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalCommandTest {
    @Test
    void samplesFiftyThousandEventsAndSixteenMegabytesByDefaultWhereTrainSamplesMore() {
        picocli.CommandLine.ParseResult parsed =
                ZdictCommand.commandLine().parseArgs("eval", "-r", "registry", "-i", "events.jsonl");
        EvalCommand eval = (EvalCommand) parsed.subcommand().commandSpec().userObject();
        assertEquals(50_000, eval.sampling.maxSamples);
        assertEquals(16L << 20, eval.sampling.maxSampleBytes);
        TrainingOptions train = TrainingOptions.defaults();
        assertEquals(200_000, train.sampling.maxSamples);
        assertEquals(32L << 20, train.sampling.maxSampleBytes);
        String help = ZdictCommand.commandLine().getSubcommands().get("eval").getUsageMessage();
        assertTrue(help.contains("(default: 50000)"), help);
    }

    @TempDir
    static Path dir;

    static Path registry;
    static Path events;

    @BeforeAll
    static void train() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 3000, 11);
        registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
    }

    @Test
    void reportsNoDriftOnSimilarEvents() throws IOException {
        Path fresh = Cli.syntheticEvents(dir, "fresh.jsonl", 1000, 12);
        Cli.Result result = Cli.run("eval", "-q", "--registry", registry.toString(), "--input", fresh.toString());
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("At training: "), result::toString);
        assertTrue(result.out().contains("No drift beyond 10%"), result::toString);
        assertTrue(result.out().contains("lz4"), result::toString);
        assertTrue(result.out().contains("trained on the older 800 events"), result::toString);
        assertTrue(result.out().contains("a retrain would not pay now"), result::toString);
    }

    @Test
    void warnsWhenTheEventsHaveDrifted() throws IOException {
        Random random = new Random(5);
        StringBuilder other = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            other.append("{\"sensor\":\"s")
                    .append(random.nextInt(1000))
                    .append("\",\"reading\":")
                    .append(random.nextDouble())
                    .append(",\"unit\":\"kelvin\",\"ok\":")
                    .append(random.nextBoolean())
                    .append("}\n");
        }
        Path drifted = Files.writeString(dir.resolve("drifted.jsonl"), other);
        Cli.Result result =
                Cli.run("eval", "-q", "--registry", registry.toString(), drifted.toString(), "--dict-version", "1");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.err().contains("WARNING: version 1 compresses this data"), result::toString);
        assertTrue(result.err().contains("a retrain is due"), result::toString);
        assertTrue(result.out().contains("Quick candidate"), result::toString);
        assertTrue(result.out().contains("a retrain would likely pay"), "a quick candidate beats it: " + result);

        Cli.Result failing =
                Cli.run("eval", "-q", "--registry", registry.toString(), drifted.toString(), "--fail-on-drift");
        assertEquals(1, failing.exitCode(), failing::toString);
    }

    @Test
    void judgesAnImportedVersionWithoutTrainingRatioAgainstPlainZstd() throws IOException {
        Random random = new Random(9);
        java.util.List<byte[]> hex = new java.util.ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            StringBuilder line = new StringBuilder("\"");
            for (int c = 0; c < 200; c++) {
                line.append(Character.forDigit(random.nextInt(16), 16));
            }
            hex.add(line.append('"').toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Path foreign = Files.write(dir.resolve("foreign.dict"), org.zdict.engine.DictionaryTrainer.train(hex, 4096, 3));
        Path imported = dir.resolve("imported-registry");
        assertEquals(
                0,
                Cli.run("registry", "import", foreign.toString(), "--activate", "--registry", imported.toString())
                        .exitCode());
        Cli.Result result =
                Cli.run("eval", "-q", "--registry", imported.toString(), events.toString(), "--fail-on-drift");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.out().contains("compared with plain zstd-3 instead"), result::toString);
        assertTrue(result.err().contains("no better than plain zstd-3"), result::toString);
    }

    @Test
    void failsWithoutAVersionToEvaluate() throws IOException {
        Path empty = dir.resolve("empty-registry");
        assertEquals(
                0,
                Cli.run(
                                "train",
                                "-q",
                                events.toString(),
                                "--registry",
                                empty.toString(),
                                "--dict-size",
                                "1K",
                                "--level",
                                "1",
                                "--min-mbps",
                                "0")
                        .exitCode());
        Cli.Result result = Cli.run("eval", "-q", "--registry", empty.toString(), events.toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("No active version"), result::toString);
        Cli.Result missingInput = Cli.run("eval", "--registry", registry.toString());
        assertEquals(2, missingInput.exitCode(), missingInput::toString);
    }

    @Test
    void withoutSubjectInARegistryOfOtherSubjectsNamesThem() throws IOException {
        Path other = dir.resolve("other-subject-registry");
        assertEquals(
                0,
                Cli.run(
                                "train",
                                "-q",
                                events.toString(),
                                "--registry",
                                other.toString(),
                                "--subject",
                                "orders-value",
                                "--activate",
                                "--dict-size",
                                "1K",
                                "--level",
                                "1",
                                "--min-mbps",
                                "0")
                        .exitCode());
        Cli.Result result = Cli.run("eval", "-q", "--registry", other.toString(), events.toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("'default'") && result.err().contains("orders-value"), result::toString);
        Cli.Result chosen =
                Cli.run("eval", "-q", "--registry", other.toString(), events.toString(), "--subject", "orders-value");
        assertEquals(0, chosen.exitCode(), chosen::toString);
    }
}
