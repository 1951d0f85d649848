package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** One cache holds both kinds' dictionaries, zstd's digested ones and LZ4's windows, under one bound. */
class MixedKindCacheTest {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3000, 5);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 2000), 96 << 10, 3);
    private static final long BOUND = 2 << 20;
    private static final Map<String, String> LZ4 = Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4");

    @Test
    void manyLz4VersionsStayWithinTheBoundAndStillDecode() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        for (int v = 1; v <= 12; v++) {
            registry.publish(DICTIONARY, 3, LZ4);
        }
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).dictionaryCacheBytes(BOUND).build()) {
            for (int round = 0; round < 3; round++) {
                for (int v = 1; v <= 12; v++) {
                    byte[] event = EVENTS.get(2000 + v * 7 + round);
                    assertArrayEquals(event, codec.decompress(codec.compress(v, event)), "version " + v);
                    ZdictCodec.CacheStats stats = codec.cacheStats();
                    assertTrue(stats.bytes() <= BOUND, stats.toString());
                }
            }
            assertTrue(codec.cacheStats().evictions() > 0, codec.cacheStats().toString());
        }
    }

    /**
     * Six LZ4 versions alone fill the bound, and so would six zstd versions: met in turns, the two kinds
     * still share one bound (two caches, one per kind, would each fill it). Past the bound only what the
     * codec's two native contexts still reference may be held: one digested dictionary each.
     */
    @Test
    void bothKindsInTurnsStayWithinOneBound() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        for (int v = 1; v <= 12; v++) {
            registry.publish(DICTIONARY, 3, v % 2 == 0 ? LZ4 : Map.of());
        }
        long referencedSlack =
                DigestedSizes.forCompression(DICTIONARY.length, 3) + DigestedSizes.forDecompression(DICTIONARY.length);
        try (ZdictCodec codec =
                ZdictCodec.builder(registry).dictionaryCacheBytes(BOUND).build()) {
            for (int round = 0; round < 3; round++) {
                for (int v = 1; v <= 12; v++) {
                    byte[] event = EVENTS.get(2000 + v * 7 + round);
                    byte[] payload = codec.compress(v, event);
                    assertEquals(v % 2 == 0 ? 0xD0 : 0xD1, payload[0] & 0xFF, "version " + v + "'s kind");
                    assertArrayEquals(event, codec.decompress(payload), "version " + v);
                    ZdictCodec.CacheStats stats = codec.cacheStats();
                    assertTrue(stats.bytes() <= BOUND + referencedSlack, stats.toString());
                }
            }
            ZdictCodec.CacheStats stats = codec.cacheStats();
            assertTrue(stats.evictions() > 0, stats.toString());
            assertEquals(BOUND, stats.limitBytes());
        }
    }

    @Test
    void evictsTheLeastRecentlyUsedWhateverItsKind() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(DICTIONARY, 3, LZ4);
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(DICTIONARY, 3, LZ4);
        DictionaryCache cache = new DictionaryCache(registry, OptionalInt.empty(), 1);
        Lz4Window first = cache.lz4ForDecoding(1);
        cache.referenceForDecompression(2).release();
        assertEquals(1, cache.stats().evictions(), "the LZ4 window of version 1 made way for version 2");
        assertEquals(1, cache.stats().entries());
        assertNotNull(cache.lz4ForDecoding(3));
        assertEquals(2, cache.stats().evictions(), "then zstd's version 2 for LZ4's version 3");
        assertEquals(first.bytes(), cache.stats().bytes(), "nothing referenced is left beyond the bound");
        cache.close();
        assertEquals(0, cache.stats().bytes());
    }

    @Test
    void aZstdVersionWritesZstdAndItsLz4BlocksStillDecode() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(DICTIONARY, 3, Map.of());
        registry.publish(DICTIONARY, 3, LZ4);
        DictionaryCache cache = new DictionaryCache(registry, OptionalInt.empty(), BOUND);
        assertFalse(cache.writesLz4(1));
        assertTrue(cache.writesLz4(2));
        assertNotNull(cache.lz4ForDecoding(1), "an LZ4 payload naming a zstd version still decodes");
        assertEquals(1, cache.stats().loads(), "only the window: a version's codec is read from its record");
        cache.close();
    }
}
