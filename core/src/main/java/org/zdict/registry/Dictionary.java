package org.zdict.registry;

import java.util.Objects;

/**
 * A dictionary version with its bytes: a standard zstd dictionary, usable with {@code zstd -D}.
 * Immutable (the bytes are copied in and out), so safe to share between threads.
 */
public final class Dictionary {
    private final DictionaryInfo info;
    private final byte[] content;

    /**
     * Keeps a copy of {@code content}.
     *
     * @param info the version's record
     * @param content the dictionary bytes
     * @throws NullPointerException if either is null
     */
    public Dictionary(DictionaryInfo info, byte[] content) {
        this(info, Objects.requireNonNull(content, "content").clone(), true);
    }

    private Dictionary(DictionaryInfo info, byte[] content, boolean owned) {
        this.info = Objects.requireNonNull(info, "info");
        this.content = content;
    }

    /** Keeps {@code content} itself, which nobody else references (bytes just read from a file). */
    static Dictionary ofOwned(DictionaryInfo info, byte[] content) {
        return new Dictionary(info, Objects.requireNonNull(content, "content"), true);
    }

    /** {@return the version's record: number, subject, SHA-256, level, status} */
    public DictionaryInfo info() {
        return info;
    }

    /** {@return the version number} */
    public int version() {
        return info.version();
    }

    /** {@return a copy of the dictionary bytes} */
    public byte[] content() {
        return content.clone();
    }
}
