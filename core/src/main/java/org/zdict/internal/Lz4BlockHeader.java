package org.zdict.internal;

import java.util.zip.CRC32C;
import org.zdict.CorruptPayloadException;

/**
 * The header between a {@code 0xD0} prefix and its LZ4 block (docs/FORMAT.md): a varint holding the
 * content size times two plus a checksum flag, then a 2-byte dictionary check (the low 16 bits of the
 * CRC-32C of the dictionary's last 64 KiB, little-endian). When the flag is set, the CRC-32C of the
 * content follows the block (4 bytes, little-endian). Parsed in Java before anything is decoded.
 * Internal: the codec and {@code zdict inspect} use it. Immutable; the static methods are stateless.
 *
 * @param headerLength bytes from the end of the prefix to the block
 * @param contentSize the content size the header declares
 * @param checksum whether the CRC-32C of the content follows the block
 * @param dictionaryCheck the dictionary check written, 0..65535
 */
public record Lz4BlockHeader(int headerLength, long contentSize, boolean checksum, int dictionaryCheck) {
    /** The dictionary check's length. */
    public static final int DICTIONARY_CHECK_LENGTH = 2;
    /** The content checksum's length, when present. */
    public static final int CHECKSUM_LENGTH = 4;
    /** The longest header: a 5-byte varint and the dictionary check. */
    public static final int MAX_LENGTH = 5 + DICTIONARY_CHECK_LENGTH;
    /** The largest content size a header can declare. */
    public static final long MAX_CONTENT_SIZE = Integer.MAX_VALUE;

    private static final int MAX_VARINT_BYTES = 5;

    /**
     * Parses the header at {@code src[offset, offset + length)}; {@code payloadOffset} is where the header
     * starts inside its payload, for error messages.
     *
     * @param src the bytes
     * @param offset where the header starts in {@code src}
     * @param length how many bytes of {@code src} from {@code offset} belong to the payload
     * @param payloadOffset where the header starts inside its payload
     * @return the header
     * @throws CorruptPayloadException (truncated) if the payload ends inside the header
     * @throws CorruptPayloadException if the varint is not canonical or declares more than {@link
     *     #MAX_CONTENT_SIZE} bytes
     */
    public static Lz4BlockHeader parse(byte[] src, int offset, int length, int payloadOffset) {
        long fields = read(src, offset, length, payloadOffset);
        return new Lz4BlockHeader(headerLength(fields), contentSize(fields), checksum(fields), dictionaryCheck(fields));
    }

    /**
     * Parses the header as {@link #parse} does, into one {@code long} instead of an object: what a decoder
     * reads on every call. Read its fields with {@link #headerLength(long)}, {@link #contentSize(long)},
     * {@link #checksum(long)} and {@link #dictionaryCheck(long)}.
     *
     * @param src the bytes
     * @param offset where the header starts in {@code src}
     * @param length how many bytes of {@code src} from {@code offset} belong to the payload
     * @param payloadOffset where the header starts inside its payload
     * @return the header's fields
     * @throws CorruptPayloadException (truncated) if the payload ends inside the header
     * @throws CorruptPayloadException as {@link #parse} does
     */
    public static long read(byte[] src, int offset, int length, int payloadOffset) {
        long value = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (i >= length) {
                throw new CorruptPayloadException(
                        CorruptPayloadException.Kind.TRUNCATED,
                        payloadOffset + i,
                        "Truncated payload: the LZ4 block header's size varint ends after " + i + " byte(s)");
            }
            int b = src[offset + i] & 0xFF;
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (b == 0 && i > 0) {
                    throw new CorruptPayloadException(
                            payloadOffset + i,
                            "Corrupt LZ4 block header: non-canonical size varint (a redundant zero byte)");
                }
                long size = value >>> 1;
                if (size > MAX_CONTENT_SIZE) {
                    throw new CorruptPayloadException(
                            payloadOffset,
                            "Corrupt LZ4 block header: it declares " + size + " bytes, more than one payload holds");
                }
                int headerLength = i + 1 + DICTIONARY_CHECK_LENGTH;
                if (headerLength > length) {
                    throw new CorruptPayloadException(
                            CorruptPayloadException.Kind.TRUNCATED,
                            payloadOffset + i + 1,
                            "Truncated payload: the LZ4 block header ends inside its dictionary check");
                }
                int check = (src[offset + i + 1] & 0xFF) | (src[offset + i + 2] & 0xFF) << 8;
                return size << 24 | (long) check << 8 | (value & 1) << 4 | headerLength;
            }
        }
        throw new CorruptPayloadException(
                payloadOffset,
                "Corrupt LZ4 block header: the size varint is longer than " + MAX_VARINT_BYTES + " bytes");
    }

    /**
     * {@return the header length in fields {@link #read} returned}
     *
     * @param fields what {@link #read} returned
     */
    public static int headerLength(long fields) {
        return (int) (fields & 0x0F);
    }

    /**
     * {@return the content size in fields {@link #read} returned}
     *
     * @param fields what {@link #read} returned
     */
    public static long contentSize(long fields) {
        return fields >>> 24;
    }

    /**
     * {@return whether a content checksum follows the block, in fields {@link #read} returned}
     *
     * @param fields what {@link #read} returned
     */
    public static boolean checksum(long fields) {
        return (fields & 0x10) != 0;
    }

    /**
     * {@return the dictionary check in fields {@link #read} returned}
     *
     * @param fields what {@link #read} returned
     */
    public static int dictionaryCheck(long fields) {
        return (int) (fields >>> 8) & 0xFFFF;
    }

    /**
     * Writes a header at {@code dst[offset]}.
     *
     * @param dst the destination, with {@link #MAX_LENGTH} bytes of room at {@code offset}
     * @param offset where to write
     * @param contentSize the content size, 0..{@link #MAX_CONTENT_SIZE}
     * @param checksum whether the content's CRC-32C will follow the block
     * @param dictionaryCheck the dictionary's check, {@link #dictionaryCheck(byte[])}
     * @return the number of bytes written
     */
    public static int write(byte[] dst, int offset, int contentSize, boolean checksum, int dictionaryCheck) {
        if (contentSize < 0) {
            throw new IllegalArgumentException("Negative content size " + contentSize);
        }
        long remaining = ((long) contentSize << 1) | (checksum ? 1 : 0);
        int position = offset;
        while ((remaining & ~0x7FL) != 0) {
            dst[position++] = (byte) ((remaining & 0x7F) | 0x80);
            remaining >>>= 7;
        }
        dst[position++] = (byte) remaining;
        dst[position++] = (byte) dictionaryCheck;
        dst[position++] = (byte) (dictionaryCheck >>> 8);
        return position - offset;
    }

    /**
     * The dictionary check of an LZ4 dictionary window: the low 16 bits of its CRC-32C.
     *
     * @param window the last ≤ 64 KiB of the dictionary, as the block uses it
     * @return the check, 0..65535
     */
    public static int dictionaryCheck(byte[] window) {
        return (int) (crc32c(window, 0, window.length) & 0xFFFF);
    }

    /**
     * The CRC-32C of {@code src[offset, offset + length)}, as the content checksum is written.
     *
     * @param src the bytes
     * @param offset where they start
     * @param length how many
     * @return the checksum, 0..2^32-1
     */
    public static long crc32c(byte[] src, int offset, int length) {
        return crc32c(new CRC32C(), src, offset, length);
    }

    /**
     * The CRC-32C of {@code src[offset, offset + length)}, computed with {@code crc}, which is reset first:
     * for a caller that keeps one per thread instead of allocating one per record.
     *
     * @param crc the checksum to reuse
     * @param src the bytes
     * @param offset where they start
     * @param length how many
     * @return the checksum, 0..2^32-1
     */
    public static long crc32c(CRC32C crc, byte[] src, int offset, int length) {
        crc.reset();
        crc.update(src, offset, length);
        return crc.getValue();
    }

    /**
     * Reads a little-endian content checksum at {@code src[offset]}.
     *
     * @param src the bytes, with 4 at {@code offset}
     * @param offset where the checksum starts
     * @return the checksum, 0..2^32-1
     */
    public static long readChecksum(byte[] src, int offset) {
        return (src[offset] & 0xFFL)
                | (src[offset + 1] & 0xFFL) << 8
                | (src[offset + 2] & 0xFFL) << 16
                | (src[offset + 3] & 0xFFL) << 24;
    }

    /**
     * Writes {@code checksum} little-endian at {@code dst[offset]}.
     *
     * @param dst the destination, with 4 bytes of room at {@code offset}
     * @param offset where to write
     * @param checksum the checksum, 0..2^32-1
     * @return {@link #CHECKSUM_LENGTH}
     */
    public static int writeChecksum(byte[] dst, int offset, long checksum) {
        dst[offset] = (byte) checksum;
        dst[offset + 1] = (byte) (checksum >>> 8);
        dst[offset + 2] = (byte) (checksum >>> 16);
        dst[offset + 3] = (byte) (checksum >>> 24);
        return CHECKSUM_LENGTH;
    }
}
