package org.zdict.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.zdict.CorruptPayloadException;

class PayloadPrefixTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 127, 128, 300, 16_383, 16_384, 2_097_151, 2_097_152, Integer.MAX_VALUE})
    void roundTripsEveryVersionSize(int version) {
        byte[] buffer = new byte[PayloadPrefix.MAX_LENGTH];
        PayloadPrefix prefix = PayloadPrefix.dictionaryFrame(version);
        int written = prefix.writeTo(buffer, 0);
        assertEquals(prefix.length(), written);
        PayloadPrefix read = PayloadPrefix.read(buffer, 0, written);
        assertEquals(prefix, read);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 127, 128, 16_384, Integer.MAX_VALUE})
    void readsTheSamePrefixFromHeapAndDirectBuffersWithoutMovingThem(int version) {
        PayloadPrefix prefix = PayloadPrefix.dictionaryFrame(version);
        byte[] payload = new byte[prefix.length() + 3];
        prefix.writeTo(payload, 0);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(payload.length + 5);
        direct.position(5);
        direct.put(payload).position(5);
        byte[] padded = new byte[payload.length + 9];
        System.arraycopy(payload, 0, padded, 9, payload.length);
        java.nio.ByteBuffer heapSlice =
                java.nio.ByteBuffer.wrap(padded, 9, payload.length).slice();
        for (java.nio.ByteBuffer buffer : new java.nio.ByteBuffer[] {direct, heapSlice}) {
            int position = buffer.position();
            assertEquals(prefix, PayloadPrefix.read(buffer));
            assertEquals(position, buffer.position());
        }
        java.nio.ByteBuffer stored = java.nio.ByteBuffer.allocateDirect(4).put(0, (byte) 0xD3);
        assertEquals(PayloadPrefix.stored(), PayloadPrefix.read(stored));
        java.nio.ByteBuffer foreign = java.nio.ByteBuffer.allocateDirect(4).put(0, (byte) 0x7B);
        assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(foreign));
    }

    @Test
    void everyVersionAroundTheOneByteBoundaryReadsBackExactly() {
        byte[] buffer = new byte[PayloadPrefix.MAX_LENGTH];
        for (int version = 1; version <= 300; version++) {
            int written = PayloadPrefix.dictionaryFrame(version).writeTo(buffer, 0);
            PayloadPrefix read = PayloadPrefix.read(buffer, 0, written);
            assertTrue(read.isDictionaryFrame());
            assertEquals(version, read.version());
            assertEquals(version < 128 ? 2 : 3, read.length());
        }
    }

    @Test
    void prefixIsAtMostThreeBytesBelow16384() {
        assertEquals(2, PayloadPrefix.dictionaryFrame(127).length());
        assertEquals(3, PayloadPrefix.dictionaryFrame(128).length());
        assertEquals(3, PayloadPrefix.dictionaryFrame(16_383).length());
        assertEquals(4, PayloadPrefix.dictionaryFrame(16_384).length());
        assertEquals(1, PayloadPrefix.plainFrame().length());
        assertEquals(1, PayloadPrefix.stored().length());
    }

    @Test
    void writesTheDocumentedBytes() {
        byte[] buffer = new byte[4];
        int written = PayloadPrefix.dictionaryFrame(300).writeTo(buffer, 1);
        assertEquals(3, written);
        assertArrayEquals(new byte[] {0, (byte) 0xD1, (byte) 0xAC, 0x02}, buffer);
    }

    @Test
    void rejectsEmptyPayload() {
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(new byte[0], 0, 0));
        assertTrue(e.getMessage().startsWith("Truncated payload"), e.getMessage());
        assertEquals(0, e.offset());
    }

    @Test
    void rejectsTruncatedVersion() {
        byte[] payload = {(byte) 0xD1, (byte) 0x80};
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(payload, 0, payload.length));
        assertTrue(e.getMessage().contains("Truncated payload"), e.getMessage());
        assertEquals(2, e.offset());
    }

    @Test
    void recognisesForeignPayloads() {
        byte[] json = "{\"a\":1}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(json, 0, json.length));
        assertTrue(e.getMessage().contains("unknown marker byte 0x7B"), e.getMessage());
        byte[] zstd = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0};
        e = assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(zstd, 0, zstd.length));
        assertTrue(e.getMessage().contains("bare zstd frame"), e.getMessage());
    }

    @Test
    void rejectsFutureFormatMarkers() {
        byte[] future = {(byte) 0xD5, 1, 2, 3};
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(future, 0, future.length));
        assertTrue(e.getMessage().contains("Unsupported zdict marker 0xD5"), e.getMessage());
    }

    @Test
    void rejectsNonCanonicalAndOutOfRangeVersions() {
        assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(new byte[] {(byte) 0xD1, 0}, 0, 2));
        assertThrows(
                CorruptPayloadException.class,
                () -> PayloadPrefix.read(new byte[] {(byte) 0xD1, (byte) 0x81, 0}, 0, 3));
        byte[] tooLong = new byte[8];
        tooLong[0] = (byte) 0xD1;
        Arrays.fill(tooLong, 1, 8, (byte) 0xFF);
        assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(tooLong, 0, tooLong.length));
        byte[] overflow = {(byte) 0xD1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        assertThrows(CorruptPayloadException.class, () -> PayloadPrefix.read(overflow, 0, overflow.length));
    }

    @Test
    void readsAtAnOffset() {
        byte[] buffer = {9, 9, (byte) 0xD1, 5, 9};
        assertEquals(PayloadPrefix.dictionaryFrame(5), PayloadPrefix.read(buffer, 2, 3));
    }

    @Test
    void labelsNameTheVersionOrTheKind() {
        assertEquals("1", PayloadPrefix.dictionaryFrame(1).label());
        assertEquals(
                "300",
                PayloadPrefix.read(new byte[] {(byte) 0xD1, (byte) 0xAC, 0x02}, 0, 3)
                        .label());
        assertEquals("plain", PayloadPrefix.plainFrame().label());
        assertEquals("stored", PayloadPrefix.stored().label());
    }
}
