package org.zdict.codec;

import com.github.luben.zstd.ZstdException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.format.PayloadPrefix;

/**
 * Decodes frames that declare no content size (written by other encoders; zdict always declares it)
 * with zstd's streaming decoder, so output grows only as the frame really expands and stops at the
 * limit: no allocation is ever sized by what the payload claims.
 */
final class UnknownSizeFrames {
    private static final int FIRST_CHUNK = 64 << 10;

    private UnknownSizeFrames() {}

    /** Decodes into {@code dst}; fails if the output passes {@code room} or {@code limit}. */
    static int decodeInto(
            DecompressContext pooled,
            DictionaryCache dictionaries,
            PayloadPrefix prefix,
            byte[] src,
            int frameOffset,
            int frameLength,
            byte[] dst,
            int dstOffset,
            int room,
            int limit) {
        ByteBuffer in = ByteBuffer.wrap(src, frameOffset, frameLength);
        ByteBuffer out = ByteBuffer.wrap(dst, dstOffset, Math.min(room, limit));
        pooled.reset();
        pooled.forFrame(prefix, dictionaries);
        try {
            if (!decode(pooled, prefix, in, out, frameOffset)) {
                if (expandsFurther(pooled, prefix, in, frameOffset)) {
                    throw room < limit
                            ? new IllegalArgumentException(
                                    "Destination has room for " + room + " bytes but the payload decodes to more")
                            : tooLarge(prefix, limit);
                }
            }
            return out.position() - dstOffset;
        } finally {
            pooled.reset();
        }
    }

    /** Decodes into a new array that grows as needed, up to {@code limit} bytes. */
    static byte[] decodeGrowing(
            DecompressContext pooled,
            DictionaryCache dictionaries,
            PayloadPrefix prefix,
            byte[] src,
            int frameOffset,
            int frameLength,
            int limit) {
        ByteBuffer in = ByteBuffer.wrap(src, frameOffset, frameLength);
        byte[] output = new byte[Math.min(limit, Math.max(FIRST_CHUNK, frameLength))];
        ByteBuffer out = ByteBuffer.wrap(output);
        pooled.reset();
        pooled.forFrame(prefix, dictionaries);
        try {
            while (!decode(pooled, prefix, in, out, frameOffset)) {
                if (output.length == limit) {
                    if (expandsFurther(pooled, prefix, in, frameOffset)) {
                        throw tooLarge(prefix, limit);
                    }
                    break;
                }
                int position = out.position();
                output = Arrays.copyOf(output, (int) Math.min(limit, output.length * 2L));
                out = ByteBuffer.wrap(output);
                out.position(position);
            }
            return Arrays.copyOf(output, out.position());
        } finally {
            pooled.reset();
        }
    }

    /**
     * Decodes until the frame ends (true) or {@code out} is full (false). Input that ends before the
     * frame does is a truncated frame.
     */
    private static boolean decode(
            DecompressContext context, PayloadPrefix prefix, ByteBuffer in, ByteBuffer out, int frameOffset) {
        while (true) {
            int inBefore = in.position();
            int outBefore = out.position();
            boolean done;
            try {
                done = context.decompressStream(out, in);
            } catch (ZstdException e) {
                throw FrameChecks.corruptFrame(prefix, e);
            }
            if (done) {
                if (in.hasRemaining()) {
                    throw new CorruptPayloadException(
                            prefix.length() + in.position() - frameOffset,
                            in.remaining() + " unexpected byte(s) after the end of the zstd frame"
                                    + FrameChecks.describe(prefix));
                }
                return true;
            }
            if (!out.hasRemaining()) {
                return false;
            }
            if (in.position() == inBefore && out.position() == outBefore) {
                throw new CorruptPayloadException(
                        CorruptPayloadException.Kind.TRUNCATED,
                        prefix.length() + in.position() - frameOffset,
                        "Truncated zstd frame" + FrameChecks.describe(prefix) + ": input ends before the frame does");
            }
        }
    }

    /**
     * With the output full, whether the frame still has at least one more byte to give. A frame whose
     * input ends before the frame does is truncated, even when its output so far fills the room exactly.
     */
    private static boolean expandsFurther(
            DecompressContext context, PayloadPrefix prefix, ByteBuffer in, int frameOffset) {
        ByteBuffer probe = ByteBuffer.allocate(1);
        boolean ended = decode(context, prefix, in, probe, frameOffset);
        return !ended || probe.position() > 0;
    }

    private static PayloadTooLargeException tooLarge(PayloadPrefix prefix, int limit) {
        return new PayloadTooLargeException(
                "Payload" + FrameChecks.describe(prefix) + " declares no size and expands past the limit", limit);
    }
}
