package org.zdict.internal;

import org.zdict.CorruptPayloadException;

/**
 * The header of a standard zstd frame (RFC 8878, section 3.1.1.1), parsed in Java so a decoder can
 * check sizes before it calls native code or allocates anything. Internal: the codec and {@code zdict
 * inspect} use it; users of the codec do not need it. Immutable; the static methods are
 * stateless, so everything here is safe to use from any thread.
 *
 * @param headerLength bytes from the magic number to the first block
 * @param contentSize the declared content size, {@link #UNKNOWN_CONTENT_SIZE} when the frame declares
 *     none, or {@link Long#MAX_VALUE} when it declares 2^63 bytes or more
 * @param dictionaryId the dictionary id written in the frame, 0 when absent
 * @param checksum whether the frame ends with a content checksum
 * @param windowSize the window size the decoder needs, in bytes
 */
public record FrameHeader(int headerLength, long contentSize, long dictionaryId, boolean checksum, long windowSize) {
    /** {@link #contentSize()} of a frame that declares no content size. */
    public static final long UNKNOWN_CONTENT_SIZE = -1;

    /** The zstd frame magic number as it appears on the wire (little-endian 0xFD2FB528). */
    private static final byte[] MAGIC = {(byte) 0x28, (byte) 0xB5, (byte) 0x2F, (byte) 0xFD};

    private static final int[] DICTIONARY_ID_BYTES = {0, 1, 2, 4};
    private static final int[] CONTENT_SIZE_BYTES = {0, 2, 4, 8};

    /**
     * Parses the frame header at {@code src[offset, offset + length)}; {@code payloadOffset} is where
     * that frame starts inside its payload, for error messages.
     *
     * @param src the bytes
     * @param offset where the frame header starts in {@code src}
     * @param length how many bytes of {@code src} from {@code offset} belong to the frame
     * @param payloadOffset where the frame starts inside its payload, for error messages
     * @return the parsed header
     * @throws org.zdict.CorruptPayloadException if the bytes are not a valid zstd frame header (no magic
     *     number, a reserved bit set, truncated), with the offset in the payload
     */
    public static FrameHeader parse(byte[] src, int offset, int length, int payloadOffset) {
        int descriptor = checkedDescriptor(src, offset, length, payloadOffset);
        long contentSize = readContentSize(src, offset, descriptor);
        int position = MAGIC.length + 1;
        long windowSize = contentSize;
        if (!singleSegment(descriptor)) {
            int windowDescriptor = src[offset + position] & 0xFF;
            position++;
            int exponent = windowDescriptor >>> 3;
            long base = 1L << (10 + exponent);
            windowSize = base + (base / 8) * (windowDescriptor & 0x07);
        }
        long dictionaryId = readLittleEndian(src, offset + position, dictionaryIdBytes(descriptor));
        return new FrameHeader(
                headerLength(descriptor), contentSize, dictionaryId, declaresChecksum(descriptor), windowSize);
    }

    /**
     * The content size the frame header at {@code src[offset, offset + length)} declares, checked as
     * {@link #parse} checks it, without building a {@code FrameHeader}: what a decoder needs on every
     * call.
     *
     * @param src the bytes
     * @param offset where the frame header starts in {@code src}
     * @param length how many bytes of {@code src} from {@code offset} belong to the frame
     * @param payloadOffset where the frame starts inside its payload, for error messages
     * @return the size, {@link #UNKNOWN_CONTENT_SIZE}, or {@link Long#MAX_VALUE} for 2^63 bytes or more
     * @throws org.zdict.CorruptPayloadException as {@link #parse} does
     */
    public static long contentSize(byte[] src, int offset, int length, int payloadOffset) {
        return readContentSize(src, offset, checkedDescriptor(src, offset, length, payloadOffset));
    }

    /**
     * The descriptor byte of the frame header at {@code src[offset, offset + length)}, checked as {@link
     * #parse} checks the header: read it once, then ask it {@link #declaresChecksum(int)} and {@link
     * #contentSize(byte[], int, int)} without parsing again.
     *
     * @param src the bytes
     * @param offset where the frame header starts in {@code src}
     * @param length how many bytes of {@code src} from {@code offset} belong to the frame
     * @param payloadOffset where the frame starts inside its payload, for error messages
     * @return the descriptor, 0..255
     * @throws org.zdict.CorruptPayloadException as {@link #parse} does
     */
    public static int descriptor(byte[] src, int offset, int length, int payloadOffset) {
        return checkedDescriptor(src, offset, length, payloadOffset);
    }

    /**
     * Whether a frame with this {@link #descriptor} ends with a content checksum.
     *
     * @param descriptor the checked descriptor
     * @return true if the checksum flag is set
     */
    public static boolean declaresChecksum(int descriptor) {
        return (descriptor & 0x04) != 0;
    }

    /**
     * The content size of the frame header at {@code src[offset]}, whose checked {@link #descriptor} is
     * {@code descriptor}.
     *
     * @param src the bytes
     * @param offset where the frame header starts in {@code src}
     * @param descriptor its checked descriptor
     * @return the size, {@link #UNKNOWN_CONTENT_SIZE}, or {@link Long#MAX_VALUE} for 2^63 bytes or more
     */
    public static long contentSize(byte[] src, int offset, int descriptor) {
        return readContentSize(src, offset, descriptor);
    }

    /**
     * Whether {@code src[offset, offset + length)} starts with the zstd frame magic number.
     *
     * @param src the bytes
     * @param offset where to look
     * @param length how many bytes from {@code offset} may be read
     * @return true if the first four bytes are {@code 28 B5 2F FD}
     */
    public static boolean startsWithMagic(byte[] src, int offset, int length) {
        if (length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (src[offset + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** The frame header descriptor byte, once the magic number, the reserved bit and the length are checked. */
    private static int checkedDescriptor(byte[] src, int offset, int length, int payloadOffset) {
        if (!startsWithMagic(src, offset, length)) {
            if (length < MAGIC.length) {
                throw new CorruptPayloadException(
                        CorruptPayloadException.Kind.TRUNCATED,
                        payloadOffset,
                        "Truncated payload: " + length + " byte(s) where a zstd frame should start");
            }
            throw new CorruptPayloadException(
                    payloadOffset,
                    String.format(
                            "Expected the zstd magic number 28 B5 2F FD, found %02X %02X %02X %02X",
                            src[offset], src[offset + 1], src[offset + 2], src[offset + 3]));
        }
        int position = MAGIC.length;
        if (length <= position) {
            throw truncated(payloadOffset, position);
        }
        int descriptor = src[offset + position] & 0xFF;
        if ((descriptor & 0x08) != 0) {
            throw new CorruptPayloadException(
                    payloadOffset + 4, "Corrupt zstd frame header: the reserved bit of the descriptor is set");
        }
        if (length < headerLength(descriptor)) {
            throw truncated(payloadOffset, length);
        }
        return descriptor;
    }

    private static boolean singleSegment(int descriptor) {
        return (descriptor & 0x20) != 0;
    }

    private static int contentSizeBytes(int descriptor) {
        int flag = descriptor >>> 6;
        return flag == 0 && singleSegment(descriptor) ? 1 : CONTENT_SIZE_BYTES[flag];
    }

    private static int dictionaryIdBytes(int descriptor) {
        return DICTIONARY_ID_BYTES[descriptor & 0x03];
    }

    /** Magic, descriptor, window descriptor (unless single-segment), dictionary id, content size: in that order. */
    private static int headerLength(int descriptor) {
        return MAGIC.length
                + 1
                + (singleSegment(descriptor) ? 0 : 1)
                + dictionaryIdBytes(descriptor)
                + contentSizeBytes(descriptor);
    }

    /** The content size field, which ends the header. */
    private static long readContentSize(byte[] src, int offset, int descriptor) {
        int bytes = contentSizeBytes(descriptor);
        if (bytes == 0) {
            return UNKNOWN_CONTENT_SIZE;
        }
        long value = readLittleEndian(src, offset + headerLength(descriptor) - bytes, bytes);
        if (bytes == 2) {
            return value + 256;
        }
        return value < 0 ? Long.MAX_VALUE : value;
    }

    /** {@return whether the frame declares its content size} */
    public boolean declaresContentSize() {
        return contentSize != UNKNOWN_CONTENT_SIZE;
    }

    private static long readLittleEndian(byte[] src, int offset, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value |= (src[offset + i] & 0xFFL) << (8 * i);
        }
        return value;
    }

    private static CorruptPayloadException truncated(int payloadOffset, int available) {
        return new CorruptPayloadException(
                CorruptPayloadException.Kind.TRUNCATED,
                payloadOffset + available,
                "Truncated payload: the zstd frame header is cut short");
    }
}
