package org.zdict.codec;

/**
 * A snapshot of a codec's cache of digested dictionaries (see {@link
 * ZdictCodec.Builder#dictionaryCacheBytes}). Immutable, so safe to share between threads.
 *
 * @param bytes native bytes the codec's digested dictionaries take now (as zstd sizes them): the cached
 *     ones, plus evicted ones that a native context still references until it next moves on, at most one
 *     per thread that was in a call at once
 * @param limitBytes the bound on the cached dictionaries' bytes
 * @param entries digested dictionaries in the cache, for compression and for decompression
 * @param loads dictionaries digested since the codec was built: a version evicted and needed again counts
 *     again
 * @param evictions dictionaries evicted to keep the cache within its bound
 */
public record DictionaryCacheStats(long bytes, long limitBytes, int entries, long loads, long evictions) {}
