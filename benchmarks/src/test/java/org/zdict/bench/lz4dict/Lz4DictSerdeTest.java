package org.zdict.bench.lz4dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.SampleEvents;

/** The broker harness's LZ4-dictionary serde: what the serializer writes, the deserializer reads back. */
class Lz4DictSerdeTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(300, 11);

    @Test
    void roundTripsValuesFromArraysAndBufferSlices(@TempDir Path dir) throws Exception {
        Path dictionary = dir.resolve("dictionary");
        Files.write(dictionary, concat(EVENTS.subList(0, 200)));
        Map<String, Object> config =
                Map.of(Lz4DictSerde.DICTIONARY_CONFIG, dictionary.toString(), Lz4DictSerde.MODE_CONFIG, "hc16");
        Lz4DictSerde.Lz4DictSerializer serializer = new Lz4DictSerde.Lz4DictSerializer();
        serializer.configure(config, false);
        Lz4DictSerde.Lz4DictDeserializer deserializer = new Lz4DictSerde.Lz4DictDeserializer();
        deserializer.configure(config, false);
        long raw = 0;
        long stored = 0;
        for (byte[] event : EVENTS.subList(200, 300)) {
            byte[] payload = serializer.serialize("t", event);
            raw += event.length;
            stored += payload.length;
            assertEquals(Lz4DictCodec.MARKER, payload[0]);
            assertArrayEquals(event, deserializer.deserialize("t", payload));
            byte[] fetched = new byte[payload.length + 61];
            System.arraycopy(payload, 0, fetched, 61, payload.length);
            ByteBuffer slice = ByteBuffer.wrap(fetched, 61, payload.length).slice();
            assertArrayEquals(event, deserializer.deserialize("t", null, slice));
            ByteBuffer direct =
                    ByteBuffer.allocateDirect(payload.length).put(payload).flip();
            assertArrayEquals(event, deserializer.deserialize("t", null, direct));
        }
        assertTrue(stored * 3 < raw, "stored " + stored + " of " + raw + " bytes");
        assertNull(serializer.serialize("t", null));
        assertNull(deserializer.deserialize("t", (byte[]) null));
    }

    @Test
    void refusesMissingDictionaryAndUnknownMode(@TempDir Path dir) throws Exception {
        Lz4DictSerde.Lz4DictSerializer serializer = new Lz4DictSerde.Lz4DictSerializer();
        assertThrows(IllegalArgumentException.class, () -> serializer.configure(Map.of(), false));
        Path dictionary = Files.write(dir.resolve("d"), new byte[100]);
        assertThrows(
                IllegalArgumentException.class,
                () -> serializer.configure(
                        Map.of(Lz4DictSerde.DICTIONARY_CONFIG, dictionary.toString(), Lz4DictSerde.MODE_CONFIG, "x"),
                        false));
    }

    private static byte[] concat(List<byte[]> parts) {
        int total = parts.stream().mapToInt(p -> p.length).sum();
        byte[] all = new byte[total];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }
}
