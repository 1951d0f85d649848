package org.zdict.codec;

import java.io.Closeable;

/**
 * The digested dictionary a native context has loaded, referenced (so never freed) until the context
 * loads another one or lets it go. Not thread-safe: it belongs to one context, used by one call at a time.
 *
 * @param <T> zstd-jni's digested form, for compression or decompression
 */
final class HeldDictionary<T extends Closeable> {
    private DigestedDictionary<T> held;

    /** Whether {@code version} is the one held; if so it counts as used in {@code dictionaries}. */
    boolean holds(int version, DictionaryCache dictionaries) {
        DigestedDictionary<T> current = held;
        if (current != null && current.version() == version) {
            dictionaries.touch(current);
            return true;
        }
        return false;
    }

    boolean isEmpty() {
        return held == null;
    }

    /** Holds {@code next}, already loaded into the context, and releases the one held before. */
    void replaceWith(DigestedDictionary<T> next) {
        DigestedDictionary<T> previous = held;
        held = next;
        if (previous != null) {
            previous.release();
        }
    }

    /** Releases the one held, if any. */
    void release() {
        replaceWith(null);
    }
}
