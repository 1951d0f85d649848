package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistry;

/**
 * The codecs of the serdes open in this JVM, one per shared registry ({@link SharedRegistries}) and codec
 * settings (level, decompression limit, dictionary cache bound): serdes that name the same registry with
 * the same settings share one codec, so one cache of digested dictionaries and one pool of native contexts.
 * Kafka Streams makes a serde per task from {@code default.value.serde}; they all share one. Each codec is
 * closed when the last serde that holds it lets go.
 */
final class SharedCodecs {
    private static final Map<Key, Entry> OPEN = new HashMap<>();

    /**
     * What makes two serdes share a codec: the shared registry (by identity: one instance per location and
     * registry settings) and every setting the codec is built with.
     */
    private record Key(DictionaryRegistry registry, int maxDecompressedBytes, long cacheBytes, int level) {
        static Key of(DictionaryRegistry registry, ZdictSerdeConfig config) {
            return new Key(
                    registry,
                    config.maxDecompressedBytes(),
                    config.dictionaryCacheBytes(),
                    config.level().orElse(0)); // 0: each dictionary's recorded level (0 is no valid setting)
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && k.registry == registry
                    && k.maxDecompressedBytes == maxDecompressedBytes
                    && k.cacheBytes == cacheBytes
                    && k.level == level;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(registry) * 31
                    + Long.hashCode(cacheBytes) * 17
                    + maxDecompressedBytes * 7
                    + level;
        }
    }

    /** One codec and how many serdes hold it; guarded by {@code OPEN}. */
    private static final class Entry {
        final ZdictCodec codec;
        int users;

        Entry(ZdictCodec codec) {
            this.codec = codec;
        }
    }

    private SharedCodecs() {}

    /** A hold on a shared registry and its shared codec; closing it (idempotent) lets go of both. */
    static final class Lease implements AutoCloseable {
        private final SharedRegistries.Lease registry;
        private final Key key;
        private final Entry entry;
        private boolean released;

        private Lease(SharedRegistries.Lease registry, Key key, Entry entry) {
            this.registry = registry;
            this.key = key;
            this.entry = entry;
        }

        ZdictCodec codec() {
            return entry.codec;
        }

        @Override
        public void close() {
            ZdictCodec toClose = null;
            synchronized (OPEN) {
                if (released) {
                    return;
                }
                released = true;
                if (--entry.users == 0) {
                    OPEN.remove(key, entry);
                    toClose = entry.codec;
                }
            }
            if (toClose != null) {
                toClose.close();
            }
            registry.close();
        }
    }

    /**
     * Takes a hold on the registry {@code config} names ({@link SharedRegistries#acquire}) and on the codec
     * over it with {@code config}'s codec settings, building the codec if no serde holds it yet.
     */
    static Lease acquire(ZdictSerdeConfig config) {
        SharedRegistries.Lease registry = SharedRegistries.acquire(config);
        try {
            Key key = Key.of(registry.registry(), config);
            synchronized (OPEN) {
                Entry entry = OPEN.get(key);
                if (entry == null) {
                    entry = new Entry(build(registry.registry(), config));
                    OPEN.put(key, entry);
                }
                entry.users++;
                return new Lease(registry, key, entry);
            }
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    private static ZdictCodec build(DictionaryRegistry registry, ZdictSerdeConfig config) {
        // Kafka's record batch CRC covers record values, so they carry no zstd checksum (4 bytes saved).
        var builder = ZdictCodec.builder(registry)
                .checksum(false)
                .maxDecompressedSize(config.maxDecompressedBytes())
                .dictionaryCacheBytes(config.dictionaryCacheBytes());
        config.level().ifPresent(builder::level);
        return builder.build();
    }
}
