package org.zdict.codec;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import java.io.Closeable;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.zdict.CorruptDictionaryException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionarySource;

/**
 * The digested (native, shareable) dictionaries of one codec, in a cache bounded by their native size:
 * for compression one per version at the codec's level (or the version's recorded level when the codec
 * sets none), for decompression one per version. A version is digested when first needed; when the
 * dictionaries held pass the bound, the least recently used are evicted, and digested again if needed
 * again (versions never change meaning, so nothing else is ever invalidated).
 *
 * <p>Calls reach a dictionary through a native context, which keeps the one it last used referenced
 * (see {@link DigestedDictionary}): a context that uses one version for long stretches touches nothing
 * shared but a timestamp. An evicted dictionary is freed as soon as no context references it, so the
 * native memory held can pass the bound by at most one dictionary per pooled context (one per thread
 * in a call at once). Loading (a miss) is serialized; hits never lock.
 */
final class DigestedDictionaries implements AutoCloseable {
    private final DictionarySource source;
    private final OptionalInt levelOverride;
    private final long limitBytes;
    private final Map<Integer, DigestedDictionary<ZstdDictCompress>> forCompression = new ConcurrentHashMap<>();
    private final Map<Integer, DigestedDictionary<ZstdDictDecompress>> forDecompression = new ConcurrentHashMap<>();
    /** Native bytes of every dictionary not yet freed, evicted ones still referenced included. */
    private final AtomicLong heldBytes = new AtomicLong();

    /** Dictionaries digested so far; also the clock of {@link DigestedDictionary#lastUsed}. */
    private volatile long loads;

    private volatile long evictions;
    /** Native bytes of the dictionaries in the maps; guarded by this. */
    private long cachedBytes;
    /** Guarded by this. */
    private boolean closed;

    DigestedDictionaries(DictionarySource source, OptionalInt levelOverride, long limitBytes) {
        this.source = source;
        this.levelOverride = levelOverride;
        this.limitBytes = limitBytes;
    }

    /** The dictionary to compress with {@code version}, with one reference for the caller to release. */
    DigestedDictionary<ZstdDictCompress> referenceForCompression(int version) {
        DigestedDictionary<ZstdDictCompress> cached = forCompression.get(version);
        if (cached != null && cached.tryReference()) {
            touch(cached);
            return cached;
        }
        return load(forCompression, version, this::digestForCompression);
    }

    /** The dictionary to decompress {@code version}, with one reference for the caller to release. */
    DigestedDictionary<ZstdDictDecompress> referenceForDecompression(int version) {
        DigestedDictionary<ZstdDictDecompress> cached = forDecompression.get(version);
        if (cached != null && cached.tryReference()) {
            touch(cached);
            return cached;
        }
        return load(forDecompression, version, this::digestForDecompression);
    }

    /** Marks {@code dictionary} used now; writes only when something was loaded since its last use. */
    void touch(DigestedDictionary<?> dictionary) {
        long now = loads;
        if (dictionary.lastUsed != now) {
            dictionary.lastUsed = now;
        }
    }

    DictionaryCacheStats stats() {
        return new DictionaryCacheStats(
                heldBytes.get(), limitBytes, forCompression.size() + forDecompression.size(), loads, evictions);
    }

    /** Evicts every dictionary; each is freed at once, or when the last context referencing it lets go. */
    @Override
    public synchronized void close() {
        closed = true;
        evictAll(forCompression);
        evictAll(forDecompression);
        cachedBytes = 0;
    }

    /** Called by a dictionary once its native memory is freed. */
    void freed(long bytes) {
        heldBytes.addAndGet(-bytes);
    }

    private synchronized <T extends Closeable> DigestedDictionary<T> load(
            Map<Integer, DigestedDictionary<T>> cache,
            int version,
            Function<Dictionary, DigestedDictionary<T>> digest) {
        if (closed) {
            throw new IllegalStateException("This ZdictCodec is closed");
        }
        DigestedDictionary<T> cached = cache.get(version);
        if (cached != null && cached.tryReference()) {
            touch(cached);
            return cached;
        }
        DigestedDictionary<T> loaded = digest.apply(source.get(version));
        heldBytes.addAndGet(loaded.bytes());
        cachedBytes += loaded.bytes();
        loads++;
        loaded.lastUsed = loads;
        cache.put(version, loaded);
        evictBeyondLimit(loaded);
        return loaded;
    }

    /** Evicts the least recently used dictionaries, never {@code keep}, until the rest fit the bound. */
    private void evictBeyondLimit(DigestedDictionary<?> keep) {
        while (cachedBytes > limitBytes) {
            DigestedDictionary<ZstdDictCompress> oldestCompression = leastRecentlyUsed(forCompression, keep);
            DigestedDictionary<ZstdDictDecompress> oldestDecompression = leastRecentlyUsed(forDecompression, keep);
            if (oldestCompression == null && oldestDecompression == null) {
                return;
            }
            if (oldestDecompression == null
                    || (oldestCompression != null && oldestCompression.lastUsed <= oldestDecompression.lastUsed)) {
                evict(forCompression, oldestCompression);
            } else {
                evict(forDecompression, oldestDecompression);
            }
        }
    }

    private static <T extends Closeable> DigestedDictionary<T> leastRecentlyUsed(
            Map<Integer, DigestedDictionary<T>> cache, DigestedDictionary<?> keep) {
        DigestedDictionary<T> oldest = null;
        for (DigestedDictionary<T> candidate : cache.values()) {
            if (candidate != keep && (oldest == null || candidate.lastUsed < oldest.lastUsed)) {
                oldest = candidate;
            }
        }
        return oldest;
    }

    private <T extends Closeable> void evict(Map<Integer, DigestedDictionary<T>> cache, DigestedDictionary<T> victim) {
        cache.remove(victim.version());
        cachedBytes -= victim.bytes();
        evictions++;
        victim.evict();
    }

    private static <T extends Closeable> void evictAll(Map<Integer, DigestedDictionary<T>> cache) {
        for (DigestedDictionary<T> dictionary : cache.values()) {
            cache.remove(dictionary.version());
            dictionary.evict();
        }
    }

    private DigestedDictionary<ZstdDictCompress> digestForCompression(Dictionary dictionary) {
        int level = levelOverride.orElse(dictionary.info().level());
        byte[] content = dictionary.content();
        ZstdDictCompress digested;
        try {
            digested = new ZstdDictCompress(content, level);
        } catch (ZstdException | IllegalStateException e) {
            throw new CorruptDictionaryException(
                    dictionary.version(), "zstd cannot load it for compression: " + e.getMessage(), e);
        }
        return new DigestedDictionary<>(
                this, dictionary.version(), digested, DigestedSizes.forCompression(content.length, level));
    }

    private DigestedDictionary<ZstdDictDecompress> digestForDecompression(Dictionary dictionary) {
        byte[] content = dictionary.content();
        ZstdDictDecompress digested;
        try {
            digested = new ZstdDictDecompress(content);
        } catch (ZstdException | IllegalStateException e) {
            throw new CorruptDictionaryException(
                    dictionary.version(), "zstd cannot load it for decompression: " + e.getMessage(), e);
        }
        return new DigestedDictionary<>(
                this, dictionary.version(), digested, DigestedSizes.forDecompression(content.length));
    }
}
