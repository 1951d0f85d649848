package org.zdict.registry;

import java.util.Objects;

/**
 * A dictionary version with its bytes: a standard zstd dictionary, usable with {@code zstd -D}.
 * Immutable: the bytes are copied in and out.
 */
public final class Dictionary {
    private final DictionaryInfo info;
    private final byte[] content;

    /** Keeps a copy of {@code content}. */
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

    public DictionaryInfo info() {
        return info;
    }

    public int version() {
        return info.version();
    }

    /** A copy of the dictionary bytes. */
    public byte[] content() {
        return content.clone();
    }
}
