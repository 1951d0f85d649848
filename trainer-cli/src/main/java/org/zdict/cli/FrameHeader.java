package org.zdict.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadPrefix;

/** Reads a zstd frame header (RFC 8878, section 3.1.1.1) for {@code zdict inspect}. */
final class FrameHeader {
    private FrameHeader() {}

    /** Prints the header fields and returns the declared content size, or -1 if the frame declares none. */
    static long describe(byte[] src, int offset, int length, PrintWriter out) {
        if (!PayloadPrefix.startsWithZstdMagic(src, offset, length)) {
            throw new CorruptPayloadException(offset, "Expected a zstd frame (magic 28 B5 2F FD) after the prefix");
        }
        int position = offset + 4;
        if (position >= offset + length) {
            throw new CorruptPayloadException(position, "Truncated zstd frame: no frame header descriptor");
        }
        int descriptor = src[position++] & 0xFF;
        int contentSizeFlag = descriptor >>> 6;
        boolean singleSegment = (descriptor & 0x20) != 0;
        boolean checksum = (descriptor & 0x04) != 0;
        int dictionaryIdFlag = descriptor & 0x03;
        int windowBytes = singleSegment ? 0 : 1;
        int dictionaryIdBytes = new int[] {0, 1, 2, 4}[dictionaryIdFlag];
        int contentSizeBytes = new int[] {singleSegment ? 1 : 0, 2, 4, 8}[contentSizeFlag];
        int headerEnd = position + windowBytes + dictionaryIdBytes + contentSizeBytes;
        if (headerEnd > offset + length) {
            throw new CorruptPayloadException(position, "Truncated zstd frame header");
        }
        String window = "";
        if (!singleSegment) {
            int windowDescriptor = src[position++] & 0xFF;
            int exponent = windowDescriptor >>> 3;
            long base = 1L << (10 + exponent);
            window = Long.toString(base + (base / 8) * (windowDescriptor & 7));
        }
        long dictionaryId = littleEndian(src, position, dictionaryIdBytes);
        position += dictionaryIdBytes;
        long contentSize = littleEndian(src, position, contentSizeBytes);
        if (contentSizeBytes == 2) {
            contentSize += 256;
        }
        out.printf(Locale.ROOT, "zstd frame:    %d bytes (header %d bytes)%n", length, headerEnd - offset);
        out.printf(Locale.ROOT, "content size:  %s%n", contentSizeBytes == 0 ? "not declared" : contentSize + " bytes");
        out.printf(Locale.ROOT, "checksum:      %s%n", checksum ? "yes (XXH64, 4 bytes)" : "no");
        out.printf(
                Locale.ROOT,
                "dictionary id: %s%n",
                dictionaryIdBytes == 0 ? "not recorded in the frame" : Long.toString(dictionaryId));
        out.printf(Locale.ROOT, "window:        %s%n", singleSegment ? "single segment" : window + " bytes");
        return contentSizeBytes == 0 ? -1 : contentSize;
    }

    private static long littleEndian(byte[] src, int offset, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value |= (src[offset + i] & 0xFFL) << (8 * i);
        }
        return value;
    }
}
