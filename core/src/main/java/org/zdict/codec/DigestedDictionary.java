package org.zdict.codec;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One digested dictionary of a {@link DigestedDictionaries} cache, counted by references: each native
 * context that has it loaded holds one, and so does a call between taking it from the cache and loading
 * it. The cache holds it until it evicts it; its native memory is freed once it is evicted and the last
 * reference is released, so no call ever sees it freed. A context releases its reference only after
 * zstd-jni dropped its own lock on the dictionary (loading another one, reset or close), so freeing never
 * meets zstd-jni's "Attempt to close while in use".
 */
final class DigestedDictionary<T extends Closeable> {
    private static final int FREED = -1;

    private final DigestedDictionaries cache;
    private final int version;
    private final T digested;
    private final long bytes;
    /** References held, or FREED. */
    private final AtomicInteger references = new AtomicInteger(1);

    private volatile boolean evicted;
    /** The cache's load count when last used: the least recently used entry has the smallest. */
    volatile long lastUsed;

    /** Created with one reference, the creator's. */
    DigestedDictionary(DigestedDictionaries cache, int version, T digested, long bytes) {
        this.cache = cache;
        this.version = version;
        this.digested = digested;
        this.bytes = bytes;
    }

    int version() {
        return version;
    }

    T digested() {
        return digested;
    }

    long bytes() {
        return bytes;
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

    /** Called by the cache once it no longer holds this dictionary. */
    void evict() {
        evicted = true;
        freeIfUnreferenced();
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
            cache.freed(bytes);
        }
    }
}
