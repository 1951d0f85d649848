package org.zdict.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.FrameHeader;

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
            throw naming(prefix, e);
        }
    }

    /** The checked descriptor of the frame's header: see {@link FrameHeader#descriptor}. */
    static int descriptor(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        try {
            return FrameHeader.descriptor(src, frameOffset, frameLength, prefix.length());
        } catch (CorruptPayloadException e) {
            throw naming(prefix, e);
        }
    }

    /** {@code e} with what the prefix announces added to its reason; a truncation stays a truncation. */
    private static CorruptPayloadException naming(PayloadPrefix prefix, CorruptPayloadException e) {
        String reason = e.reason() + describe(prefix);
        return e.kind() == CorruptPayloadException.Kind.TRUNCATED
                ? new CorruptPayloadException(CorruptPayloadException.Kind.TRUNCATED, e.offset(), reason, e)
                : new CorruptPayloadException(e.offset(), reason, e);
    }

    /**
     * The error for a frame zstd refused. With a dictionary, zstd's own messages ("Data corruption
     * detected", "Destination buffer is too small") are also what a payload decoded with the wrong
     * dictionary produces, so the message says so; a frame that names its dictionary id proves it.
     */
    static CorruptPayloadException corruptFrame(PayloadPrefix prefix, ZstdException e) {
        if (e.getErrorCode() == Zstd.errSrcSizeWrong()) {
            return new CorruptPayloadException(
                    CorruptPayloadException.Kind.TRUNCATED,
                    prefix.length(),
                    "Corrupt zstd frame" + describe(prefix)
                            + ": cut short, or followed by other bytes (its blocks do not end where the payload"
                            + " ends: " + e.getMessage() + ")",
                    e);
        }
        if (!prefix.isDictionaryFrame()) {
            return new CorruptPayloadException(
                    prefix.length(), "Corrupt zstd frame" + describe(prefix) + ": " + e.getMessage(), e);
        }
        if (e.getErrorCode() == Zstd.errDictionaryWrong()) {
            return CorruptPayloadException.dictionaryMismatch(
                    prefix.length(),
                    prefix.version(),
                    "Wrong dictionary: the payload was written with another dictionary than version "
                            + prefix.version() + " of this registry (its zstd frame names another dictionary id):"
                            + " the registry is not the one it was written with, or was rebuilt from scratch",
                    e);
        }
        return new CorruptPayloadException(
                prefix.length(),
                "Corrupt zstd frame" + describe(prefix) + ": " + e.getMessage()
                        + "; if every payload fails like this, version " + prefix.version()
                        + " of this registry is probably not the dictionary they were written with (another"
                        + " registry, or one rebuilt from scratch)",
                e);
    }

    /** " (dictionary version N)", " (zstd without dictionary)" or " (stored)", for messages. */
    static String describe(PayloadPrefix prefix) {
        return " (" + prefix.description() + ")";
    }
}
