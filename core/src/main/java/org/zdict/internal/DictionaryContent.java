package org.zdict.internal;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Checks and fingerprints for dictionary bytes, shared by every registry implementation. */
public final class DictionaryContent {
    /** The zstd dictionary magic number as it appears on the wire (little-endian 0xEC30A437). */
    private static final byte[] ZSTD_DICTIONARY_MAGIC = {(byte) 0x37, (byte) 0xA4, (byte) 0x30, (byte) 0xEC};
    /** Magic number and dictionary id. */
    private static final int MIN_SIZE = 8;

    private DictionaryContent() {}

    /** Lower-case hex SHA-256 of {@code content}. */
    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }

    /** Whether {@code content} starts like a standard zstd dictionary (magic number and id). */
    public static boolean isZstdDictionary(byte[] content) {
        if (content.length < MIN_SIZE) {
            return false;
        }
        for (int i = 0; i < ZSTD_DICTIONARY_MAGIC.length; i++) {
            if (content[i] != ZSTD_DICTIONARY_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** The dictionary id written in a standard zstd dictionary's header. */
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
