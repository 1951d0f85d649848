package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptDictionaryException;
import org.zdict.CorruptPayloadException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.PayloadKind;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

class ZdictCodecTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3000, 42);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 2500), 16 << 10, 3);

    private DictionaryRegistry registry;
    private ZdictCodec codec;

    @BeforeEach
    void setUp() {
        registry = DictionaryRegistries.inMemory();
        registry.activate(
                registry.publish(DICTIONARY, 3, Map.of("purpose", "test")).version());
        codec = ZdictCodec.of(registry);
    }

    @AfterEach
    void tearDown() {
        codec.close();
    }

    @Test
    void roundTripsEdgeCases() {
        byte[] allBytes = new byte[256];
        for (int i = 0; i < 256; i++) {
            allBytes[i] = (byte) i;
        }
        for (byte[] input : List.of(new byte[0], new byte[] {7}, allBytes, "{}".getBytes(StandardCharsets.UTF_8))) {
            assertArrayEquals(input, codec.decompress(codec.compress(input)));
        }
    }

    @Test
    void roundTripsLargeJsonDocument() {
        StringBuilder json = new StringBuilder("{\"catalog\":[");
        int i = 0;
        while (json.length() < 4 << 20) {
            json.append(new String(EVENTS.get(i++ % EVENTS.size()), StandardCharsets.UTF_8))
                    .append(',');
        }
        json.append("{}]}");
        byte[] input = json.toString().getBytes(StandardCharsets.UTF_8);
        byte[] payload = codec.compress(input);
        assertTrue(payload.length < input.length / 4, "4 MiB of events should compress well, got " + payload.length);
        assertArrayEquals(input, codec.decompress(payload));
    }

    @Test
    void usesActiveVersionAndNamesItInPrefix() {
        byte[] payload = codec.compress(EVENTS.get(2900));
        PayloadPrefix prefix = PayloadPrefix.read(payload, 0, payload.length);
        assertTrue(prefix.isDictionaryFrame());
        assertEquals(1, prefix.version());
        assertEquals(2, prefix.length());
        assertTrue(PayloadPrefix.startsWithZstdMagic(payload, 2, payload.length - 2));
    }

    @Test
    void dictionaryBeatsPlainZstdOnSingleEvents() {
        long withDictionary = 0;
        long without = 0;
        byte[] scratch = new byte[ZdictCodec.maxCompressedLength(4096)];
        for (byte[] event : EVENTS.subList(2500, 3000)) {
            withDictionary += codec.compress(event, 0, event.length, scratch, 0);
            without += codec.compressWithoutDictionary(event, 0, event.length, scratch, 0);
        }
        assertTrue(withDictionary * 2 < without, "dictionary " + withDictionary + " vs plain " + without);
    }

    @Test
    void uncheckedCodecStoresIncompressibleInputWithOneByteOverhead() {
        byte[] random = new byte[1000];
        new Random(1).nextBytes(random);
        try (ZdictCodec unchecked = ZdictCodec.builder(registry).checksum(false).build()) {
            byte[] payload = unchecked.compress(random);
            assertEquals(random.length + 1, payload.length);
            assertEquals(PayloadKind.STORED.marker(), payload[0] & 0xFF);
            assertArrayEquals(random, unchecked.decompress(payload));
        }
    }

    @Test
    void defaultCodecChecksumsEveryPayloadAndNeverStores() {
        byte[] random = new byte[1000];
        new Random(2).nextBytes(random);
        byte[] payload = codec.compress(random);
        assertEquals(PayloadKind.DICTIONARY_FRAME.marker(), payload[0] & 0xFF);
        assertTrue(org.zdict.internal.FrameHeader.parse(payload, 2, payload.length - 2, 2)
                .checksum());
        assertArrayEquals(random, codec.decompress(payload));
        payload[payload.length - 10] ^= 1;
        assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
    }

    @Test
    void defaultCodecRefusesPayloadsNoChecksumCovers() {
        byte[] event = EVENTS.get(2900);
        byte[] stored = new byte[ZdictCodec.maxCompressedLength(event.length)];
        byte[] uncheckedFrame;
        try (ZdictCodec unchecked = ZdictCodec.builder(registry).checksum(false).build()) {
            stored = Arrays.copyOf(stored, unchecked.store(event, 0, event.length, stored, 0));
            uncheckedFrame = unchecked.compress(event);
            assertArrayEquals(event, unchecked.decompress(codec.compress(event)), "checks off still reads checked");
        }
        for (byte[] payload : List.of(stored, uncheckedFrame)) {
            CorruptPayloadException e = assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
            assertEquals(CorruptPayloadException.Kind.NO_CHECKSUM, e.kind());
            assertTrue(e.getMessage().startsWith("Unchecked payload"), e.getMessage());
            assertThrows(
                    CorruptPayloadException.class,
                    () -> codec.decompress(payload, 0, payload.length, new byte[event.length], 0));
        }
        try (ZdictCodec lenient =
                ZdictCodec.builder(registry).acceptUnchecked(true).build()) {
            assertArrayEquals(event, lenient.decompress(stored));
            assertArrayEquals(event, lenient.decompress(uncheckedFrame));
        }
    }

    @Test
    void compressesWithoutDictionaryWhenNoneIsActive() {
        try (ZdictCodec plain = ZdictCodec.of(DictionaryRegistries.inMemory())) {
            byte[] input = String.join(",", java.util.Collections.nCopies(50, "hello zdict"))
                    .getBytes(StandardCharsets.UTF_8);
            byte[] payload = plain.compress(input);
            assertEquals(PayloadKind.PLAIN_FRAME.marker(), payload[0] & 0xFF);
            assertArrayEquals(input, plain.decompress(payload));
        }
    }

    @Test
    void bufferApiWritesAtOffsets() {
        byte[] event = EVENTS.get(2999);
        byte[] src = new byte[event.length + 10];
        System.arraycopy(event, 0, src, 5, event.length);
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length) + 3];
        int written = codec.compress(src, 5, event.length, dst, 3);
        byte[] out = new byte[event.length + 7];
        int decoded = codec.decompress(dst, 3, written, out, 7);
        assertEquals(event.length, decoded);
        assertArrayEquals(event, Arrays.copyOfRange(out, 7, out.length));
    }

    @Test
    void bufferApiDecodesIntoRoomyDestinationAtOffset() {
        byte[] event = EVENTS.get(2998);
        byte[] payload = codec.compress(event);
        byte[] dst = new byte[event.length + 4096];
        Arrays.fill(dst, (byte) 0x5A);
        int decoded = codec.decompress(payload, 0, payload.length, dst, 11);
        assertEquals(event.length, decoded);
        assertArrayEquals(event, Arrays.copyOfRange(dst, 11, 11 + event.length));
        byte[] before = new byte[11];
        Arrays.fill(before, (byte) 0x5A);
        assertArrayEquals(before, Arrays.copyOf(dst, 11), "bytes before the offset are left alone");
    }

    @Test
    void bufferApiRefusesDestinationWithTooLittleRoom() {
        byte[] event = EVENTS.get(2997);
        byte[] payload = codec.compress(event);
        byte[] dst = new byte[event.length + 6];
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> codec.decompress(payload, 0, payload.length, dst, 7));
        assertEquals(
                "Destination has room for " + (event.length - 1) + " bytes but the payload decodes to " + event.length,
                e.getMessage());
    }

    @Test
    void bufferApiRefusesCorruptFrameIntoRoomyDestination() {
        byte[] event = EVENTS.get(2996);
        byte[] payload = codec.compress(event);
        payload[payload.length - 10] ^= 1;
        byte[] dst = new byte[event.length + 4096];
        assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload, 0, payload.length, dst, 3));
    }

    @Test
    void decodesRetiredVersionsAfterActivatingAnother() {
        byte[] v1Payload = codec.compress(EVENTS.get(2600));
        int v2 = registry.publish(DICTIONARY, 5, Map.of()).version();
        registry.activate(v2);
        registry.retire(1);
        byte[] v2Payload = codec.compress(EVENTS.get(2600));
        assertEquals(v2, PayloadPrefix.read(v2Payload, 0, v2Payload.length).version());
        assertArrayEquals(EVENTS.get(2600), codec.decompress(v1Payload));
        assertArrayEquals(EVENTS.get(2600), codec.decompress(v2Payload));
    }

    @Test
    void rejectsUnknownVersionNamingIt() {
        byte[] payload = codec.compress(EVENTS.get(2700));
        byte[] foreign = payload.clone();
        foreign[1] = 9;
        UnknownDictionaryVersionException e =
                assertThrows(UnknownDictionaryVersionException.class, () -> codec.decompress(foreign));
        assertEquals(9, e.version());
        assertTrue(e.getMessage().contains("version 9"), e.getMessage());
    }

    @Test
    void rejectsEveryTruncation() {
        byte[] payload = codec.compress(EVENTS.get(2800));
        for (int length = 0; length < payload.length; length++) {
            byte[] truncated = Arrays.copyOf(payload, length);
            assertThrows(CorruptPayloadException.class, () -> codec.decompress(truncated), "length " + length);
        }
    }

    @Test
    void rejectsTrailingBytes() {
        byte[] payload = codec.compress(EVENTS.get(2800));
        byte[] longer = Arrays.copyOf(payload, payload.length + 3);
        CorruptPayloadException e = assertThrows(CorruptPayloadException.class, () -> codec.decompress(longer));
        assertTrue(e.getMessage().contains("Corrupt zstd frame (dictionary version 1)"), e.getMessage());
    }

    @Test
    void rejectsDictionaryThatZstdCannotLoad() {
        byte[] broken = DICTIONARY.clone();
        Arrays.fill(broken, 8, broken.length, (byte) 0xFF);
        DictionaryRegistry bad = DictionaryRegistries.inMemory();
        bad.activate(bad.publish(broken, 3, Map.of()).version());
        try (ZdictCodec badCodec = ZdictCodec.of(bad)) {
            assertThrows(CorruptDictionaryException.class, () -> badCodec.compress(EVENTS.get(0)));
        }
    }

    @Test
    void computesZstdsCompressBound() {
        for (int size : new int[] {0, 1, 255, 256, 1000, 131_071, 131_072, 131_073, 1 << 20, 64 << 20}) {
            assertEquals(
                    com.github.luben.zstd.Zstd.compressBound(size),
                    PayloadBounds.zstdCompressBound(size),
                    "size " + size);
        }
    }

    @Test
    void failsClearlyAfterClose() {
        codec.close();
        codec.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> codec.compress(EVENTS.get(0)));
        assertTrue(e.getMessage().contains("closed"));
    }
}
