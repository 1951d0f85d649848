package org.zdict.codec;

/**
 * One entry of a codec's {@link DictionaryCache}: a version's dictionary in the form one payload kind
 * uses it (digested by zstd for compression or for decompression, or an LZ4 window), with the bytes it
 * holds and when it was last used.
 */
abstract class CachedDictionary {
    private final int version;
    private final long bytes;
    /** The cache's load count when last used: the least recently used entry has the smallest. */
    volatile long lastUsed;

    CachedDictionary(int version, long bytes) {
        this.version = version;
        this.bytes = bytes;
    }

    final int version() {
        return version;
    }

    /** {@return the memory it holds, native or heap, as the cache counts it against its bound} */
    final long bytes() {
        return bytes;
    }

    /** Called by the cache once it no longer holds this entry: its memory goes when no call uses it. */
    abstract void evict();

    /** Drops an entry that was made but never cached (another thread cached the same one first). */
    abstract void discard();
}
