package org.zdict.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadKind;
import org.zdict.format.PayloadPrefix;

/** Checks on the zstd frame that follows a prefix, done before any native decoding or allocation. */
final class FrameChecks {
    private static final long CONTENT_SIZE_UNKNOWN = -1;
    private static final long CONTENT_SIZE_ERROR = -2;

    private FrameChecks() {}

    /**
     * The content size the frame at {@code src[frameOffset, frameOffset + frameLength)} declares, -1 if
     * it declares none, or {@link Long#MAX_VALUE} if it declares more than a long holds. Checks that the
     * payload is exactly one whole zstd frame.
     */
    static long declaredContentSize(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        if (!PayloadPrefix.startsWithZstdMagic(src, frameOffset, frameLength)) {
            if (frameLength < PayloadPrefix.ZSTD_MAGIC.length) {
                throw new CorruptPayloadException(
                        prefix.length(),
                        "Truncated payload: " + frameLength + " byte(s) after the prefix" + describe(prefix)
                                + ", expected a zstd frame");
            }
            throw new CorruptPayloadException(
                    prefix.length(),
                    String.format(
                            "Expected the zstd magic number 28 B5 2F FD after the prefix%s, found %02X %02X %02X %02X",
                            describe(prefix),
                            src[frameOffset],
                            src[frameOffset + 1],
                            src[frameOffset + 2],
                            src[frameOffset + 3]));
        }
        long declared = Zstd.getFrameContentSize(src, frameOffset, frameLength);
        if (declared == CONTENT_SIZE_ERROR) {
            throw new CorruptPayloadException(
                    prefix.length(), "Truncated or corrupt zstd frame header" + describe(prefix));
        }
        long frameSize;
        try {
            frameSize = Zstd.findFrameCompressedSize(src, frameOffset, frameLength);
        } catch (ZstdException e) {
            throw new CorruptPayloadException(
                    prefix.length(), "Truncated or corrupt zstd frame" + describe(prefix) + ": " + e.getMessage(), e);
        }
        if (frameSize != frameLength) {
            throw new CorruptPayloadException(
                    prefix.length() + frameSize,
                    (frameLength - frameSize) + " unexpected byte(s) after the end of the zstd frame"
                            + describe(prefix));
        }
        if (declared < CONTENT_SIZE_ERROR) {
            return Long.MAX_VALUE;
        }
        return declared;
    }

    static CorruptPayloadException corruptFrame(PayloadPrefix prefix, ZstdException e) {
        return new CorruptPayloadException(
                prefix.length(), "Corrupt zstd frame" + describe(prefix) + ": " + e.getMessage(), e);
    }

    /** " (dictionary version N)" or " (no dictionary)", for messages. */
    static String describe(PayloadPrefix prefix) {
        return prefix.kind() == PayloadKind.DICTIONARY_FRAME
                ? " (dictionary version " + prefix.version() + ")"
                : " (no dictionary)";
    }
}
