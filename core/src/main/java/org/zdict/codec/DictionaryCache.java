package org.zdict.codec;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.zdict.CorruptDictionaryException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySource;

/**
 * Every dictionary a codec holds, for both payload kinds, under one byte bound: zstd's digested
 * dictionaries (native; for compression one per version at the codec's level, or the version's recorded
 * level when the codec sets none; for decompression one per version) and LZ4 windows (heap; indexed to
 * compress with, bare to decode with). An entry is made when first needed; when the entries pass the
 * bound, the least recently used of any kind are evicted, and made again if needed again (versions never
 * change meaning, so nothing else is ever invalidated). The codec each version was published for is
 * remembered apart, for good: a few bytes a version.
 *
 * <p>Lookups take no lock and allocate nothing. A miss reads the dictionary from the source and digests
 * it outside the cache's lock, so a slow source stalls only the call that needs that version; the lock is
 * held just to insert and evict. zstd's dictionaries are reached through a native context, which keeps
 * the one it last used referenced (see {@link DigestedDictionary}): an evicted one is freed as soon as no
 * context references it, so the native memory held can pass the bound by at most one dictionary per
 * pooled context.
 */
final class DictionaryCache implements AutoCloseable {
    private final DictionarySource source;
    private final OptionalInt levelOverride;
    private final long limitBytes;
    private final VersionMap<DigestedDictionary<ZstdDictCompress>> zstdCompression = new VersionMap<>();
    private final VersionMap<DigestedDictionary<ZstdDictDecompress>> zstdDecompression = new VersionMap<>();
    private final VersionMap<Lz4Window> lz4Compression = new VersionMap<>();
    private final VersionMap<Lz4Window> lz4Decoding = new VersionMap<>();
    private final List<VersionMap<? extends CachedDictionary>> kinds =
            List.of(zstdCompression, zstdDecompression, lz4Compression, lz4Decoding);
    /** The codec each version met was published for; never evicted. */
    private final VersionMap<DictionaryInfo.Codec> codecs = new VersionMap<>();
    /** Bytes of every entry not yet freed, evicted ones still referenced included. */
    private final AtomicLong heldBytes = new AtomicLong();

    /** Entries made and cached so far; also the clock of {@link CachedDictionary#lastUsed}. */
    private volatile long loads;

    private volatile long evictions;
    private volatile boolean closed;
    /** Bytes of the entries in the maps; guarded by this. */
    private long cachedBytes;

    DictionaryCache(DictionarySource source, OptionalInt levelOverride, long limitBytes) {
        this.source = source;
        this.levelOverride = levelOverride;
        this.limitBytes = limitBytes;
    }

    /** The dictionary to compress with {@code version}, with one reference for the caller to release. */
    DigestedDictionary<ZstdDictCompress> referenceForCompression(int version) {
        DigestedDictionary<ZstdDictCompress> cached = zstdCompression.get(version);
        if (cached != null && cached.tryReference()) {
            touch(cached);
            return cached;
        }
        return load(zstdCompression, version, this::digestForCompression, true);
    }

    /** The dictionary to decompress {@code version}, with one reference for the caller to release. */
    DigestedDictionary<ZstdDictDecompress> referenceForDecompression(int version) {
        DigestedDictionary<ZstdDictDecompress> cached = zstdDecompression.get(version);
        if (cached != null && cached.tryReference()) {
            touch(cached);
            return cached;
        }
        return load(zstdDecompression, version, this::digestForDecompression, true);
    }

    /** The indexed window to compress with {@code version}, a version published for LZ4. */
    Lz4Window lz4ForCompression(int version) {
        Lz4Window cached = lz4Compression.get(version);
        if (cached != null) {
            touch(cached);
            return cached;
        }
        return load(lz4Compression, version, d -> Lz4Window.forCompression(this, d), false);
    }

    /** The window to decode {@code version}'s LZ4 blocks with (whatever codec the version was published for). */
    Lz4Window lz4ForDecoding(int version) {
        Lz4Window cached = lz4Decoding.get(version);
        if (cached != null) {
            touch(cached);
            return cached;
        }
        return load(lz4Decoding, version, d -> Lz4Window.forDecoding(this, d), false);
    }

    /**
     * Whether {@code version} was published for LZ4, from its record (its dictionary's bytes are not read).
     *
     * @throws org.zdict.UnknownDictionaryVersionException if the source does not hold {@code version}
     * @throws IllegalStateException if the version names a codec this release does not know
     */
    boolean writesLz4(int version) {
        DictionaryInfo.Codec codec = codecs.get(version);
        if (codec == null) {
            codec = codecOf(version);
            synchronized (this) {
                codecs.put(version, codec);
            }
        }
        return codec == DictionaryInfo.Codec.LZ4;
    }

    /** Marks {@code dictionary} used now; writes only when something was loaded since its last use. */
    void touch(CachedDictionary dictionary) {
        long now = loads;
        if (dictionary.lastUsed != now) {
            dictionary.lastUsed = now;
        }
    }

    ZdictCodec.CacheStats stats() {
        int entries = 0;
        for (VersionMap<? extends CachedDictionary> kind : kinds) {
            entries += kind.size();
        }
        return new ZdictCodec.CacheStats(heldBytes.get(), limitBytes, entries, loads, evictions);
    }

    /** Evicts every entry; each is freed at once, or when the last context referencing it lets go. */
    @Override
    public synchronized void close() {
        closed = true;
        for (VersionMap<? extends CachedDictionary> kind : kinds) {
            List<? extends CachedDictionary> entries = kind.values();
            kind.clear();
            entries.forEach(CachedDictionary::evict);
        }
        cachedBytes = 0;
    }

    /** Called by an entry once its memory is freed (or left to the garbage collector). */
    void freed(long bytes) {
        heldBytes.addAndGet(-bytes);
    }

    /**
     * Makes {@code version}'s entry outside the lock, then caches it unless another thread cached one
     * first; {@code referenced}: the entry is counted by references, and the caller gets one.
     */
    private <E extends CachedDictionary> E load(
            VersionMap<E> kind, int version, Function<Dictionary, E> make, boolean referenced) {
        checkOpen();
        E made = make.apply(source.get(version));
        heldBytes.addAndGet(made.bytes());
        synchronized (this) {
            E cached = kind.get(version);
            if (closed || (cached != null && (!referenced || ((DigestedDictionary<?>) cached).tryReference()))) {
                made.discard();
                checkOpen();
                touch(cached);
                return cached;
            }
            cachedBytes += made.bytes();
            loads++;
            made.lastUsed = loads;
            kind.put(version, made);
            evictBeyondLimit(made);
            return made;
        }
    }

    /** Evicts the least recently used entries of any kind, never {@code keep}, until the rest fit the bound. */
    private void evictBeyondLimit(CachedDictionary keep) {
        while (cachedBytes > limitBytes) {
            VersionMap<? extends CachedDictionary> oldestKind = null;
            CachedDictionary oldest = null;
            for (VersionMap<? extends CachedDictionary> kind : kinds) {
                for (CachedDictionary candidate : kind.values()) {
                    if (candidate != keep && (oldest == null || candidate.lastUsed < oldest.lastUsed)) {
                        oldest = candidate;
                        oldestKind = kind;
                    }
                }
            }
            if (oldest == null) {
                return;
            }
            oldestKind.remove(oldest.version());
            cachedBytes -= oldest.bytes();
            evictions++;
            oldest.evict();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This ZdictCodec is closed");
        }
    }

    /** The codec {@code version} was published for, from its record. */
    private DictionaryInfo.Codec codecOf(int version) {
        // An unknown version: get() throws the exception the caller documents.
        DictionaryInfo info =
                source.info(version).orElseGet(() -> source.get(version).info());
        try {
            return DictionaryInfo.Codec.of(info);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "Dictionary version " + version + " is published for a codec this release of zdict cannot"
                            + " write (" + e.getMessage() + "); upgrade zdict to write with it",
                    e);
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
