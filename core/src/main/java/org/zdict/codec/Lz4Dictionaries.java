package org.zdict.codec;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.lz4.Lz4Dictionary;
import org.zdict.registry.DictionaryCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySource;

/**
 * The LZ4 side of a codec's dictionaries: for each version met, whether it writes LZ4 blocks (its
 * {@link DictionaryCodec}) and, if so, its indexed window; for each version whose blocks are decoded,
 * its bare window. Heap objects (about 576 KiB and 64 KiB), loaded when first needed, in a cache
 * bounded by their heap size: past the bound, other entries are dropped (a call still using one, or
 * the last one looked up, keeps it alive) and loaded again when needed. A version never changes meaning, so nothing is invalidated.
 * Loading is serialized; hits never lock. The version last looked up in each direction is kept in a
 * field, so a producer writing with one version (the usual case, and every zstd version's) pays one
 * volatile read per record, not a map lookup.
 */
final class Lz4Dictionaries {
    /** A version's LZ4 dictionary and the check its blocks' headers carry. */
    record Lz4Version(Lz4Dictionary dictionary, int check) {
        long heapBytes() {
            return dictionary == null ? 0 : dictionary.heapBytes();
        }
    }

    /** Cached for a version that writes zstd frames: {@link #forCompression} returns null for it. */
    private static final Lz4Version WRITES_ZSTD = new Lz4Version(null, -1);

    /** The last lookup of one direction. */
    private record Recent(int version, Lz4Version lz4) {}

    private final DictionarySource source;
    private final long limitBytes;
    private final Map<Integer, Lz4Version> forCompression = new ConcurrentHashMap<>();
    private final Map<Integer, Lz4Version> forDecoding = new ConcurrentHashMap<>();
    private volatile Recent recentCompression;
    private volatile Recent recentDecoding;
    /** Guarded by this. */
    private long cachedBytes;

    Lz4Dictionaries(DictionarySource source, long limitBytes) {
        this.source = source;
        this.limitBytes = limitBytes;
    }

    /**
     * The indexed dictionary to compress with {@code version}, or null when the version writes zstd.
     *
     * @throws org.zdict.UnknownDictionaryVersionException if the source does not hold {@code version}
     * @throws IllegalStateException if the version names a codec this release does not know
     */
    Lz4Version forCompression(int version) {
        Recent recent = recentCompression;
        if (recent == null || recent.version() != version) {
            recent = new Recent(version, lookUp(forCompression, version, true));
            recentCompression = recent;
        }
        return recent.lz4() == WRITES_ZSTD ? null : recent.lz4();
    }

    /**
     * The dictionary to decode {@code version}'s LZ4 blocks with.
     *
     * @throws org.zdict.UnknownDictionaryVersionException if the source does not hold {@code version}
     */
    Lz4Version forDecoding(int version) {
        Recent recent = recentDecoding;
        if (recent == null || recent.version() != version) {
            recent = new Recent(version, lookUp(forDecoding, version, false));
            recentDecoding = recent;
        }
        return recent.lz4();
    }

    private Lz4Version lookUp(Map<Integer, Lz4Version> cache, int version, boolean compressing) {
        Lz4Version cached = cache.get(version);
        return cached != null ? cached : load(cache, version, compressing);
    }

    private synchronized Lz4Version load(Map<Integer, Lz4Version> cache, int version, boolean compressing) {
        Lz4Version cached = cache.get(version);
        if (cached != null) {
            return cached;
        }
        Lz4Version loaded;
        // A zstd version's codec is in its record: its dictionary's bytes are not read for that.
        if (compressing && codecOf(version) == DictionaryCodec.ZSTD) {
            loaded = WRITES_ZSTD;
        } else {
            byte[] content = source.get(version).content();
            Lz4Dictionary window = compressing ? Lz4Dictionary.of(content) : Lz4Dictionary.forDecoding(content);
            loaded = new Lz4Version(window, Lz4BlockHeader.dictionaryCheck(window.content()));
        }
        dropBeyondLimit(loaded.heapBytes());
        cache.put(version, loaded);
        cachedBytes += loaded.heapBytes();
        return loaded;
    }

    /** The codec {@code version} was published for, from its record. */
    private DictionaryCodec codecOf(int version) {
        // An unknown version: get() throws the exception the caller documents.
        DictionaryInfo info =
                source.info(version).orElseGet(() -> source.get(version).info());
        try {
            return DictionaryCodec.of(info);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "Dictionary version " + version + " is published for a codec this release of zdict cannot"
                            + " write (" + e.getMessage() + "); upgrade zdict to write with it",
                    e);
        }
    }

    /** Makes room for {@code incoming} bytes by dropping cached windows (ZSTD markers cost nothing). */
    private void dropBeyondLimit(long incoming) {
        if (cachedBytes + incoming <= limitBytes) {
            return;
        }
        for (Map<Integer, Lz4Version> cache : List.of(forCompression, forDecoding)) {
            for (Map.Entry<Integer, Lz4Version> e : cache.entrySet()) {
                if (cachedBytes + incoming <= limitBytes) {
                    return;
                }
                if (e.getValue().heapBytes() > 0) {
                    cache.remove(e.getKey());
                    cachedBytes -= e.getValue().heapBytes();
                }
            }
        }
    }

    /** {@return the heap bytes of the windows cached} */
    synchronized long cachedBytes() {
        return cachedBytes;
    }
}
