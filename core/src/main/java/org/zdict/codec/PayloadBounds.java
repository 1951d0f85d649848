package org.zdict.codec;

import java.util.Objects;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.lz4.Lz4BlockCompressor;

/** The largest payload each kind can write for an input, and so the room a caller gives compression. */
final class PayloadBounds {
    private PayloadBounds() {}

    /** The largest payload of any kind for {@code srcLength} (0 or more) bytes, prefix included. */
    static int maxCompressedLength(int srcLength) {
        if (srcLength < 0) {
            throw new IllegalArgumentException("Negative source length " + srcLength);
        }
        long lz4Bound = Lz4BlockCompressor.maxCompressedLength(srcLength)
                + Lz4BlockHeader.MAX_LENGTH
                + Lz4BlockHeader.CHECKSUM_LENGTH;
        long bound =
                Math.max(Math.max(zstdCompressBound(srcLength), lz4Bound), srcLength + 1L) + PayloadPrefix.MAX_LENGTH;
        if (bound > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("Source of " + srcLength + " bytes is too large for one payload");
        }
        return (int) bound;
    }

    /** zstd's ZSTD_COMPRESSBOUND, computed here rather than through a native call per record. */
    static long zstdCompressBound(int srcLength) {
        long size = srcLength;
        return size + (size >>> 8) + (size < (128 << 10) ? ((128 << 10) - size) >>> 11 : 0);
    }

    /** Refuses a source range out of bounds, or a destination with less room than the bound from its offset. */
    static void checkCompressArguments(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        int needed = maxCompressedLength(srcLength);
        if (dstOffset < 0 || dstOffset > dst.length || dst.length - dstOffset < needed) {
            throw new IllegalArgumentException("Destination of " + dst.length + " bytes from offset " + dstOffset
                    + " is too small: compressing " + srcLength + " bytes needs maxCompressedLength = " + needed);
        }
    }
}
