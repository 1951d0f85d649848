package org.zdict.codec;

import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.lz4.Lz4Dictionary;
import org.zdict.registry.Dictionary;

/**
 * A version's LZ4 dictionary window, on the heap: indexed (about 576 KiB) to compress with, bare (64
 * KiB) to decode with, and the check its blocks' headers carry. A call still using one that the cache
 * evicted keeps it alive; the garbage collector frees it after.
 */
final class Lz4Window extends CachedDictionary {
    private final DictionaryCache cache;
    private final Lz4Dictionary dictionary;
    private final int check;

    private Lz4Window(DictionaryCache cache, int version, Lz4Dictionary dictionary) {
        super(version, dictionary.heapBytes());
        this.cache = cache;
        this.dictionary = dictionary;
        this.check = Lz4BlockHeader.dictionaryCheck(dictionary.content());
    }

    /** The indexed window of {@code dictionary}, to compress with. */
    static Lz4Window forCompression(DictionaryCache cache, Dictionary dictionary) {
        return new Lz4Window(cache, dictionary.version(), Lz4Dictionary.of(dictionary.content()));
    }

    /** The bare window of {@code dictionary}, to decode with. */
    static Lz4Window forDecoding(DictionaryCache cache, Dictionary dictionary) {
        return new Lz4Window(cache, dictionary.version(), Lz4Dictionary.forDecoding(dictionary.content()));
    }

    Lz4Dictionary dictionary() {
        return dictionary;
    }

    /** {@return the dictionary check, 0..65535, that blocks written with this window carry} */
    int check() {
        return check;
    }

    @Override
    void evict() {
        cache.freed(bytes());
    }

    @Override
    void discard() {
        evict();
    }
}
