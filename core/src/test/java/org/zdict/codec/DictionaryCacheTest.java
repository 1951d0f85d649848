package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.ManyDictionaries;
import org.zdict.testing.SampleEvents;

/**
 * The codec's bounded cache of digested dictionaries: it keeps to its bound by evicting the least
 * recently used versions, digests an evicted version again when needed, never frees one a call is using,
 * and frees everything on close. Checksums are off so frames name their dictionary id: a payload decoded
 * with another version's dictionary fails instead of decoding by luck.
 */
class DictionaryCacheTest {
    private static final int VERSIONS = 24;
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(2400, 11);
    private static DictionaryRegistry registry;
    /** payloads[v - 1][i]: EVENTS.get(i) compressed with version v. */
    private static byte[][][] payloads;

    private static long decompressionBytes;

    @BeforeAll
    static void publishVersions() {
        registry = DictionaryRegistries.inMemory();
        List<byte[]> dictionaries = ManyDictionaries.distinct(VERSIONS, EVENTS, 4096, 3);
        for (byte[] dictionary : dictionaries) {
            registry.publish(dictionary, 3, Map.of());
        }
        registry.activate(1);
        assertTrue(dictionaries.stream().allMatch(d -> d.length == dictionaries.get(0).length));
        decompressionBytes = DigestedSizes.forDecompression(dictionaries.get(0).length);
        payloads = new byte[VERSIONS][64][];
        try (ZdictCodec unbounded = uncheckedCodec(Long.MAX_VALUE)) {
            for (int v = 1; v <= VERSIONS; v++) {
                for (int i = 0; i < 64; i++) {
                    payloads[v - 1][i] = unbounded.compress(v, EVENTS.get(i));
                }
            }
        }
    }

    private static ZdictCodec uncheckedCodec(long cacheBytes) {
        return ZdictCodec.builder(registry)
                .checksum(false)
                .dictionaryCacheBytes(cacheBytes)
                .build();
    }

    @Test
    void keepsToItsBoundDecodingRoundRobinOverMoreVersionsThanFit() {
        long bound = 5 * decompressionBytes;
        try (ZdictCodec codec = uncheckedCodec(bound)) {
            for (int round = 0; round < 3; round++) {
                for (int v = 1; v <= VERSIONS; v++) {
                    assertArrayEquals(EVENTS.get(round), codec.decompress(payloads[v - 1][round]));
                    ZdictCodec.CacheStats stats = codec.cacheStats();
                    assertTrue(stats.bytes() <= bound, stats + " after version " + v);
                    assertTrue(stats.entries() <= 5, stats.toString());
                }
            }
            ZdictCodec.CacheStats stats = codec.cacheStats();
            assertEquals(
                    new ZdictCodec.CacheStats(5 * decompressionBytes, bound, 5, 3L * VERSIONS, 3L * VERSIONS - 5),
                    stats);
        }
    }

    @Test
    void evictsTheLeastRecentlyUsedAndDigestsItAgainWhenNeeded() {
        try (ZdictCodec codec = uncheckedCodec(3 * decompressionBytes)) {
            for (int v : new int[] {1, 2, 3, 1}) {
                assertArrayEquals(EVENTS.get(v), codec.decompress(payloads[v - 1][v]));
            }
            assertEquals(3, codec.cacheStats().loads());

            codec.decompress(payloads[3][0]); // version 4 evicts 2, used longest ago; 1 was used since
            assertEquals(1, codec.cacheStats().evictions());
            codec.decompress(payloads[0][5]);
            codec.decompress(payloads[2][5]);
            assertEquals(4, codec.cacheStats().loads(), "versions 1 and 3 are still cached");

            assertArrayEquals(EVENTS.get(9), codec.decompress(payloads[1][9]), "version 2, digested again");
            assertEquals(5, codec.cacheStats().loads());
            assertEquals(2, codec.cacheStats().evictions());
        }
    }

    @Test
    void countsCompressionAndDecompressionDictionariesInOneBound() {
        int size = registry.get(1).content().length;
        long compression = DigestedSizes.forCompression(size, 3);
        try (ZdictCodec codec = uncheckedCodec(Long.MAX_VALUE)) {
            byte[] payload = codec.compress(EVENTS.get(0));
            assertArrayEquals(EVENTS.get(0), codec.decompress(payload));
            assertEquals(
                    new ZdictCodec.CacheStats(compression + decompressionBytes, Long.MAX_VALUE, 2, 2, 0),
                    codec.cacheStats());
        }
        try (ZdictCodec codec = uncheckedCodec(compression)) {
            byte[] payload = codec.compress(EVENTS.get(0));
            assertArrayEquals(EVENTS.get(0), codec.decompress(payload));
            ZdictCodec.CacheStats stats = codec.cacheStats();
            assertEquals(1, stats.entries(), stats.toString());
            assertEquals(1, stats.evictions(), stats.toString());
            assertEquals(
                    compression + decompressionBytes,
                    stats.bytes(),
                    "the evicted compression dictionary stays loaded in its idle context: " + stats);
            codec.compressWithoutDictionary(EVENTS.get(0), 0, 0, new byte[128], 0);
            assertEquals(decompressionBytes, codec.cacheStats().bytes(), "freed once the context moved on");
        }
    }

    @Test
    void digestsADictionaryLargerThanTheBoundForTheCallThatNeedsIt() {
        try (ZdictCodec codec = uncheckedCodec(1)) {
            for (int v = 1; v <= 4; v++) {
                assertArrayEquals(EVENTS.get(v), codec.decompress(payloads[v - 1][v]));
                byte[] again = codec.compress(v, EVENTS.get(v));
                assertArrayEquals(EVENTS.get(v), codec.decompress(again));
            }
            ZdictCodec.CacheStats stats = codec.cacheStats();
            assertEquals(1, stats.entries(), stats.toString());
            // Per version: one for decompression, one for compression that evicts it; the second decode
            // goes on with the evicted dictionary its context still holds, instead of digesting it again.
            assertEquals(8, stats.loads(), stats.toString());
        }
    }

    @Test
    void anEvictedDictionaryStaysUsableUntilItsLastReferenceIsReleased() {
        DictionaryCache cache = new DictionaryCache(registry, OptionalInt.empty(), 1);
        DigestedDictionary<ZstdDictDecompress> first = cache.referenceForDecompression(1);
        DigestedDictionary<ZstdDictDecompress> second = cache.referenceForDecompression(2);
        assertEquals(1, cache.stats().evictions(), "version 1 made way for version 2");
        assertEquals(2 * decompressionBytes, cache.stats().bytes(), "but a reference keeps it");

        byte[] payload = payloads[0][3];
        int prefix = PayloadPrefix.read(payload, 0, payload.length).length();
        byte[] out = new byte[EVENTS.get(3).length];
        try (ZstdDecompressCtx context = new ZstdDecompressCtx()) {
            context.loadDict(first.digested());
            context.decompressByteArray(out, 0, out.length, payload, prefix, payload.length - prefix);
            context.loadDict((ZstdDictDecompress) null);
        }
        assertArrayEquals(EVENTS.get(3), out);

        first.release();
        assertEquals(decompressionBytes, cache.stats().bytes(), "freed with its last reference");
        assertFalse(first.tryReference(), "a freed dictionary is never handed out again");
        second.release();
        cache.close();
        assertEquals(0, cache.stats().bytes());
    }

    @Test
    void closeFreesEveryDictionary() {
        ZdictCodec codec = uncheckedCodec(Long.MAX_VALUE);
        for (int v = 1; v <= VERSIONS; v++) {
            codec.decompress(payloads[v - 1][0]);
            codec.compress(v, EVENTS.get(0));
        }
        assertEquals(2 * VERSIONS, codec.cacheStats().entries());
        assertTrue(codec.cacheStats().bytes() > VERSIONS * decompressionBytes);
        codec.close();
        ZdictCodec.CacheStats stats = codec.cacheStats();
        assertEquals(0, stats.bytes(), stats.toString());
        assertEquals(0, stats.entries(), stats.toString());
    }

    @Test
    void rejectsABoundThatIsNotPositive() {
        ZdictCodecBuilder builder = ZdictCodec.builder(registry);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> builder.dictionaryCacheBytes(0));
        assertEquals("dictionaryCacheBytes must be positive, got 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> builder.dictionaryCacheBytes(-5));
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            assertEquals(
                    ZdictCodecBuilder.DEFAULT_DICTIONARY_CACHE_BYTES,
                    codec.cacheStats().limitBytes());
        }
    }

    /**
     * Eight threads compress and decode round robin over all versions while the bound holds a few (or
     * none: bound 1 evicts everything but the dictionary just digested): dictionaries are evicted while
     * other threads' contexts use them, and every call still returns the exact bytes.
     */
    @ParameterizedTest(name = "bound of {0} decompression dictionaries")
    @ValueSource(ints = {0, 4})
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void manyThreadsOverMoreVersionsThanFitNeverFail(int dictionaries) throws Exception {
        int threads = 8;
        int rounds = 1500;
        long bound = Math.max(1, dictionaries * decompressionBytes);
        AtomicLong calls = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ZdictCodec codec = uncheckedCodec(bound);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    byte[] scratch = new byte[ZdictCodec.maxCompressedLength(1024)];
                    byte[] out = new byte[1024];
                    for (int i = 0; i < rounds; i++) {
                        int v = 1 + (thread * 5 + i) % VERSIONS;
                        int e = (thread + i) % 64;
                        assertArrayEquals(EVENTS.get(e), codec.decompress(payloads[v - 1][e]));
                        if (i % 4 == thread % 4) {
                            byte[] event = EVENTS.get(e);
                            int written = codec.compress(v, event, 0, event.length, scratch, 0);
                            int decoded = codec.decompress(scratch, 0, written, out, 0);
                            assertArrayEquals(event, Arrays.copyOf(out, decoded));
                        }
                        calls.incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(80, TimeUnit.SECONDS);
            }
            ZdictCodec.CacheStats stats = codec.cacheStats();
            long largest = DigestedSizes.forCompression(registry.get(1).content().length, 3);
            assertTrue(stats.bytes() <= bound + 2L * threads * largest, stats.toString());
            assertTrue(stats.evictions() > 0, stats.toString());
        } finally {
            pool.shutdownNow();
            codec.close();
        }
        assertEquals((long) threads * rounds, calls.get());
        assertEquals(0, codec.cacheStats().bytes(), "all freed on close: " + codec.cacheStats());
    }
}
