package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Found by fuzzing: a frame that declares no size and is cut short must be refused even when what it
 * decoded so far fills the destination exactly (it was returned as a whole, shorter record).
 */
class TruncatedFramesTest {
    private static final int BLOCK = 128 << 10;
    private final ZdictCodec codec =
            ZdictCodec.builder(DictionaryRegistries.inMemory()).checksum(false).build();

    @AfterEach
    void close() {
        codec.close();
    }

    @Test
    void refusesTruncatedUndeclaredFrameWhoseOutputFillsTheDestination() {
        // One raw block of noise, then a compressed block: zstd gives nothing of a compressed block
        // until all of it has arrived, so the cut frame yields exactly one block.
        byte[] content = new byte[BLOCK + 50_000];
        new Random(8).nextBytes(content);
        for (int i = BLOCK; i < content.length; i++) {
            content[i] = (byte) ('a' + i % 7 + (i % 1001 == 0 ? 1 : 0));
        }
        byte[] payload = undeclared(content);
        assertArrayEquals(content, codec.decompress(payload));
        byte[] truncated = Arrays.copyOf(payload, payload.length - 20);

        CorruptPayloadException e = assertThrows(
                CorruptPayloadException.class,
                () -> codec.decompress(truncated, 0, truncated.length, new byte[BLOCK], 0));
        assertEquals(CorruptPayloadException.Kind.TRUNCATED, e.kind());
        assertTrue(e.getMessage().contains("Truncated"), e.getMessage());
        assertThrows(CorruptPayloadException.class, () -> codec.decompress(truncated));
    }

    @Test
    void decodesUndeclaredFrameThatFillsTheDestinationExactly() {
        byte[] content = new byte[BLOCK + 50_000];
        new Random(9).nextBytes(content);
        byte[] payload = undeclared(content);
        byte[] dst = new byte[content.length];
        assertEquals(content.length, codec.decompress(payload, 0, payload.length, dst, 0));
        assertArrayEquals(content, dst);
    }

    /**
     * Every way a payload can end too early is a {@link CorruptPayloadException} of kind {@code TRUNCATED}, so callers (the Kafka
     * deserializer's hint) tell it from a frame that zstd refused whole.
     */
    @Test
    void everyPayloadCutShortIsATruncatedPayload() {
        List<byte[]> events = SampleEvents.synthetic(2000, 5);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(events.subList(0, 1500), 16 << 10, 3), 3, Map.of())
                .version());
        byte[] event = events.get(1999);
        try (ZdictCodec withDictionary =
                ZdictCodec.builder(registry).checksum(false).build()) {
            byte[] framed = withDictionary.compress(event);
            byte[] plain = new byte[ZdictCodec.maxCompressedLength(event.length)];
            plain = Arrays.copyOf(plain, codec.compressWithoutDictionary(event, 0, event.length, plain, 0));
            List<byte[]> cut = List.of(
                    new byte[0], // no marker
                    new byte[] {(byte) 0xD1, (byte) 0x80}, // a version varint that never ends
                    Arrays.copyOf(plain, 3), // two bytes where a zstd frame should start
                    Arrays.copyOf(plain, 7), // the frame header cut short
                    Arrays.copyOf(plain, plain.length - 2), // the frame's last block cut short
                    Arrays.copyOf(framed, framed.length - 2));
            for (byte[] payload : cut) {
                assertEquals(
                        CorruptPayloadException.Kind.TRUNCATED,
                        assertThrows(CorruptPayloadException.class, () -> withDictionary.decompress(payload))
                                .kind(),
                        () -> "payload " + Arrays.toString(payload));
            }
        }
    }

    /** A plain zdict payload whose frame declares no content size, as other zstd encoders may write. */
    private static byte[] undeclared(byte[] content) {
        try (ZstdCompressCtx context = new ZstdCompressCtx().setContentSize(false)) {
            byte[] frame = context.compress(content);
            byte[] payload = new byte[frame.length + 1];
            payload[0] = (byte) 0xD2;
            System.arraycopy(frame, 0, payload, 1, frame.length);
            return payload;
        }
    }
}
