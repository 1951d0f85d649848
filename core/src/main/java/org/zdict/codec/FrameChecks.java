package org.zdict.codec;

import com.github.luben.zstd.ZstdException;
import org.zdict.CorruptPayloadException;
import org.zdict.format.FrameHeader;
import org.zdict.format.PayloadKind;
import org.zdict.format.PayloadPrefix;

/** Checks on the zstd frame that follows a prefix, done in Java before any native call or allocation. */
final class FrameChecks {
    private FrameChecks() {}

    /**
     * The content size the frame at {@code src[frameOffset, frameOffset + frameLength)} declares, -1 if
     * it declares none, or {@link Long#MAX_VALUE} if it declares more than a long holds.
     */
    static long declaredContentSize(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        try {
            return FrameHeader.contentSize(src, frameOffset, frameLength, prefix.length());
        } catch (CorruptPayloadException e) {
            throw new CorruptPayloadException(e.offset(), e.reason() + describe(prefix), e);
        }
    }

    /** Whether the frame's header sets the content checksum flag. */
    static boolean hasChecksum(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        try {
            return FrameHeader.declaresChecksum(src, frameOffset, frameLength, prefix.length());
        } catch (CorruptPayloadException e) {
            throw new CorruptPayloadException(e.offset(), e.reason() + describe(prefix), e);
        }
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
