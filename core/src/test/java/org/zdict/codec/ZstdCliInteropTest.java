package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** The stock zstd tool reads what zdict writes, and zdict reads what the tool writes. */
class ZstdCliInteropTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2500, 11);

    @TempDir
    Path dir;

    @BeforeAll
    static void requireZstdTool() {
        assumeTrue(commandWorks("zstd", "--version"), "the zstd command is not installed");
    }

    @Test
    void zstdToolDecodesPayloadWithPrefixStripped() throws Exception {
        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir.resolve("registry"));
        byte[] dictionary = TestTrainer.train(EVENTS.subList(0, 2000), 16 << 10, 3);
        registry.activate(registry.publish(dictionary, 3, Map.of()).version());
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            for (byte[] event : EVENTS.subList(2000, 2010)) {
                byte[] payload = codec.compress(event);
                int prefix = PayloadPrefix.read(payload, 0, payload.length).length();
                Path frame = dir.resolve("frame.zst");
                Files.write(frame, Arrays.copyOfRange(payload, prefix, payload.length));
                Path out = dir.resolve("frame.out");
                run(
                        "zstd",
                        "-q",
                        "-f",
                        "-d",
                        "-D",
                        dir.resolve("registry").resolve("v000001.dict").toString(),
                        frame.toString(),
                        "-o",
                        out.toString());
                assertArrayEquals(event, Files.readAllBytes(out));
            }
        }
    }

    @Test
    void codecDecodesFrameWrittenByZstdToolWithToolTrainedDictionary() throws Exception {
        Path samples = Files.createDirectory(dir.resolve("samples"));
        for (int i = 0; i < 2000; i++) {
            Files.write(samples.resolve("e" + i + ".json"), EVENTS.get(i));
        }
        Path dictionaryFile = dir.resolve("tool.dict");
        run("zstd", "-q", "--train", "-r", samples.toString(), "--maxdict=16384", "-o", dictionaryFile.toString());
        Path event = dir.resolve("event.json");
        Files.write(event, EVENTS.get(2100));
        Path frame = dir.resolve("event.json.zst");
        run("zstd", "-q", "-f", "-D", dictionaryFile.toString(), event.toString(), "-o", frame.toString());

        DictionaryRegistry registry = DictionaryRegistries.openFolder(dir.resolve("registry"));
        int version = registry.publish(Files.readAllBytes(dictionaryFile), 3, Map.of())
                .version();
        byte[] zstdFrame = Files.readAllBytes(frame);
        PayloadPrefix prefix = PayloadPrefix.dictionaryFrame(version);
        byte[] payload = new byte[prefix.length() + zstdFrame.length];
        prefix.writeTo(payload, 0);
        System.arraycopy(zstdFrame, 0, payload, prefix.length(), zstdFrame.length);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            assertArrayEquals(EVENTS.get(2100), codec.decompress(payload));
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("Timed out: " + String.join(" ", command));
        }
        assertEquals(0, process.exitValue(), String.join(" ", command) + ": " + new String(output));
    }

    private static boolean commandWorks(String... command) {
        try {
            Process process = new ProcessBuilder(new ArrayList<>(List.of(command)))
                    .redirectErrorStream(true)
                    .start();
            process.getInputStream().readAllBytes();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
