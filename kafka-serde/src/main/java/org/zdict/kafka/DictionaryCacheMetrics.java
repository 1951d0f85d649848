package org.zdict.kafka;

import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.zdict.codec.ZdictCodec;

/**
 * The metrics of a serde's cache of digested dictionaries ({@code zdict.dictionary.cache.bytes}), read
 * from its codec when reported: the sum over the caches given (one per serde, or the serdes that share
 * JMX names).
 */
final class DictionaryCacheMetrics {
    private DictionaryCacheMetrics() {}

    static void publish(Supplier<List<ZdictCodec.CacheStats>> caches, VersionCounters.Publisher publisher) {
        publisher.add(
                ZdictMetrics.CACHE_BYTES,
                "Native bytes of the digested dictionaries held",
                (config, now) -> sum(caches, ZdictCodec.CacheStats::bytes));
        publisher.add(
                ZdictMetrics.CACHE_EVICTIONS,
                "Digested dictionaries evicted to keep to zdict.dictionary.cache.bytes",
                (config, now) -> sum(caches, ZdictCodec.CacheStats::evictions));
        publisher.add(
                ZdictMetrics.CACHE_LOADS,
                "Dictionaries digested, again after an eviction included",
                (config, now) -> sum(caches, ZdictCodec.CacheStats::loads));
    }

    private static double sum(
            Supplier<List<ZdictCodec.CacheStats>> caches, ToLongFunction<ZdictCodec.CacheStats> field) {
        long total = 0;
        for (ZdictCodec.CacheStats stats : caches.get()) {
            total += field.applyAsLong(stats);
        }
        return total;
    }
}
