package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that must not become a published dictionary, and inputs that must not shrink the sample. */
class TrainRefusalsTest {
    @TempDir
    Path dir;

    @Test
    void refusesAFolderOfBinaryFilesAndPublishesNothing() throws IOException {
        Path binaries = Files.createDirectories(dir.resolve("binaries"));
        Random random = new Random(3);
        for (int i = 0; i < 20; i++) {
            byte[] noise = new byte[20_000];
            random.nextBytes(noise);
            Files.write(binaries.resolve("blob-" + i + ".bin"), noise);
        }
        Path registry = dir.resolve("registry");
        Cli.Result result = Cli.trainTiny(
                binaries.toString(), "--on-error", "skip", "--registry", registry.toString(), "--activate");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("of the input was skipped"), result::toString);
        assertTrue(result.err().contains("nothing was trained or published"), result::toString);
        assertFalse(Files.exists(registry.resolve("manifest.json")), "a registry was written");
    }

    @Test
    void skipsAnOversizedEventWithoutShrinkingTheSample() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 3000, 11);
        String lines = Files.readString(events);
        int middle = lines.indexOf('\n', lines.length() / 2) + 1;
        String huge = "{\"blob\":\"" + "x".repeat(3 << 20) + "\"}\n";
        Path withHuge = Files.writeString(
                dir.resolve("with-huge.jsonl"), lines.substring(0, middle) + huge + lines.substring(middle));
        Cli.Result result = Cli.trainTiny(withHuge.toString(), "--max-sample-bytes", "2M");
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().startsWith("Read 3,000 events"), result::toString);
        assertTrue(result.out().contains("skipped 1 over 1 MiB"), result::toString);
        assertTrue(result.out().contains("Trained on 2,400 sampled events"), result::toString);
        assertTrue(result.err().contains("skipped 1 event(s) (1 larger than 1 MiB)"), result::toString);
        assertEquals(3000, lines.lines().count());
        assertTrue(huge.getBytes(StandardCharsets.UTF_8).length > 2 << 20);
    }

    @Test
    void namesATruncatedGzipFileAndHowFarReadingGot() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 3000, 13);
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(events));
        }
        byte[] whole = gz.toByteArray();
        Path truncated = Files.write(dir.resolve("cut.jsonl.gz"), java.util.Arrays.copyOf(whole, whole.length / 2));
        Cli.Result result = Cli.run("train", "-q", truncated.toString(), "--dict-size", "1K", "--level", "1");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("Cannot read " + truncated + " after "), result::toString);
        assertTrue(result.err().contains("is the file truncated or damaged?"), result::toString);
        assertFalse(result.err().contains("\tat "), "a stack trace: " + result);
    }

    @Test
    void checksEveryOutputBeforeTrainingAndLeavesTheRegistryAsItWas() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 17);
        Path registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        byte[] manifest = Files.readAllBytes(registry.resolve("manifest.json"));
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        for (String[] output : new String[][] {
            {"--report-json", notAFolder.resolve("report.json").toString()},
            {"--chart", notAFolder.resolve("chart.png").toString()},
            {"--chart", dir.toString()}
        }) {
            Cli.Result result = Cli.trainTiny(
                    events.toString(), "--registry", registry.toString(), "--activate", output[0], output[1]);
            assertEquals(1, result.exitCode(), result::toString);
            assertTrue(result.err().contains("Cannot write " + output[0]), result::toString);
            assertEquals("", result.out(), "trained before checking its outputs: " + result);
            assertTrue(java.util.Arrays.equals(manifest, Files.readAllBytes(registry.resolve("manifest.json"))));
        }
        try (var files = Files.list(notAFolder.getParent())) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(".zdict-")), "temporary files left");
        }
    }

    @Test
    void refusesAReadOnlyOrCorruptRegistryBeforeTraining() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 19);
        Path corrupt = Files.createDirectories(dir.resolve("corrupt"));
        Files.writeString(corrupt.resolve("manifest.json"), "{ not json");
        Cli.Result result = Cli.run("train", events.toString(), "--registry", corrupt.toString(), "--dict-size", "1K");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("Corrupt registry manifest"), result::toString);
        assertEquals("", result.out(), result::toString);

        Cli.Result classpath = Cli.run("train", events.toString(), "--registry", "classpath:somewhere");
        assertEquals(2, classpath.exitCode(), classpath::toString);
        assertTrue(classpath.err().contains("read-only"), classpath::toString);
    }
}
