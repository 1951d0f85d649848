package org.zdict.kafka;

import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.zdict.codec.DictionaryCacheStats;

/**
 * The metrics of a serde's cache of digested dictionaries ({@code zdict.dictionary.cache.bytes}), read
 * from its codec when reported: the sum over the caches given (one per serde, or the serdes that share
 * JMX names).
 */
final class DictionaryCacheMetrics {
    private DictionaryCacheMetrics() {}

    static void publish(Supplier<List<DictionaryCacheStats>> caches, VersionCounters.Publisher publisher) {
        publisher.add(
                ZdictMetrics.CACHE_BYTES,
                "Native bytes of the digested dictionaries held",
                (config, now) -> sum(caches, DictionaryCacheStats::bytes));
        publisher.add(
                ZdictMetrics.CACHE_EVICTIONS,
                "Digested dictionaries evicted to keep to zdict.dictionary.cache.bytes",
                (config, now) -> sum(caches, DictionaryCacheStats::evictions));
        publisher.add(
                ZdictMetrics.CACHE_LOADS,
                "Dictionaries digested, again after an eviction included",
                (config, now) -> sum(caches, DictionaryCacheStats::loads));
    }

    private static double sum(Supplier<List<DictionaryCacheStats>> caches, ToLongFunction<DictionaryCacheStats> field) {
        long total = 0;
        for (DictionaryCacheStats stats : caches.get()) {
            total += field.applyAsLong(stats);
        }
        return total;
    }
}
