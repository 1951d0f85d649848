package org.zdict.codec;

import com.github.luben.zstd.ZstdException;
import java.nio.ByteBuffer;
import java.util.OptionalInt;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.FrameHeader;

/**
 * zstd frame payloads, with a dictionary ({@code 0xD1}) or without ({@code 0xD2}): writes them, reads
 * their frame header in Java (once: the content size, and the checksum flag when checksums are
 * required), and decodes them through pooled native contexts holding the cache's digested dictionaries.
 */
final class ZstdFramePayloads implements PayloadDecoder, AutoCloseable {
    /** Passed as the version of a frame compressed without a dictionary (versions are never negative). */
    private static final int NO_DICTIONARY = -1;

    private final DictionaryCache dictionaries;
    private final DecodeLimits limits;
    private final OptionalInt level;
    /** With checksums on, payloads are always checksummed frames: never stored, which has no checksum. */
    private final boolean checksum;

    private final ContextPool<CompressContext> compressContexts;
    private final ContextPool<DecompressContext> decompressContexts = new ContextPool<>(DecompressContext::new);

    ZstdFramePayloads(DictionaryCache dictionaries, DecodeLimits limits, OptionalInt level, boolean checksum) {
        this.dictionaries = dictionaries;
        this.limits = limits;
        this.level = level;
        this.checksum = checksum;
        this.compressContexts = new ContextPool<>(() -> new CompressContext(checksum));
    }

    /** Writes a frame with dictionary {@code version}; the caller checked the arguments. */
    int compress(int version, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        return compress(PayloadPrefix.dictionaryFrame(version), version, src, srcOffset, srcLength, dst, dstOffset);
    }

    /** Writes a frame without a dictionary, at the codec's level (zstd's default when it has none). */
    int compressWithoutDictionary(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        return compress(PayloadPrefix.plainFrame(), NO_DICTIONARY, src, srcOffset, srcLength, dst, dstOffset);
    }

    private int compress(
            PayloadPrefix prefix, int version, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        int prefixLength = prefix.writeTo(dst, dstOffset);
        int frameOffset = dstOffset + prefixLength;
        int frameLength;
        CompressContext context = compressContexts.borrow();
        try {
            frameLength = (version == NO_DICTIONARY
                            ? context.withoutDictionary(level.orElse(ZdictCodecBuilder.DEFAULT_LEVEL))
                            : context.withVersion(version, dictionaries))
                    .compressByteArray(dst, frameOffset, dst.length - frameOffset, src, srcOffset, srcLength);
        } finally {
            compressContexts.giveBack(context);
        }
        if (!checksum && StoredPayloads.gainsNothing(prefixLength + frameLength, srcLength)) {
            return StoredPayloads.write(src, srcOffset, srcLength, dst, dstOffset);
        }
        return prefixLength + frameLength;
    }

    @Override
    public long declaredSize(PayloadPrefix prefix, byte[] src, int offset, int length) {
        return FrameChecks.declaredContentSize(prefix, src, offset + prefix.length(), length - prefix.length());
    }

    @Override
    public int decode(PayloadPrefix prefix, byte[] src, int offset, int length, byte[] dst, int dstOffset) {
        int frameOffset = offset + prefix.length();
        int frameLength = length - prefix.length();
        long size = checkedSize(prefix, src, frameOffset, frameLength);
        int room = dst.length - dstOffset;
        DecompressContext context = decompressContexts.borrow();
        try {
            if (size < 0) {
                return UnknownSizeFrames.decodeInto(
                        context,
                        dictionaries,
                        prefix,
                        src,
                        frameOffset,
                        frameLength,
                        dst,
                        dstOffset,
                        room,
                        limits.maxDecompressedSize());
            }
            DecodeLimits.checkRoom(size, room);
            // zstd is given the caller's whole room, not the declared size: it checks the frame's declared
            // size itself, and decodes 3-6 % faster into a roomier buffer; checkDecoded still holds.
            return decodeDeclared(context, prefix, src, frameOffset, frameLength, dst, dstOffset, room, size);
        } finally {
            decompressContexts.giveBack(context);
        }
    }

    @Override
    public byte[] decode(PayloadPrefix prefix, byte[] src, int offset, int length) {
        int frameOffset = offset + prefix.length();
        int frameLength = length - prefix.length();
        long size = checkedSize(prefix, src, frameOffset, frameLength);
        DecompressContext context = decompressContexts.borrow();
        try {
            if (size < 0) {
                return UnknownSizeFrames.decodeGrowing(
                        context, dictionaries, prefix, src, frameOffset, frameLength, limits.maxDecompressedSize());
            }
            byte[] dst = new byte[(int) size];
            decodeDeclared(context, prefix, src, frameOffset, frameLength, dst, 0, dst.length, size);
            return dst;
        } finally {
            decompressContexts.giveBack(context);
        }
    }

    /**
     * Decodes where the payload lies, by native code: only the frame header is copied into Java, into the
     * context's own array. A frame that declares no size (rare) is decoded from a copy.
     */
    @Override
    public byte[] decodeDirect(PayloadPrefix prefix, ByteBuffer src) {
        int frameStart = src.position() + prefix.length();
        int frameLength = src.remaining() - prefix.length();
        DecompressContext context = decompressContexts.borrow();
        try {
            byte[] head = context.frameHead;
            src.get(frameStart, head, 0, Math.min(frameLength, head.length));
            long size = checkedSize(prefix, head, 0, frameLength);
            if (size < 0) {
                byte[] copy = new byte[src.remaining()];
                src.get(src.position(), copy);
                return UnknownSizeFrames.decodeGrowing(
                        context,
                        dictionaries,
                        prefix,
                        copy,
                        prefix.length(),
                        frameLength,
                        limits.maxDecompressedSize());
            }
            byte[] dst = new byte[(int) size];
            int written;
            try {
                written = context.forFrame(prefix, dictionaries)
                        .decompressDirectByteBufferToByteArray(dst, 0, dst.length, src, frameStart, frameLength);
            } catch (ZstdException e) {
                throw FrameChecks.corruptFrame(prefix, e);
            }
            checkDecoded(prefix, size, written);
            return dst;
        } finally {
            decompressContexts.giveBack(context);
        }
    }

    @Override
    public void close() {
        compressContexts.close();
        decompressContexts.close();
    }

    /**
     * The size the frame declares (-1 for none), within the limit, once its header is read: with
     * checksums required, a frame without one is refused (one flipped bit turns a checked frame into an
     * unchecked one, which would decode into other bytes).
     */
    private long checkedSize(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        int descriptor = FrameChecks.descriptor(prefix, src, frameOffset, frameLength);
        if (!limits.acceptUnchecked() && !FrameHeader.declaresChecksum(descriptor)) {
            throw new CorruptPayloadException(
                    CorruptPayloadException.Kind.NO_CHECKSUM,
                    prefix.length(),
                    "Unchecked payload: its zstd frame" + FrameChecks.describe(prefix)
                            + " carries no content checksum, and this codec requires one");
        }
        long size = FrameHeader.contentSize(src, frameOffset, descriptor);
        if (size >= 0) {
            limits.checkLimit(size, prefix);
        }
        return size;
    }

    /**
     * Decodes the frame {@code src[frameOffset, frameOffset + frameLength)}, which declares {@code size}
     * bytes, into {@code dst} at {@code dstOffset}, where the caller gave {@code room} bytes (at least
     * {@code size}).
     */
    private int decodeDeclared(
            DecompressContext context,
            PayloadPrefix prefix,
            byte[] src,
            int frameOffset,
            int frameLength,
            byte[] dst,
            int dstOffset,
            int room,
            long size) {
        int written;
        try {
            written = context.forFrame(prefix, dictionaries)
                    .decompressByteArray(dst, dstOffset, room, src, frameOffset, frameLength);
        } catch (ZstdException e) {
            throw FrameChecks.corruptFrame(prefix, e);
        }
        checkDecoded(prefix, size, written);
        return written;
    }

    private static void checkDecoded(PayloadPrefix prefix, long declared, int written) {
        if (written != declared) {
            throw new CorruptPayloadException(
                    prefix.length(),
                    "Corrupt zstd frame" + FrameChecks.describe(prefix) + ": it declares " + declared
                            + " bytes but decodes to " + written);
        }
    }
}
