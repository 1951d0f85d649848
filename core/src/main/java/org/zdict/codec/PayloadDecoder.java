package org.zdict.codec;

import java.nio.ByteBuffer;
import org.zdict.format.PayloadPrefix;

/**
 * Reads one payload kind, after the prefix that names it: its head (checked against the codec's {@link
 * DecodeLimits} before anything is decoded), then its body. Each method takes the whole payload,
 * {@code src[offset, offset + length)}, prefix included, and the prefix already read from it.
 */
interface PayloadDecoder {
    /** The size the payload declares, or -1 if it declares none; its head is read, not checked. */
    long declaredSize(PayloadPrefix prefix, byte[] src, int offset, int length);

    /** Decodes into {@code dst} from {@code dstOffset}, where the caller gave all the room to the end. */
    int decode(PayloadPrefix prefix, byte[] src, int offset, int length, byte[] dst, int dstOffset);

    /** Decodes into a new array of the size decoded. */
    byte[] decode(PayloadPrefix prefix, byte[] src, int offset, int length);

    /** Decodes the payload in direct buffer {@code src}'s remaining bytes into a new array; leaves its position. */
    byte[] decodeDirect(PayloadPrefix prefix, ByteBuffer src);
}
