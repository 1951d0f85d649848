package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The opt-in LZ4 kind ({@code 0xD0}): a version published with {@code zdict.codec=lz4} is written as LZ4
 * blocks against the dictionary's last 64 KiB, and every payload of it decodes exactly, or is refused
 * with the error a user can act on.
 */
class Lz4PayloadTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(6000, 11);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 3000), 32 << 10, 3);
    private static final byte[] REBUILT = TestTrainer.train(EVENTS.subList(1000, 4000), 32 << 10, 3);
    private static final List<byte[]> HELD_OUT = EVENTS.subList(4000, 6000);
    private static final Map<String, String> LZ4 = Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4");

    @Test
    void aVersionPublishedForLz4WritesLz4BlocksThatDecodeExactly() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        for (boolean checksum : new boolean[] {true, false}) {
            try (ZdictCodec codec =
                    ZdictCodec.builder(registry).checksum(checksum).build()) {
                for (byte[] event : HELD_OUT) {
                    byte[] payload = codec.compress(event);
                    PayloadPrefix prefix = PayloadPrefix.read(payload, 0, payload.length);
                    assertTrue(prefix.isLz4Block(), prefix.toString());
                    assertEquals(1, prefix.version());
                    assertEquals(0xD0, payload[0] & 0xFF);
                    assertEquals(event.length, codec.decompressedLength(payload, 0, payload.length));
                    assertArrayEquals(event, codec.decompress(payload));
                    assertTrue(payload.length < event.length / 2, payload.length + " of " + event.length);
                }
            }
        }
    }

    @Test
    void everyDecodeRouteGivesTheSameBytes() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            for (byte[] event : HELD_OUT.subList(0, 200)) {
                byte[] payload = codec.compress(event);
                byte[] framed = new byte[payload.length + 9];
                System.arraycopy(payload, 0, framed, 5, payload.length);
                assertArrayEquals(event, codec.decompress(framed, 5, payload.length));
                byte[] room = new byte[event.length + 40];
                Arrays.fill(room, (byte) 0x5A);
                assertEquals(event.length, codec.decompress(payload, 0, payload.length, room, 7));
                assertArrayEquals(event, Arrays.copyOfRange(room, 7, 7 + event.length));
                for (int i = 7 + event.length; i < room.length; i++) {
                    assertEquals((byte) 0x5A, room[i], "byte " + i + " past the decoded length changed");
                }
                assertArrayEquals(event, codec.decompress(ByteBuffer.wrap(framed, 5, payload.length)));
                ByteBuffer direct = ByteBuffer.allocateDirect(payload.length);
                direct.put(payload).flip();
                assertArrayEquals(event, codec.decompress(direct));
                assertEquals(0, direct.position());
            }
        }
    }

    @Test
    void versionsWithoutTheKeyStillWriteZstdAndBothKindsDecodeInOneCodec() {
        DictionaryRegistry registry = registryWith(DICTIONARY, Map.of());
        registry.publish(DICTIONARY, 3, LZ4);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] event = HELD_OUT.get(0);
            byte[] zstd = codec.compress(1, event);
            byte[] lz4 = codec.compress(2, event);
            assertEquals(0xD1, zstd[0] & 0xFF);
            assertEquals(0xD0, lz4[0] & 0xFF);
            assertArrayEquals(event, codec.decompress(zstd));
            assertArrayEquals(event, codec.decompress(lz4));
        }
    }

    @Test
    void emptyAndIncompressibleInputs() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        byte[] noise = new byte[3000];
        new Random(5).nextBytes(noise);
        try (ZdictCodec checked = ZdictCodec.of(registry);
                ZdictCodec unchecked =
                        ZdictCodec.builder(registry).checksum(false).build()) {
            assertArrayEquals(new byte[0], checked.decompress(checked.compress(new byte[0])));
            byte[] payload = checked.compress(noise);
            assertEquals(0xD0, payload[0] & 0xFF, "with checksums on, the payload stays checked");
            assertTrue(payload.length <= ZdictCodec.maxCompressedLength(noise.length));
            assertArrayEquals(noise, checked.decompress(payload));
            byte[] stored = unchecked.compress(noise);
            assertEquals(PayloadPrefix.stored().marker(), stored[0] & 0xFF, "without, noise is stored");
            assertArrayEquals(noise, unchecked.decompress(stored));
        }
    }

    @Test
    void aCodecRequiringChecksumsRefusesAnUncheckedLz4Payload() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        try (ZdictCodec writer = ZdictCodec.builder(registry).checksum(false).build();
                ZdictCodec strict = ZdictCodec.of(registry);
                ZdictCodec lenient =
                        ZdictCodec.builder(registry).acceptUnchecked(true).build()) {
            byte[] event = HELD_OUT.get(3);
            byte[] payload = writer.compress(event);
            CorruptPayloadException e = assertThrows(CorruptPayloadException.class, () -> strict.decompress(payload));
            assertEquals(CorruptPayloadException.Kind.NO_CHECKSUM, e.kind());
            assertTrue(
                    e.getMessage().contains("LZ4 block (dictionary version 1, LZ4) carries no content checksum"),
                    e.getMessage());
            assertArrayEquals(event, lenient.decompress(payload));
        }
    }

    @Test
    void aRebuiltRegistryIsNamedAsTheWrongDictionary() {
        for (boolean checksum : new boolean[] {true, false}) {
            try (ZdictCodec producer = ZdictCodec.builder(registryWith(DICTIONARY, LZ4))
                            .checksum(checksum)
                            .build();
                    ZdictCodec consumer = ZdictCodec.builder(registryWith(REBUILT, LZ4))
                            .checksum(checksum)
                            .build()) {
                for (byte[] event : HELD_OUT.subList(0, 300)) {
                    byte[] payload = producer.compress(event);
                    CorruptPayloadException e =
                            assertThrows(CorruptPayloadException.class, () -> consumer.decompress(payload));
                    assertEquals(CorruptPayloadException.Kind.DICTIONARY_MISMATCH, e.kind());
                    assertEquals(OptionalInt.of(1), e.dictionaryVersion());
                    assertTrue(e.getMessage().contains("another dictionary than version 1"), e.getMessage());
                }
            }
        }
    }

    @Test
    void everyFlippedBitOfACheckedPayloadIsRefusedOrChangesNothing() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        registry.publish(REBUILT, 3, LZ4);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            for (byte[] event : HELD_OUT.subList(0, 20)) {
                byte[] payload = codec.compress(event);
                for (int bit = 0; bit < payload.length * 8; bit++) {
                    byte[] mutated = payload.clone();
                    mutated[bit / 8] ^= (byte) (1 << (bit % 8));
                    try {
                        assertArrayEquals(event, codec.decompress(mutated), "bit " + bit + " decoded to other bytes");
                    } catch (CorruptPayloadException | UnknownDictionaryVersionException expected) {
                        // refused: what a flipped bit must cause when it changes the content
                    }
                }
            }
        }
    }

    @Test
    void everyTruncationIsRefused() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        for (boolean checksum : new boolean[] {true, false}) {
            try (ZdictCodec codec =
                    ZdictCodec.builder(registry).checksum(checksum).build()) {
                for (byte[] event : HELD_OUT.subList(0, 20)) {
                    byte[] payload = codec.compress(event);
                    for (int length = 0; length < payload.length; length++) {
                        byte[] cut = Arrays.copyOf(payload, length);
                        assertThrows(CorruptPayloadException.class, () -> codec.decompress(cut), "length " + length);
                    }
                }
            }
        }
    }

    @Test
    void headerErrorsAreNamed() {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).maxDecompressedSize(1000).build()) {
            CorruptPayloadException cut =
                    assertThrows(CorruptPayloadException.class, () -> codec.decompress(new byte[] {(byte) 0xD0, 1}));
            assertEquals(CorruptPayloadException.Kind.TRUNCATED, cut.kind());
            assertTrue(cut.getMessage().contains("LZ4 block header"), cut.getMessage());
            byte[] redundant = {(byte) 0xD0, 1, (byte) 0x80, 0, 0, 0, 0};
            CorruptPayloadException nonCanonical =
                    assertThrows(CorruptPayloadException.class, () -> codec.decompress(redundant));
            assertTrue(nonCanonical.getMessage().contains("non-canonical"), nonCanonical.getMessage());
            byte[] huge = {(byte) 0xD0, 1, (byte) 0x83, (byte) 0x89, 0x7A, 0, 0, 0}; // 1,000,001 bytes, checked
            assertThrows(PayloadTooLargeException.class, () -> codec.decompress(huge));
            byte[] tooLong = {(byte) 0xD0, 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x7F, 0, 0, 0};
            CorruptPayloadException overSized =
                    assertThrows(CorruptPayloadException.class, () -> codec.decompress(tooLong));
            assertTrue(overSized.getMessage().contains("more than one payload holds"), overSized.getMessage());
        }
    }

    @Test
    void publishingRefusesAnUnknownCodec() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> registry.publish(DICTIONARY, 3, Map.of(DictionaryInfo.Codec.METADATA_KEY, "brotli")));
        assertTrue(e.getMessage().contains("Unknown dictionary codec 'brotli': expected zstd or lz4"), e.getMessage());
        assertTrue(registry.list().isEmpty());
        assertEquals(DictionaryInfo.Codec.ZSTD, DictionaryInfo.Codec.of(Map.of()));
        assertEquals(DictionaryInfo.Codec.LZ4, DictionaryInfo.Codec.of(LZ4));
    }

    @Test
    void manyThreadsShareOneCodec() throws InterruptedException {
        DictionaryRegistry registry = registryWith(DICTIONARY, LZ4);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            Thread[] threads = new Thread[4];
            Throwable[] failure = new Throwable[1];
            for (int t = 0; t < threads.length; t++) {
                int first = t * 500;
                threads[t] = new Thread(() -> {
                    try {
                        for (int round = 0; round < 3; round++) {
                            for (byte[] event : HELD_OUT.subList(first, first + 500)) {
                                assertArrayEquals(event, codec.decompress(codec.compress(event)));
                            }
                        }
                    } catch (Throwable e) {
                        failure[0] = e;
                    }
                });
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            if (failure[0] != null) {
                throw new AssertionError(failure[0]);
            }
        }
    }

    private static DictionaryRegistry registryWith(byte[] dictionary, Map<String, String> metadata) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(dictionary, 3, metadata);
        registry.activate(1);
        return registry;
    }
}
