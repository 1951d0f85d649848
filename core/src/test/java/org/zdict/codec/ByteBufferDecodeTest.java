package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.PayloadKind;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** Decoding a payload where a Kafka consumer hands it over: the remaining bytes of a buffer slice. */
class ByteBufferDecodeTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3000, 7);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 2500), 16 << 10, 3);

    private DictionaryRegistry registry;
    private ZdictCodec codec;

    @BeforeEach
    void setUp() {
        registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(DICTIONARY, 3, Map.of()).version());
        codec = ZdictCodec.builder(registry).checksum(false).build();
    }

    @AfterEach
    void tearDown() {
        codec.close();
    }

    /** {@code payload} in the middle of a larger buffer, as a slice with a non-zero array offset. */
    private static ByteBuffer heapSlice(byte[] payload) {
        byte[] batch = new byte[payload.length + 100];
        System.arraycopy(payload, 0, batch, 61, payload.length);
        return ByteBuffer.wrap(batch, 61, payload.length).slice();
    }

    private static ByteBuffer directAtPosition(byte[] payload) {
        ByteBuffer direct = ByteBuffer.allocateDirect(payload.length + 100);
        direct.position(33);
        direct.put(payload);
        direct.position(33).limit(33 + payload.length);
        return direct;
    }

    private static ByteBuffer readOnlyHeap(byte[] payload) {
        return heapSlice(payload).asReadOnlyBuffer();
    }

    private void decodesEveryKind(Function<byte[], ByteBuffer> wrap) {
        for (byte[] event : EVENTS.subList(2500, 2600)) {
            byte[] dictionaryFrame = codec.compress(event);
            assertEquals(PayloadKind.DICTIONARY_FRAME.marker(), dictionaryFrame[0] & 0xFF);
            byte[] plain = new byte[ZdictCodec.maxCompressedLength(event.length)];
            int plainLength = codec.compressWithoutDictionary(event, 0, event.length, plain, 0);
            byte[] stored = new byte[ZdictCodec.maxCompressedLength(event.length)];
            int storedLength = codec.store(event, 0, event.length, stored, 0);
            for (byte[] payload : List.of(
                    dictionaryFrame,
                    java.util.Arrays.copyOf(plain, plainLength),
                    java.util.Arrays.copyOf(stored, storedLength))) {
                ByteBuffer buffer = wrap.apply(payload);
                int position = buffer.position();
                assertArrayEquals(event, codec.decompress(buffer));
                assertEquals(position, buffer.position(), "the buffer's position is left alone");
            }
        }
    }

    @Test
    void decodesFromAHeapSliceWithAnArrayOffset() {
        decodesEveryKind(ByteBufferDecodeTest::heapSlice);
    }

    @Test
    void decodesFromADirectBufferAtItsPosition() {
        decodesEveryKind(ByteBufferDecodeTest::directAtPosition);
    }

    @Test
    void decodesFromAReadOnlyHeapBuffer() {
        decodesEveryKind(ByteBufferDecodeTest::readOnlyHeap);
    }

    @Test
    void tellsTheListenerThePrefixAndLengthsOfEachDecode() {
        byte[] event = EVENTS.get(2600);
        byte[] plain = new byte[ZdictCodec.maxCompressedLength(event.length)];
        int plainLength = codec.compressWithoutDictionary(event, 0, event.length, plain, 0);
        byte[] stored = new byte[ZdictCodec.maxCompressedLength(event.length)];
        int storedLength = codec.store(event, 0, event.length, stored, 0);
        List<byte[]> payloads = List.of(
                codec.compress(event),
                java.util.Arrays.copyOf(plain, plainLength),
                java.util.Arrays.copyOf(stored, storedLength));
        for (Function<byte[], ByteBuffer> wrap : List.<Function<byte[], ByteBuffer>>of(
                ByteBufferDecodeTest::heapSlice, ByteBufferDecodeTest::directAtPosition, ByteBuffer::wrap)) {
            for (byte[] payload : payloads) {
                List<String> told = new java.util.ArrayList<>();
                ZdictCodec.DecodeListener listener =
                        (prefix, decoded, length) -> told.add(prefix.label() + " " + decoded + " " + length);
                String expected = PayloadPrefix.read(payload, 0, payload.length).label() + " " + event.length + " "
                        + payload.length;
                assertArrayEquals(event, codec.decompress(wrap.apply(payload), listener));
                assertArrayEquals(event, codec.decompress(payload, listener));
                assertEquals(List.of(expected, expected), told);
            }
        }
    }

    @Test
    void tellsTheListenerNothingWhenTheDecodeFails() {
        byte[] whole = codec.compress(EVENTS.get(2601));
        byte[] payload = java.util.Arrays.copyOf(whole, whole.length - 3);
        List<PayloadPrefix> told = new java.util.ArrayList<>();
        assertThrows(
                CorruptPayloadException.class,
                () -> codec.decompress(directAtPosition(payload), (prefix, decoded, length) -> told.add(prefix)));
        assertThrows(
                CorruptPayloadException.class,
                () -> codec.decompress(payload, (prefix, decoded, length) -> told.add(prefix)));
        assertEquals(List.of(), told);
    }

    @Test
    void decodesADirectFrameThatDeclaresNoSize() {
        byte[] event = EVENTS.get(2700);
        // The streaming API writes frames without a content size.
        byte[] streamed;
        try (java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                com.github.luben.zstd.ZstdOutputStream zstd = new com.github.luben.zstd.ZstdOutputStream(out)) {
            zstd.write(event);
            zstd.close();
            streamed = out.toByteArray();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        byte[] payload = new byte[streamed.length + 1];
        payload[0] = (byte) PayloadKind.PLAIN_FRAME.marker();
        System.arraycopy(streamed, 0, payload, 1, streamed.length);
        assertEquals(-1, codec.decompressedLength(payload, 0, payload.length));
        assertArrayEquals(event, codec.decompress(directAtPosition(payload)));
    }

    @Test
    void refusesAFrameCutShortInADirectBuffer() {
        byte[] whole = codec.compress(EVENTS.get(2800));
        byte[] payload = java.util.Arrays.copyOf(whole, whole.length - 3);
        CorruptPayloadException e =
                assertThrows(CorruptPayloadException.class, () -> codec.decompress(directAtPosition(payload)));
        assertTrue(e.getMessage().contains("dictionary version 1"), e.getMessage());
        assertThrows(CorruptPayloadException.class, () -> codec.decompress(heapSlice(payload)));
    }

    @Test
    void refusesATruncatedDirectPayload() {
        byte[] payload = codec.compress(EVENTS.get(2801));
        CorruptPayloadException e = assertThrows(
                CorruptPayloadException.class,
                () -> codec.decompress(directAtPosition(java.util.Arrays.copyOf(payload, 5))));
        assertTrue(e.getMessage().contains("Truncated"), e.getMessage());
    }

    @Test
    void checksTheLimitBeforeAllocatingForADirectPayload() {
        byte[] event = EVENTS.get(2802);
        try (ZdictCodec small = ZdictCodec.builder(registry)
                .checksum(false)
                .maxDecompressedSize(event.length - 1)
                .build()) {
            byte[] payload = codec.compress(event);
            assertThrows(PayloadTooLargeException.class, () -> small.decompress(directAtPosition(payload)));
        }
    }
}
