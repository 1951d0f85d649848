package org.zdict.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadPrefix;

/** Stored payloads ({@code 0xD3}): the marker byte, then the original bytes unchanged. */
final class StoredPayloads implements PayloadDecoder {
    private final DecodeLimits limits;

    StoredPayloads(DecodeLimits limits) {
        this.limits = limits;
    }

    /** Writes {@code src} stored at {@code dst[dstOffset]}; returns {@code srcLength + 1}. */
    static int write(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        int prefixLength = PayloadPrefix.stored().writeTo(dst, dstOffset);
        System.arraycopy(src, srcOffset, dst, dstOffset + prefixLength, srcLength);
        return prefixLength + srcLength;
    }

    /** Whether a payload of {@code written} bytes gains nothing over storing {@code srcLength} bytes. */
    static boolean gainsNothing(int written, int srcLength) {
        return written >= PayloadPrefix.stored().length() + srcLength;
    }

    @Override
    public long declaredSize(PayloadPrefix prefix, byte[] src, int offset, int length) {
        return length - prefix.length();
    }

    @Override
    public int decode(PayloadPrefix prefix, byte[] src, int offset, int length, byte[] dst, int dstOffset) {
        int size = checkedSize(prefix, length);
        DecodeLimits.checkRoom(size, dst.length - dstOffset);
        System.arraycopy(src, offset + prefix.length(), dst, dstOffset, size);
        return size;
    }

    @Override
    public byte[] decode(PayloadPrefix prefix, byte[] src, int offset, int length) {
        int start = offset + prefix.length();
        return Arrays.copyOfRange(src, start, start + checkedSize(prefix, length));
    }

    @Override
    public byte[] decodeDirect(PayloadPrefix prefix, ByteBuffer src) {
        byte[] dst = new byte[checkedSize(prefix, src.remaining())];
        src.get(src.position() + prefix.length(), dst);
        return dst;
    }

    /**
     * The stored bytes' length, once checked. With checksums required a stored payload is refused: one
     * flipped bit turns a checked frame into a stored payload, which would decode into other bytes.
     */
    private int checkedSize(PayloadPrefix prefix, int length) {
        if (!limits.acceptUnchecked()) {
            throw new CorruptPayloadException(
                    CorruptPayloadException.Kind.NO_CHECKSUM,
                    0,
                    "Unchecked payload: it is stored uncompressed, without a checksum, and this codec requires"
                            + " one (a codec with checksums on never stores)");
        }
        int size = length - prefix.length();
        limits.checkLimit(size, prefix);
        return size;
    }
}
