package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code python -m zdict decompress} gives back the original bytes of payloads {@code zdict compress} wrote
 * (one, and many with {@code --bulk}), from the registry {@code zdict train} wrote, for a zstd and an LZ4
 * version. Runs /usr/bin/python3 with Debian's python3-zstandard and python3-lz4; skips without them,
 * unless ZDICT_REQUIRE_PYTHON=1 (.ci/run), where their absence fails.
 */
class PythonReadsCliPayloadsTest {
    private static final Path PACKAGE = Path.of("..", "python").toAbsolutePath().normalize();
    private static final String PYTHON = System.getenv().getOrDefault("ZDICT_PYTHON", "/usr/bin/python3");

    @TempDir
    static Path dir;

    static Path registry;
    static Path events;

    @BeforeAll
    static void trainWhenPythonCanRun() throws Exception {
        boolean usable = new ProcessBuilder(PYTHON, "-c", "import zstandard, lz4")
                        .redirectErrorStream(true)
                        .start()
                        .waitFor()
                == 0;
        if (!"1".equals(System.getenv("ZDICT_REQUIRE_PYTHON"))) {
            Assumptions.assumeTrue(usable, PYTHON + " lacks zstandard or lz4");
        }
        assertTrue(usable, PYTHON + " lacks zstandard or lz4, which .ci/run installs");
        events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 7);
        registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        Cli.Result lz4 = Cli.run(
                "train",
                "-q",
                "--input",
                events.toString(),
                "--registry",
                registry.toString(),
                "--dict-size",
                "4K",
                "--level",
                "3",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--codec",
                "lz4");
        assertEquals(0, lz4.exitCode(), lz4::toString);
    }

    private static byte[] python(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(PYTHON, "-m", "zdict"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(dir.resolve("python.err").toFile());
        builder.environment().put("PYTHONPATH", PACKAGE.toString());
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), () -> readErr());
        return out;
    }

    private static String readErr() {
        try {
            return Files.readString(dir.resolve("python.err"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void decodesOnePayloadOfEachVersion() throws Exception {
        Path event = Files.write(
                dir.resolve("event.json"), Files.readAllLines(events).get(0).getBytes("UTF-8"));
        for (String version : List.of("1", "2")) {
            Path payload = dir.resolve("event-v" + version + ".zd");
            Cli.Result compress = Cli.run(
                    "compress",
                    "--registry",
                    registry.toString(),
                    "-d",
                    version,
                    "-i",
                    event.toString(),
                    "-o",
                    payload.toString());
            assertEquals(0, compress.exitCode(), compress::toString);
            assertEquals(version.equals("1") ? (byte) 0xD1 : (byte) 0xD0, Files.readAllBytes(payload)[0]);
            assertArrayEquals(
                    Files.readAllBytes(event),
                    python("decompress", "--registry", registry.toString(), "-i", payload.toString()));
        }
    }

    @Test
    void decodesWhatBulkModeWrote() throws Exception {
        Path payloads = dir.resolve("payloads.bin");
        Cli.Result compress = Cli.run(
                "compress",
                "--registry",
                registry.toString(),
                "--bulk",
                "--lines",
                "-i",
                events.toString(),
                "-o",
                payloads.toString());
        assertEquals(0, compress.exitCode(), compress::toString);
        assertArrayEquals(
                Files.readAllBytes(events),
                python(
                        "decompress",
                        "--registry",
                        registry.toString(),
                        "--bulk",
                        "--lines",
                        "-i",
                        payloads.toString()));
    }
}
