package org.zdict.codec;

import org.zdict.PayloadTooLargeException;
import org.zdict.format.PayloadPrefix;

/**
 * What a codec accepts when decoding, whatever the payload kind: the largest size a payload may decode
 * to, and whether a payload no checksum covers is decoded at all.
 *
 * @param maxDecompressedSize the decompression limit, in bytes
 * @param acceptUnchecked whether payloads without a checksum (stored, or written without one) decode
 */
record DecodeLimits(int maxDecompressedSize, boolean acceptUnchecked) {
    /** Refuses a payload that declares more than the limit. */
    void checkLimit(long size, PayloadPrefix prefix) {
        if (size > maxDecompressedSize) {
            throw new PayloadTooLargeException(
                    "Payload" + FrameChecks.describe(prefix) + " declares " + size + " decompressed bytes",
                    maxDecompressedSize);
        }
    }

    /** Refuses a caller's destination too small for what the payload declares. */
    static void checkRoom(long needed, int room) {
        if (needed > room) {
            throw new IllegalArgumentException(
                    "Destination has room for " + room + " bytes but the payload decodes to " + needed);
        }
    }
}
