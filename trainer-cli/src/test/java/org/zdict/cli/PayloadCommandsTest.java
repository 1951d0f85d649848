package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.SampleEvents;

class PayloadCommandsTest {
    @TempDir
    static Path dir;

    static Path registry;
    static Path event;

    @BeforeAll
    static void train() throws IOException {
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 5);
        registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
        event = Files.write(
                dir.resolve("event.json"), SampleEvents.synthetic(1, 99).get(0));
    }

    @Test
    void compressesAndDecompressesOneEventWithAChecksum() throws IOException {
        Path payload = dir.resolve("event.zd");
        Path restored = dir.resolve("restored.json");
        Cli.Result compress = Cli.run(
                "compress", "--registry", registry.toString(), "-i", event.toString(), "-o", payload.toString());
        assertEquals(0, compress.exitCode(), compress::toString);
        byte[] bytes = Files.readAllBytes(payload);
        assertEquals((byte) 0xD1, bytes[0]);
        assertTrue(bytes.length < Files.size(event) / 2, "payload " + bytes.length);

        Cli.Result decompress = Cli.run(
                "decompress", "--registry", registry.toString(), "-i", payload.toString(), "-o", restored.toString());
        assertEquals(0, decompress.exitCode(), decompress::toString);
        assertArrayEquals(Files.readAllBytes(event), Files.readAllBytes(restored));

        Cli.Result inspect = Cli.run("inspect", payload.toString());
        assertEquals(0, inspect.exitCode(), inspect::toString);
        assertTrue(inspect.out().contains("marker:        0xD1"), inspect::toString);
        assertTrue(inspect.out().contains("version:       1"), inspect::toString);
        assertTrue(inspect.out().contains("checksum:      yes"), inspect::toString);
        assertTrue(inspect.out().contains("content size:  " + Files.size(event) + " bytes"), inspect::toString);
    }

    @Test
    void compressesWithAChosenVersionAndLevel() throws IOException {
        Path payload = dir.resolve("level.zd");
        Cli.Result result = Cli.run(
                "compress",
                "--registry",
                registry.toString(),
                "-i",
                event.toString(),
                "-o",
                payload.toString(),
                "-d",
                "1",
                "--level",
                "19");
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals((byte) 0xD1, Files.readAllBytes(payload)[0]);
        assertEquals(
                2,
                Cli.run("compress", "--registry", registry.toString(), "--level", "23")
                        .exitCode());
        Cli.Result unknown = Cli.run(
                "compress",
                "--registry",
                registry.toString(),
                "-i",
                event.toString(),
                "-o",
                payload.toString(),
                "--dict-version",
                "7");
        assertEquals(1, unknown.exitCode(), unknown::toString);
        assertTrue(unknown.err().contains("7"), unknown::toString);
    }

    @Test
    void inspectsADictionaryFile() throws IOException {
        Path exported = dir.resolve("v1.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", registry.toString())
                        .exitCode());
        Cli.Result inspect = Cli.run("inspect", exported.toString());
        assertEquals(0, inspect.exitCode(), inspect::toString);
        assertTrue(inspect.out().contains("type:          zstd dictionary"), inspect::toString);
        assertTrue(inspect.out().contains("dictionary id: "), inspect::toString);
        assertTrue(inspect.out().contains("size:          " + Files.size(exported) + " bytes"), inspect::toString);
        assertTrue(inspect.out().contains("sha256:        "), inspect::toString);
    }

    @Test
    void refusesWhatIsNeitherPayloadNorDictionary() throws IOException {
        Path text = Files.writeString(dir.resolve("plain.txt"), "hello");
        Cli.Result result = Cli.run("inspect", text.toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("first byte 0x68"), result::toString);
    }

    @Test
    void failsOnCorruptPayloadsInOneLine() throws IOException {
        Path corrupt = Files.write(dir.resolve("corrupt.zd"), new byte[] {(byte) 0xD1, 0x01, 0x28, (byte) 0xB5});
        Cli.Result decompress = Cli.run("decompress", "--registry", registry.toString(), "-i", corrupt.toString());
        assertEquals(1, decompress.exitCode(), decompress::toString);
        assertEquals(1, decompress.err().strip().lines().count(), decompress::toString);

        Path foreign = Files.writeString(dir.resolve("foreign.zd"), "{\"not\":\"compressed\"}");
        Cli.Result notZdict = Cli.run("decompress", "--registry", registry.toString(), "-i", foreign.toString());
        assertEquals(1, notZdict.exitCode(), notZdict::toString);
        assertTrue(notZdict.err().contains("0x7B"), notZdict::toString);

        Cli.Result inspect = Cli.run("inspect", corrupt.toString());
        assertEquals(1, inspect.exitCode(), inspect::toString);
    }

    @Test
    void refusesAFileWhoseMarkerBitFlippedToStored() throws IOException {
        Path payload = dir.resolve("flip.zd");
        assertEquals(
                0,
                Cli.run("compress", "--registry", registry.toString(), "-i", event.toString(), "-o", payload.toString())
                        .exitCode());
        byte[] flipped = Files.readAllBytes(payload);
        flipped[0] ^= 0x02; // 0xD1 (dictionary frame) becomes 0xD3 (stored)
        Path damaged = Files.write(dir.resolve("flipped.zd"), flipped);
        Cli.Result result = Cli.run("decompress", "--registry", registry.toString(), "-i", damaged.toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(
                result.err().contains("without a checksum") && result.err().contains("--allow-unchecked"),
                result::toString);
        assertEquals("", result.out(), result::toString);
    }

    @Test
    void decodesUncheckedPayloadsOnlyWhenAllowed() throws IOException {
        byte[] original = Files.readAllBytes(event);
        byte[] stored = new byte[original.length + 1];
        stored[0] = (byte) 0xD3;
        System.arraycopy(original, 0, stored, 1, original.length);
        Path payload = Files.write(dir.resolve("stored.zd"), stored);
        Path restored = dir.resolve("stored.json");
        assertEquals(
                1,
                Cli.run("decompress", "--registry", registry.toString(), "-i", payload.toString())
                        .exitCode());
        Cli.Result allowed = Cli.run(
                "decompress",
                "--registry",
                registry.toString(),
                "--allow-unchecked",
                "-i",
                payload.toString(),
                "-o",
                restored.toString());
        assertEquals(0, allowed.exitCode(), allowed::toString);
        assertArrayEquals(original, Files.readAllBytes(restored));
    }

    @Test
    void decompressRefusesOversizedOutput() throws IOException {
        Path big = Files.writeString(dir.resolve("big.json"), "{\"x\":\"" + "a".repeat(100_000) + "\"}");
        Path payload = dir.resolve("big.zd");
        assertEquals(
                0,
                Cli.run("compress", "--registry", registry.toString(), "-i", big.toString(), "-o", payload.toString())
                        .exitCode());
        Cli.Result result =
                Cli.run("decompress", "--registry", registry.toString(), "-i", payload.toString(), "--max-size", "1K");
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("above --max-size 1K"), result::toString);
        assertTrue(!result.err().contains("maxDecompressedSize"), result::toString);
        String restored = new String(Files.readAllBytes(big), StandardCharsets.UTF_8);
        assertTrue(restored.length() > 1024);
    }

    @Test
    void compressRefusesAnInputLargerThanMaxSizeBeforeReadingItAll() throws IOException {
        Path big = Files.write(dir.resolve("big.bin"), new byte[4096]);
        Cli.Result file =
                Cli.run("compress", "--registry", registry.toString(), "-i", big.toString(), "--max-size", "1K");
        assertEquals(1, file.exitCode(), file::toString);
        assertTrue(file.err().contains(big + " is larger than --max-size 1K"), file::toString);

        java.io.InputStream stdin = System.in;
        try {
            System.setIn(new java.io.ByteArrayInputStream(new byte[4096]));
            Cli.Result piped = Cli.run("compress", "--registry", registry.toString(), "--max-size", "1K");
            assertEquals(1, piped.exitCode(), piped::toString);
            assertTrue(piped.err().contains("Standard input is larger than --max-size 1K"), piped::toString);
        } finally {
            System.setIn(stdin);
        }
        assertEquals(
                2,
                Cli.run("compress", "--registry", registry.toString(), "--max-size", "3G")
                        .exitCode());
    }

    @Test
    void compressRefusesARetiredVersion() throws IOException {
        Path events = Cli.syntheticEvents(dir, "retire-events.jsonl", 2000, 9);
        Path retiring = dir.resolve("retiring");
        assertEquals(0, Cli.trainSmall(events, retiring).exitCode());
        assertEquals(
                0,
                Cli.trainTiny(events.toString(), "--registry", retiring.toString(), "--activate")
                        .exitCode());
        assertEquals(
                0,
                Cli.run("registry", "retire", "1", "--registry", retiring.toString())
                        .exitCode());
        Cli.Result result = Cli.run("compress", "--registry", retiring.toString(), "-d", "1", "-i", event.toString());
        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(result.err().contains("Version 1 in registry " + retiring + " is retired"), result::toString);
        assertEquals("", result.out());
    }
}
