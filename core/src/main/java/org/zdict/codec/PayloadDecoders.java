package org.zdict.codec;

import java.nio.ByteBuffer;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.ZstdJniFeatures;

/** A codec's decoder of each payload kind, and the one place that picks the kind a prefix names. */
final class PayloadDecoders {
    private final PayloadDecoder zstdFrames;
    private final PayloadDecoder lz4Blocks;
    private final PayloadDecoder stored;

    PayloadDecoders(PayloadDecoder zstdFrames, PayloadDecoder lz4Blocks, PayloadDecoder stored) {
        this.zstdFrames = zstdFrames;
        this.lz4Blocks = lz4Blocks;
        this.stored = stored;
    }

    /** {@return the decoder of the kind {@code prefix} names} */
    PayloadDecoder of(PayloadPrefix prefix) {
        return prefix.isLz4Block() ? lz4Blocks : prefix.isStored() ? stored : zstdFrames;
    }

    /** The whole payload decoded into a new array; {@code listener} (may be null) is told what it was. */
    byte[] decodeWhole(byte[] src, int srcOffset, int srcLength, ZdictCodec.DecodeListener listener) {
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        return told(listener, prefix, of(prefix).decode(prefix, src, srcOffset, srcLength), srcLength);
    }

    /**
     * The payload in {@code src}'s remaining bytes decoded into a new array, without copying it: a heap
     * buffer through its backing array, a direct one where it lies. {@code src}'s position stays.
     */
    byte[] decodeWhole(ByteBuffer src, ZdictCodec.DecodeListener listener) {
        int srcLength = src.remaining();
        if (src.hasArray()) {
            return decodeWhole(src.array(), src.arrayOffset() + src.position(), srcLength, listener);
        }
        if (!src.isDirect() || !ZstdJniFeatures.DECOMPRESSES_DIRECT_TO_ARRAY) {
            // zstd-jni before 1.5.7-2 decodes a direct buffer only into another direct buffer: decode a copy.
            byte[] copy = new byte[srcLength];
            src.duplicate().get(copy);
            return decodeWhole(copy, 0, srcLength, listener);
        }
        PayloadPrefix prefix = PayloadPrefix.read(src);
        return told(listener, prefix, of(prefix).decodeDirect(prefix, src), srcLength);
    }

    private static byte[] told(
            ZdictCodec.DecodeListener listener, PayloadPrefix prefix, byte[] decoded, int payloadLength) {
        if (listener != null) {
            listener.decoded(prefix, decoded.length, payloadLength);
        }
        return decoded;
    }
}
