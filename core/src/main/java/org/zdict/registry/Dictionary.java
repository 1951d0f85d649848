package org.zdict.registry;

import java.util.Objects;

/** A dictionary version with its bytes: a standard zstd dictionary, usable with {@code zstd -D}. */
public final class Dictionary {
    private final DictionaryInfo info;
    private final byte[] content;

    /** Takes ownership of {@code content}; callers must not modify it afterwards. */
    public Dictionary(DictionaryInfo info, byte[] content) {
        this.info = Objects.requireNonNull(info, "info");
        this.content = Objects.requireNonNull(content, "content");
    }

    public DictionaryInfo info() {
        return info;
    }

    public int version() {
        return info.version();
    }

    /** The dictionary bytes. Shared, not copied: do not modify. */
    public byte[] content() {
        return content;
    }
}
