package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.zdict.CorruptPayloadException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * A payload decoded against another dictionary under the version number it names: a consumer pointed at
 * the wrong registry, a registry rebuilt from scratch, a prefix naming another existing version. Without
 * a check, zstd decodes some such payloads into other bytes with no error; every one must be refused.
 */
class WrongDictionaryTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(8000, 7);
    private static final byte[] FIRST = TestTrainer.train(EVENTS.subList(0, 3000), 16 << 10, 3);
    private static final byte[] REBUILT = TestTrainer.train(EVENTS.subList(1000, 4000), 16 << 10, 3);

    @Test
    void trainedDictionariesHaveShortDistinctIds() {
        long first = idOf(FIRST);
        long rebuilt = idOf(REBUILT);
        assertTrue(first >= 32768 && first <= 65535, "id " + first);
        assertTrue(rebuilt >= 32768 && rebuilt <= 65535, "id " + rebuilt);
        assertTrue(first != rebuilt);
    }

    @Test
    void refusesEveryPayloadReadAgainstARebuiltRegistry() {
        DictionaryRegistry writer = registryWith(FIRST);
        DictionaryRegistry rebuilt = registryWith(REBUILT);
        try (ZdictCodec producer = ZdictCodec.builder(writer).checksum(false).build();
                ZdictCodec consumer =
                        ZdictCodec.builder(rebuilt).checksum(false).build()) {
            for (byte[] event : EVENTS.subList(4000, 8000)) {
                byte[] payload = producer.compress(event);
                CorruptPayloadException e =
                        assertThrows(CorruptPayloadException.class, () -> consumer.decompress(payload));
                assertEquals(CorruptPayloadException.Kind.DICTIONARY_MISMATCH, e.kind());
                assertEquals(OptionalInt.of(1), e.dictionaryVersion());
                assertTrue(e.getMessage().contains("another dictionary than version 1"), e.getMessage());
            }
        }
    }

    @Test
    void refusesAPrefixNamingAnotherExistingVersion() {
        DictionaryRegistry registry = registryWith(FIRST);
        registry.publish(REBUILT, 3, Map.of());
        try (ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            for (byte[] event : EVENTS.subList(4000, 6000)) {
                byte[] payload = codec.compress(event);
                assertArrayEquals(event, codec.decompress(payload));
                payload[1] = 2; // the prefix now names version 2
                assertEquals(
                        CorruptPayloadException.Kind.DICTIONARY_MISMATCH,
                        assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload))
                                .kind());
            }
        }
    }

    @Test
    void checksummedPayloadsAreRefusedTooWithoutNamingTheDictionary() {
        try (ZdictCodec producer = ZdictCodec.of(registryWith(FIRST));
                ZdictCodec consumer = ZdictCodec.of(registryWith(REBUILT))) {
            for (byte[] event : EVENTS.subList(4000, 6000)) {
                byte[] payload = producer.compress(event);
                CorruptPayloadException e =
                        assertThrows(CorruptPayloadException.class, () -> consumer.decompress(payload));
                assertTrue(e.getMessage().contains("not the dictionary"), e.getMessage());
            }
        }
    }

    private static DictionaryRegistry registryWith(byte[] dictionary) {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(dictionary, 3, Map.of()).version());
        return registry;
    }

    private static long idOf(byte[] dictionary) {
        return (dictionary[4] & 0xFFL)
                | (dictionary[5] & 0xFFL) << 8
                | (dictionary[6] & 0xFFL) << 16
                | (dictionary[7] & 0xFFL) << 24;
    }
}
