package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/** {@code zdict compress --bulk} and {@code decompress --bulk}: many values in one run, in the framing of docs/CLI.md. */
class BulkPayloadsTest {
    @TempDir
    static Path dir;

    static Path registry;
    static Path events;

    @BeforeAll
    static void train() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 5);
        registry = dir.resolve("registry");
        assertEquals(0, Cli.trainSmall(events, registry).exitCode());
    }

    @Test
    void compressesOneEventPerLineIntoRecordsThatDecodeOneByOne() throws IOException {
        Path payloads = dir.resolve("payloads.bin");
        List<byte[]> records = compressLines(payloads);
        List<String> lines = Files.readAllLines(events);
        assertEquals(lines.size(), records.size());
        try (DictionaryRegistry source = DictionaryRegistries.openFolder(registry);
                ZdictCodec codec = ZdictCodec.of(source)) {
            for (int i = 0; i < lines.size(); i++) {
                assertEquals((byte) 0xD1, records.get(i)[0]);
                assertEquals(lines.get(i), new String(codec.decompress(records.get(i)), "UTF-8"));
            }
        }

        Path restored = dir.resolve("restored.jsonl");
        Cli.Result decompress = Cli.run(
                "decompress",
                "--registry",
                registry.toString(),
                "--bulk",
                "--lines",
                "-i",
                payloads.toString(),
                "-o",
                restored.toString());
        assertEquals(0, decompress.exitCode(), decompress::toString);
        assertArrayEquals(Files.readAllBytes(events), Files.readAllBytes(restored));
    }

    @Test
    void recordsCarryBinaryAndEmptyEventsBothWays() throws IOException {
        byte[][] values = {new byte[0], "a\nb".getBytes("UTF-8"), new byte[] {0, (byte) 0xFF, '\n'}};
        Path in = Files.write(dir.resolve("binary.records"), framed(values));
        Path payloads = dir.resolve("binary.payloads");
        Path restored = dir.resolve("binary.restored");
        assertEquals(
                0,
                Cli.run(
                                "compress",
                                "--registry",
                                registry.toString(),
                                "--bulk",
                                "-i",
                                in.toString(),
                                "-o",
                                payloads.toString())
                        .exitCode());
        assertEquals(values.length, records(Files.readAllBytes(payloads)).size());
        assertEquals(
                0,
                Cli.run(
                                "decompress",
                                "--registry",
                                registry.toString(),
                                "--bulk",
                                "-i",
                                payloads.toString(),
                                "-o",
                                restored.toString())
                        .exitCode());
        assertArrayEquals(Files.readAllBytes(in), Files.readAllBytes(restored));

        Cli.Result asLines = Cli.run(
                "decompress",
                "--registry",
                registry.toString(),
                "--bulk",
                "--lines",
                "-i",
                payloads.toString(),
                "-o",
                dir.resolve("lines.out").toString());
        assertEquals(1, asLines.exitCode(), asLines::toString);
        assertTrue(asLines.err().contains("Record 2 decodes to an event holding a line feed"), asLines::toString);
    }

    @Test
    void namesTheRecordThatFailsAndRefusesBadFraming() throws IOException {
        Path payloads = dir.resolve("damaged.bin");
        List<byte[]> records = compressLines(payloads);
        byte[] third = records.get(2);
        third[third.length - 1] ^= 1;
        Files.write(payloads, framed(records.subList(0, 5).toArray(new byte[0][])));
        Cli.Result damaged = Cli.run(
                "decompress",
                "--registry",
                registry.toString(),
                "--bulk",
                "-i",
                payloads.toString(),
                "-o",
                dir.resolve("out").toString());
        assertEquals(1, damaged.exitCode(), damaged::toString);
        assertTrue(damaged.err().contains("Record 3: "), damaged::toString);

        Path cut = Files.write(dir.resolve("cut.bin"), Arrays.copyOf(framed(new byte[][] {third}), 10));
        Cli.Result truncated = Cli.run(
                "decompress",
                "--registry",
                registry.toString(),
                "--bulk",
                "-i",
                cut.toString(),
                "-o",
                dir.resolve("out").toString());
        assertEquals(1, truncated.exitCode(), truncated::toString);
        assertTrue(truncated.err().contains("Record 1 is cut short"), truncated::toString);

        Cli.Result linesAlone =
                Cli.run("compress", "--registry", registry.toString(), "--lines", "-i", events.toString());
        assertEquals(1, linesAlone.exitCode(), linesAlone::toString);
        assertTrue(linesAlone.err().contains("--lines applies only with --bulk"), linesAlone::toString);
    }

    /** {@code zdict compress --bulk --lines} of {@link #events} into {@code payloads}: its records. */
    private static List<byte[]> compressLines(Path payloads) throws IOException {
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
        return records(Files.readAllBytes(payloads));
    }

    static byte[] framed(byte[][] values) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (byte[] value : values) {
            out.writeInt(value.length);
            out.write(value);
        }
        return bytes.toByteArray();
    }

    static List<byte[]> records(byte[] framed) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(framed));
        List<byte[]> records = new ArrayList<>();
        while (in.available() > 0) {
            byte[] value = new byte[in.readInt()];
            in.readFully(value);
            records.add(value);
        }
        return records;
    }
}
