package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.testing.SampleEvents;

/** A dictionary trained by zdict and a payload it wrote decode with the stock zstd tool. */
class ZstdToolCompatibilityTest {
    @TempDir
    Path dir;

    @Test
    void stockZstdDecodesAPayloadWithTheExportedDictionary() throws Exception {
        assumeTrue(zstdAvailable(), "the zstd command is not installed");
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 21);
        Path registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        Path dictionary = dir.resolve("dictionary");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", dictionary.toString(), "--registry", registry.toString())
                        .exitCode());
        byte[] event = SampleEvents.synthetic(1, 77).get(0);
        Path input = Files.write(dir.resolve("event.json"), event);
        Path payload = dir.resolve("event.zd");
        assertEquals(
                0,
                Cli.run("compress", "--registry", registry.toString(), "-i", input.toString(), "-o", payload.toString())
                        .exitCode());

        byte[] bytes = Files.readAllBytes(payload);
        PayloadPrefix prefix = PayloadPrefix.read(bytes, 0, bytes.length);
        Path frame = Files.write(dir.resolve("event.zst"), Arrays.copyOfRange(bytes, prefix.length(), bytes.length));
        Path output = dir.resolve("decoded.json");
        Process zstd = new ProcessBuilder(
                        "zstd", "-q", "-d", "-D", dictionary.toString(), frame.toString(), "-o", output.toString())
                .redirectErrorStream(true)
                .start();
        String messages = new String(zstd.getInputStream().readAllBytes());
        assertEquals(true, zstd.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, zstd.exitValue(), messages);
        assertArrayEquals(event, Files.readAllBytes(output));
    }

    private static boolean zstdAvailable() {
        try {
            Process probe = new ProcessBuilder("zstd", "--version")
                    .redirectErrorStream(true)
                    .start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
