package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdCompressCtx;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.internal.PayloadKind;
import org.zdict.registry.DictionaryRegistries;

/** Decompression bombs and lying frame headers: each refused within the limit, with a clear error. */
class HostileFramesTest {
    private static final int LIMIT = 1 << 20;
    private final ZdictCodec codec = ZdictCodec.builder(DictionaryRegistries.inMemory())
            .checksum(false)
            .maxDecompressedSize(LIMIT)
            .build();

    @AfterEach
    void close() {
        codec.close();
    }

    @Test
    void refusesDeclaredSizeAboveLimitBeforeAllocating() {
        byte[] payload = plainPayload(frameDeclaring(1L << 40, 100));
        PayloadTooLargeException e = assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload));
        assertTrue(e.getMessage().contains("declares 1099511627776 decompressed bytes"), e.getMessage());
        assertEquals(LIMIT, e.limit());
        byte[] dst = new byte[16];
        assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload, 0, payload.length, dst, 0));
    }

    @Test
    void refusesDeclaredSizeBeyondSignedLong() {
        byte[] payload = plainPayload(frameDeclaring(-5L, 100));
        assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload));
    }

    @Test
    void refusesUndeclaredFrameThatExpandsPastLimit() {
        byte[] bomb = undeclaredZeros(8 * LIMIT);
        assertTrue(bomb.length < 2000, "the bomb is small: " + bomb.length);
        byte[] payload = plainPayload(bomb);
        assertEquals(-1, codec.decompressedLength(payload, 0, payload.length));
        PayloadTooLargeException e = assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload));
        assertTrue(e.getMessage().contains("declares no size and expands past the limit"), e.getMessage());
        byte[] dst = new byte[4 * LIMIT];
        assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload, 0, payload.length, dst, 0));
    }

    @Test
    void decodesUndeclaredFrameWithinLimit() {
        byte[] payload = plainPayload(undeclaredZeros(LIMIT));
        assertArrayEquals(new byte[LIMIT], codec.decompress(payload));
        byte[] dst = new byte[LIMIT];
        assertEquals(LIMIT, codec.decompress(payload, 0, payload.length, dst, 0));
    }

    @Test
    void refusesUndeclaredFrameLargerThanDestination() {
        byte[] payload = plainPayload(undeclaredZeros(1000));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> codec.decompress(payload, 0, payload.length, new byte[999], 0));
        assertTrue(e.getMessage().contains("room for 999"), e.getMessage());
    }

    @Test
    void refusesFrameThatHoldsMoreThanItDeclares() {
        byte[] payload = plainPayload(frameDeclaring(10, 100));
        CorruptPayloadException e = assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
        assertTrue(e.getMessage().contains("Corrupt zstd frame (zstd without dictionary)"), e.getMessage());
        assertEquals(1, e.offset());
    }

    @Test
    void refusesFrameThatHoldsMoreThanItDeclaresEvenWithRoomForAll() {
        byte[] payload = plainPayload(frameDeclaring(10, 100));
        byte[] dst = new byte[1000];
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload, 0, payload.length, dst, 5));
        assertTrue(e.getMessage().contains("Corrupt zstd frame (zstd without dictionary)"), e.getMessage());
    }

    @Test
    void refusesFrameThatHoldsLessThanItDeclares() {
        byte[] payload = plainPayload(frameDeclaring(200, 100));
        assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
    }

    @Test
    void refusesStoredPayloadAboveLimit() {
        byte[] payload = new byte[LIMIT + 2];
        payload[0] = (byte) PayloadKind.STORED.marker();
        assertThrows(PayloadTooLargeException.class, () -> codec.decompress(payload));
    }

    @Test
    void refusesGarbageAfterPrefix() {
        byte[] payload = {(byte) 0xD2, 1, 2, 3, 4, 5};
        CorruptPayloadException e = assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
        assertTrue(e.getMessage().contains("Expected the zstd magic number"), e.getMessage());
    }

    /** A frame whose header declares {@code declared} bytes, holding one RLE block of {@code actual}. */
    static byte[] frameDeclaring(long declared, int actual) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD});
        out.write(0xC0); // 8-byte content size, window descriptor follows
        out.write(0x38); // window 128 KiB
        for (int i = 0; i < 8; i++) {
            out.write((int) (declared >>> (8 * i)) & 0xFF);
        }
        int header = 1 | (1 << 1) | (actual << 3); // last block, RLE, regenerated size
        out.write(header & 0xFF);
        out.write((header >>> 8) & 0xFF);
        out.write((header >>> 16) & 0xFF);
        out.write('A');
        return out.toByteArray();
    }

    /** A real zstd frame of {@code size} zero bytes whose header declares no content size. */
    static byte[] undeclaredZeros(int size) {
        try (ZstdCompressCtx context = new ZstdCompressCtx()) {
            context.setContentSize(false);
            return context.compress(new byte[size]);
        }
    }

    static byte[] plainPayload(byte[] frame) {
        byte[] payload = new byte[frame.length + 1];
        payload[0] = (byte) PayloadKind.PLAIN_FRAME.marker();
        System.arraycopy(frame, 0, payload, 1, frame.length);
        return payload;
    }
}
