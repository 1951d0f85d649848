package org.zdict.registry;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A dictionary version with its bytes: a standard zstd dictionary, usable with {@code zstd -D}.
 * Immutable (the bytes are copied in and out), so safe to share between threads.
 */
public final class Dictionary {
    /** The zstd dictionary magic number as it appears on the wire (little-endian 0xEC30A437). */
    private static final byte[] ZSTD_DICTIONARY_MAGIC = {(byte) 0x37, (byte) 0xA4, (byte) 0x30, (byte) 0xEC};
    /** Magic number and dictionary id. */
    private static final int MIN_ZSTD_DICTIONARY_SIZE = 8;

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

    /**
     * {@return the lower-case hex SHA-256 of {@code content}: what a registry records of every version
     * ({@link DictionaryInfo#sha256()}) and checks its bytes against}
     *
     * @param content dictionary bytes
     */
    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }

    /**
     * {@return whether {@code content} starts like a standard zstd dictionary (magic number {@code 37 A4 30
     * EC} and a dictionary id), as a registry requires of every version}
     *
     * @param content any bytes
     */
    public static boolean isZstdDictionary(byte[] content) {
        if (content.length < MIN_ZSTD_DICTIONARY_SIZE) {
            return false;
        }
        for (int i = 0; i < ZSTD_DICTIONARY_MAGIC.length; i++) {
            if (content[i] != ZSTD_DICTIONARY_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the dictionary id written in the header of the standard zstd dictionary {@code content}}
     *
     * @param content a standard zstd dictionary
     * @throws IllegalArgumentException if it is not one ({@link #isZstdDictionary})
     */
    public static long dictionaryId(byte[] content) {
        if (!isZstdDictionary(content)) {
            throw new IllegalArgumentException("Not a standard zstd dictionary: no magic number 37 A4 30 EC");
        }
        return (content[4] & 0xFFL)
                | (content[5] & 0xFFL) << 8
                | (content[6] & 0xFFL) << 16
                | (content[7] & 0xFFL) << 24;
    }
}
