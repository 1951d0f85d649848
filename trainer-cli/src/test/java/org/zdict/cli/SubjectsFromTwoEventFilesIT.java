package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * Two subjects trained with the CLI from two different event files (the first lines of
 * ../shared/data/github_events.jsonl and zeek_network_logs.jsonl) into one directory registry: each
 * subject's events compress better with their own subject's dictionary than with the other's, and one
 * registry decodes both. The ratios are printed. Skipped without the data.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SubjectsFromTwoEventFilesIT {
    private static final int TRAIN_LINES = 3000;
    private static final int HELD_OUT_LINES = 1000;

    @TempDir
    Path dir;

    private record Subject(String name, Path training, List<byte[]> heldOut, Path heldOutFile) {}

    private Subject prepare(Path data, String file, String name) throws IOException {
        Path source = data.resolve(file);
        assumeTrue(Files.isRegularFile(source), source + " is not present");
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine();
                    line != null && lines.size() < TRAIN_LINES + HELD_OUT_LINES;
                    line = reader.readLine()) {
                if (!line.isBlank()) {
                    lines.add(line);
                }
            }
        }
        assumeTrue(lines.size() == TRAIN_LINES + HELD_OUT_LINES, source + " has too few events");
        Path training = Files.write(dir.resolve(name + "-train.jsonl"), lines.subList(0, TRAIN_LINES));
        List<String> heldOutLines = lines.subList(TRAIN_LINES, lines.size());
        Path heldOutFile = Files.write(dir.resolve(name + "-heldout.jsonl"), heldOutLines);
        List<byte[]> heldOut = heldOutLines.stream()
                .map(l -> l.getBytes(StandardCharsets.UTF_8))
                .toList();
        return new Subject(name, training, heldOut, heldOutFile);
    }

    private static void train(Subject subject, Path registry) {
        Cli.Result result = Cli.run(
                "train",
                "-q",
                "--input",
                subject.training().toString(),
                "--registry",
                registry.toString(),
                "--subject",
                subject.name(),
                "--activate",
                "--dict-size",
                "16K",
                "--level",
                "3",
                "--min-mbps",
                "0",
                "--split-by",
                "none");
        assertEquals(0, result.exitCode(), result::toString);
    }

    /** Raw bytes over compressed bytes of {@code events}, one payload per event, with {@code version}. */
    private static double ratio(ZdictCodec codec, int version, List<byte[]> events) {
        long raw = 0;
        long compressed = 0;
        for (byte[] event : events) {
            byte[] payload = codec.compress(version, event);
            assertArrayEquals(event, codec.decompress(payload));
            raw += event.length;
            compressed += payload.length;
        }
        return (double) raw / compressed;
    }

    @Test
    void eachSubjectCompressesBetterWithItsOwnDictionaryAndOneRegistryDecodesBoth() throws IOException {
        Optional<Path> data = SampleEvents.sharedDataDir();
        assumeTrue(data.isPresent(), "../shared/data is not present");
        Subject github = prepare(data.get(), "github_events.jsonl", "github_events-value");
        Subject zeek = prepare(data.get(), "zeek_network_logs.jsonl", "zeek_network_logs-value");
        Path registry = dir.resolve("registry");
        train(github, registry);
        train(zeek, registry);

        Cli.Result subjects = Cli.run("registry", "subjects", "--registry", registry.toString());
        assertEquals(0, subjects.exitCode(), subjects::toString);
        System.out.println(subjects.out());
        assertTrue(subjects.out().contains("github_events-value"), subjects::toString);
        assertTrue(subjects.out().contains("zeek_network_logs-value"), subjects::toString);

        List<String> report = new ArrayList<>();
        try (DictionaryRegistry opened = DictionaryRegistries.openFolder(registry);
                ZdictCodec codec = ZdictCodec.builder(opened).build()) {
            int githubVersion = opened.activeVersion(github.name()).getAsInt();
            int zeekVersion = opened.activeVersion(zeek.name()).getAsInt();
            double githubOwn = ratio(codec, githubVersion, github.heldOut());
            double githubOther = ratio(codec, zeekVersion, github.heldOut());
            double zeekOwn = ratio(codec, zeekVersion, zeek.heldOut());
            double zeekOther = ratio(codec, githubVersion, zeek.heldOut());
            report.add(String.format(
                    Locale.ROOT,
                    "%s events: %.2fx with its own dictionary (v%d), %.2fx with %s's (v%d)",
                    github.name(),
                    githubOwn,
                    githubVersion,
                    githubOther,
                    zeek.name(),
                    zeekVersion));
            report.add(String.format(
                    Locale.ROOT,
                    "%s events: %.2fx with its own dictionary (v%d), %.2fx with %s's (v%d)",
                    zeek.name(),
                    zeekOwn,
                    zeekVersion,
                    zeekOther,
                    github.name(),
                    githubVersion));
            System.out.println(String.join("\n", report));
            assertTrue(githubOwn > githubOther, String.join("\n", report));
            assertTrue(zeekOwn > zeekOther, String.join("\n", report));
        }

        // The CLI path: compress each subject's held-out events with its subject's active version, and
        // decode both payloads with the same registry.
        for (Subject subject : List.of(github, zeek)) {
            Path payload = dir.resolve(subject.name() + ".zd");
            Path decoded = dir.resolve(subject.name() + ".out");
            Cli.Result compress = Cli.run(
                    "compress",
                    "--registry",
                    registry.toString(),
                    "--subject",
                    subject.name(),
                    "-i",
                    subject.heldOutFile().toString(),
                    "-o",
                    payload.toString());
            assertEquals(0, compress.exitCode(), compress::toString);
            Cli.Result decompress = Cli.run(
                    "decompress",
                    "--registry",
                    registry.toString(),
                    "-i",
                    payload.toString(),
                    "-o",
                    decoded.toString());
            assertEquals(0, decompress.exitCode(), decompress::toString);
            assertArrayEquals(Files.readAllBytes(subject.heldOutFile()), Files.readAllBytes(decoded));
        }
    }
}
