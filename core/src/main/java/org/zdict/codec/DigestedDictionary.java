package org.zdict.codec;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One digested dictionary of a {@link DictionaryCache}, counted by references: each native
 * context that has it loaded holds one, and so does a call between taking it from the cache and loading
 * it. The cache holds it until it evicts it; its native memory is freed once it is evicted and the last
 * reference is released, so no call ever sees it freed. A context releases its reference only after
 * zstd-jni dropped its own lock on the dictionary (loading another one, reset or close), so freeing never
 * meets zstd-jni's "Attempt to close while in use".
 */
final class DigestedDictionary<T extends Closeable> extends CachedDictionary {
    private static final int FREED = -1;

    private final DictionaryCache cache;
    private final T digested;
    /** References held, or FREED. */
    private final AtomicInteger references = new AtomicInteger(1);

    private volatile boolean evicted;

    /** Created with one reference, the creator's. */
    DigestedDictionary(DictionaryCache cache, int version, T digested, long bytes) {
        super(version, bytes);
        this.cache = cache;
        this.digested = digested;
    }

    T digested() {
        return digested;
    }

    /** Adds a reference unless the dictionary was already freed. */
    boolean tryReference() {
        while (true) {
            int held = references.get();
            if (held == FREED) {
                return false;
            }
            if (references.compareAndSet(held, held + 1)) {
                return true;
            }
        }
    }

    /** Gives back a reference; the last one frees an evicted dictionary. */
    void release() {
        if (references.decrementAndGet() == 0 && evicted) {
            freeIfUnreferenced();
        }
    }

    @Override
    void evict() {
        evicted = true;
        freeIfUnreferenced();
    }

    /** Frees it once its creator's reference, the only one, is released. */
    @Override
    void discard() {
        evict();
        release();
    }

    /**
     * release() and evict() each write their own state before reading the other's, so whichever comes
     * second sees both and frees; the compare-and-set makes sure only one of them does.
     */
    private void freeIfUnreferenced() {
        if (references.compareAndSet(0, FREED)) {
            try {
                digested.close();
            } catch (IOException | RuntimeException e) {
                // zstd-jni frees without failing; one it still counts as in use is left to its finalizer.
            }
            cache.freed(bytes());
        }
    }
}
