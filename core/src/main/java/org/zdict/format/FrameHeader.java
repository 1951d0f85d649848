package org.zdict.format;

import org.zdict.CorruptPayloadException;

/**
 * The header of a standard zstd frame (RFC 8878, section 3.1.1.1), parsed in Java so a decoder can
 * check sizes before it calls native code or allocates anything.
 *
 * @param headerLength bytes from the magic number to the first block
 * @param contentSize the declared content size, {@link #UNKNOWN_CONTENT_SIZE} when the frame declares
 *     none, or {@link Long#MAX_VALUE} when it declares 2^63 bytes or more
 * @param dictionaryId the dictionary id written in the frame, 0 when absent
 * @param checksum whether the frame ends with a content checksum
 * @param windowSize the window size the decoder needs, in bytes
 */
public record FrameHeader(int headerLength, long contentSize, long dictionaryId, boolean checksum, long windowSize) {
    public static final long UNKNOWN_CONTENT_SIZE = -1;

    private static final int[] DICTIONARY_ID_BYTES = {0, 1, 2, 4};
    private static final int[] CONTENT_SIZE_BYTES = {0, 2, 4, 8};

    /**
     * Parses the frame header at {@code src[offset, offset + length)}; {@code payloadOffset} is where
     * that frame starts inside its payload, for error messages.
     */
    public static FrameHeader parse(byte[] src, int offset, int length, int payloadOffset) {
        if (!PayloadPrefix.startsWithZstdMagic(src, offset, length)) {
            if (length < PayloadPrefix.ZSTD_MAGIC.length) {
                throw new CorruptPayloadException(
                        payloadOffset, "Truncated payload: " + length + " byte(s) where a zstd frame should start");
            }
            throw new CorruptPayloadException(
                    payloadOffset,
                    String.format(
                            "Expected the zstd magic number 28 B5 2F FD, found %02X %02X %02X %02X",
                            src[offset], src[offset + 1], src[offset + 2], src[offset + 3]));
        }
        int position = PayloadPrefix.ZSTD_MAGIC.length;
        if (length <= position) {
            throw truncated(payloadOffset, position);
        }
        int descriptor = src[offset + position] & 0xFF;
        position++;
        if ((descriptor & 0x08) != 0) {
            throw new CorruptPayloadException(
                    payloadOffset + 4, "Corrupt zstd frame header: the reserved bit of the descriptor is set");
        }
        boolean singleSegment = (descriptor & 0x20) != 0;
        int contentSizeFlag = descriptor >>> 6;
        int contentSizeBytes = contentSizeFlag == 0 && singleSegment ? 1 : CONTENT_SIZE_BYTES[contentSizeFlag];
        int dictionaryIdBytes = DICTIONARY_ID_BYTES[descriptor & 0x03];
        int headerLength = position + (singleSegment ? 0 : 1) + dictionaryIdBytes + contentSizeBytes;
        if (length < headerLength) {
            throw truncated(payloadOffset, length);
        }
        long windowSize = 0;
        if (!singleSegment) {
            int windowDescriptor = src[offset + position] & 0xFF;
            position++;
            int exponent = windowDescriptor >>> 3;
            long base = 1L << (10 + exponent);
            windowSize = base + (base / 8) * (windowDescriptor & 0x07);
        }
        long dictionaryId = readLittleEndian(src, offset + position, dictionaryIdBytes);
        position += dictionaryIdBytes;
        long contentSize = UNKNOWN_CONTENT_SIZE;
        if (contentSizeBytes > 0) {
            contentSize = readLittleEndian(src, offset + position, contentSizeBytes);
            if (contentSizeBytes == 2) {
                contentSize += 256;
            } else if (contentSize < 0) {
                contentSize = Long.MAX_VALUE;
            }
        }
        if (singleSegment) {
            windowSize = contentSize;
        }
        return new FrameHeader(headerLength, contentSize, dictionaryId, (descriptor & 0x04) != 0, windowSize);
    }

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
                payloadOffset + available, "Truncated payload: the zstd frame header is cut short");
    }
}
