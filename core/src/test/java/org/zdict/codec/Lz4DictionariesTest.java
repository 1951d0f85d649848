package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zdict.registry.DictionaryCodec;
import org.zdict.registry.InMemoryDictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.train.DictionaryTrainer;

/** The LZ4 windows a codec holds stay within its bound however many versions it meets. */
class Lz4DictionariesTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3000, 5);
    private static final byte[] DICTIONARY = DictionaryTrainer.train(EVENTS.subList(0, 2000), 96 << 10, 3);
    private static final long BOUND = 1 << 20;

    @Test
    void manyLz4VersionsStayWithinTheBoundAndStillDecode() {
        InMemoryDictionaryRegistry registry = new InMemoryDictionaryRegistry();
        for (int v = 1; v <= 12; v++) {
            registry.publish(DICTIONARY, 3, Map.of(DictionaryCodec.METADATA_KEY, "lz4"));
        }
        Lz4Dictionaries windows = new Lz4Dictionaries(registry, BOUND);
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).dictionaryCacheBytes(BOUND).build()) {
            for (int round = 0; round < 3; round++) {
                for (int v = 1; v <= 12; v++) {
                    byte[] event = EVENTS.get(2000 + v * 7 + round);
                    assertArrayEquals(event, codec.decompress(codec.compress(v, event)), "version " + v);
                    assertNotNull(windows.forCompression(v));
                    assertNotNull(windows.forDecoding(v));
                    assertTrue(windows.cachedBytes() <= BOUND, windows.cachedBytes() + " bytes held");
                }
            }
        }
    }

    @Test
    void aZstdVersionHasNoCompressionWindow() {
        InMemoryDictionaryRegistry registry = new InMemoryDictionaryRegistry();
        registry.publish(DICTIONARY, 3, Map.of());
        Lz4Dictionaries windows = new Lz4Dictionaries(registry, BOUND);
        assertNull(windows.forCompression(1));
        assertNotNull(windows.forDecoding(1), "an LZ4 payload naming a zstd version still decodes");
    }
}
