package org.zdict.codec;

import com.github.luben.zstd.ZstdException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import org.zdict.CorruptPayloadException;
import org.zdict.DictionaryMismatchException;
import org.zdict.PayloadTooLargeException;
import org.zdict.TruncatedPayloadException;
import org.zdict.UncheckedPayloadException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.ZstdJniFeatures;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.internal.ZstdLevels;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4BlockDecoder;
import org.zdict.internal.lz4.Lz4BlockException;
import org.zdict.registry.DictionarySource;

/**
 * The one entry point: compresses bytes into a zdict payload with the registry's active version, and
 * decompresses any payload by the version its prefix names. Safe for concurrent use by many threads;
 * native contexts come from pools, and digested dictionaries (one per version and use) are built when
 * first needed and kept in a cache bounded by their native size.
 * Closing it frees all native memory it holds; using it afterwards fails with {@link
 * IllegalStateException}.
 */
public final class ZdictCodec implements AutoCloseable {
    /** Default for {@link Builder#maxDecompressedSize}: 64 MiB. */
    public static final int DEFAULT_MAX_DECOMPRESSED_SIZE = 64 << 20;
    /** Default for {@link Builder#dictionaryCacheBytes}: 256 MiB. */
    public static final long DEFAULT_DICTIONARY_CACHE_BYTES = 256L << 20;
    /** Passed as the version of a frame compressed without a dictionary (versions are never negative). */
    private static final int NO_DICTIONARY = -1;
    /** The longest prefix and zstd frame header (magic 4, descriptor 1, window 1, dictionary id 4, size 8). */
    private static final int MAX_HEAD_LENGTH = PayloadPrefix.MAX_LENGTH + 18;

    private final DictionarySource source;
    private final OptionalInt level;
    private final int maxDecompressedSize;
    /** With checksums on, payloads are always checksummed frames: never stored, which has no checksum. */
    private final boolean checksum;
    /** Decode payloads that carry no checksum (stored, or frames written without one). */
    private final boolean acceptUnchecked;

    private final DigestedDictionaries dictionaries;
    private final ContextPool<CompressContext> compressContexts;
    private final ContextPool<DecompressContext> decompressContexts;
    /** Versions published for LZ4 (see {@link org.zdict.registry.DictionaryCodec}): their windows. */
    private final Lz4Dictionaries lz4Dictionaries;

    private final ContextPool<Lz4CompressContext> lz4Contexts;
    /**
     * Set once by close(). A call in progress needs no counting: the native context it borrowed is its
     * own until it gives it back (the pool closes it then), and that context holds a reference to the
     * dictionary it uses, so close() frees neither under it.
     */
    private volatile boolean closed;

    private ZdictCodec(Builder builder) {
        this.source = builder.source;
        this.level = builder.level;
        this.maxDecompressedSize = builder.maxDecompressedSize;
        this.dictionaries = new DigestedDictionaries(source, level, builder.dictionaryCacheBytes);
        this.checksum = builder.checksum;
        this.acceptUnchecked = !builder.checksum || builder.acceptUnchecked;
        this.compressContexts = new ContextPool<>(() -> new CompressContext(checksum));
        this.decompressContexts = new ContextPool<>(DecompressContext::new);
        this.lz4Dictionaries = new Lz4Dictionaries(source, builder.dictionaryCacheBytes);
        this.lz4Contexts = new ContextPool<>(Lz4CompressContext::new);
    }

    /**
     * Told about each payload {@link #decompress(ByteBuffer, DecodeListener)} decodes, with the prefix the
     * codec read, so that a caller counting payloads per version does not read the prefix again.
     */
    @FunctionalInterface
    public interface DecodeListener {
        /**
         * Called once per payload, after it decoded, on the decoding thread.
         *
         * @param prefix the payload's prefix
         * @param decodedLength the number of bytes it decoded to
         * @param payloadLength the payload's length, prefix included
         */
        void decoded(PayloadPrefix prefix, int decodedLength, int payloadLength);
    }

    /**
     * A builder of a codec over {@code source} (a registry, or any other source of dictionaries), with
     * the defaults of {@link #of}.
     *
     * @param source where the dictionaries come from; the codec does not close it
     * @return a new builder
     */
    public static Builder builder(DictionarySource source) {
        return new Builder(source);
    }

    /**
     * A codec with default settings over {@code source}: checksums on, each dictionary's recorded level,
     * a 64 MiB decompression limit, a 256 MiB dictionary cache.
     *
     * @param source where the dictionaries come from; the codec does not close it
     * @return the codec; close it to free its native memory
     */
    public static ZdictCodec of(DictionarySource source) {
        return builder(source).build();
    }

    /** {@return the source (a registry, usually) this codec reads its dictionaries from} */
    public DictionarySource source() {
        return source;
    }

    /** {@return the decompression limit, in bytes} */
    public int maxDecompressedSize() {
        return maxDecompressedSize;
    }

    /** {@return the state of the codec's cache of digested dictionaries: bytes held, entries, loads, evictions} */
    public DictionaryCacheStats cacheStats() {
        return dictionaries.stats();
    }

    /**
     * The largest payload that compressing {@code srcLength} bytes can produce.
     *
     * @param srcLength the input length, 0 or more
     * @return the bound, prefix included
     */
    public static int maxCompressedLength(int srcLength) {
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

    /**
     * Compresses {@code src[srcOffset, srcOffset + srcLength)} into {@code dst} at {@code dstOffset}
     * with the registry's active version (without a dictionary when none is active). {@code dst} must
     * have {@link #maxCompressedLength} bytes of room.
     *
     * @param src the input
     * @param srcOffset where the input starts in {@code src}
     * @param srcLength the input's length
     * @param dst the destination
     * @param dstOffset where to write in {@code dst}
     * @return the number of bytes written
     */
    public int compress(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        OptionalInt active = source.activeVersion();
        if (active.isPresent()) {
            return compress(active.getAsInt(), src, srcOffset, srcLength, dst, dstOffset);
        }
        return compressWithoutDictionary(src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Like {@link #compress(byte[], int, int, byte[], int)} with dictionary {@code version}: a zstd frame,
     * or an LZ4 block when the version was published for LZ4 ({@link org.zdict.registry.DictionaryCodec}).
     *
     * @param version a version the registry holds (retired ones too)
     * @param src the input
     * @param srcOffset where the input starts in {@code src}
     * @param srcLength the input's length
     * @param dst the destination, with {@link #maxCompressedLength} bytes of room
     * @param dstOffset where to write in {@code dst}
     * @return the number of bytes written
     * @throws org.zdict.UnknownDictionaryVersionException if the registry does not hold {@code version}
     * @throws org.zdict.CorruptDictionaryException if its stored bytes cannot be trusted
     * @throws IllegalStateException if the version was published for a codec this release cannot write
     */
    public int compress(int version, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkArguments(src, srcOffset, srcLength, dst, dstOffset);
        Lz4Dictionaries.Lz4Version lz4 = lz4Dictionaries.forCompression(version);
        if (lz4 != null) {
            return compressLz4(version, lz4, src, srcOffset, srcLength, dst, dstOffset);
        }
        return compressFrame(
                PayloadPrefix.dictionaryFrame(version), version, src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Compresses without a dictionary (a {@code 0xD2} payload), at the codec's level (zstd's default when
     * it has none).
     *
     * @param src the input
     * @param srcOffset where the input starts in {@code src}
     * @param srcLength the input's length
     * @param dst the destination, with {@link #maxCompressedLength} bytes of room
     * @param dstOffset where to write in {@code dst}
     * @return the number of bytes written
     */
    public int compressWithoutDictionary(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkArguments(src, srcOffset, srcLength, dst, dstOffset);
        return compressFrame(PayloadPrefix.plainFrame(), NO_DICTIONARY, src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Writes a payload that stores {@code src} uncompressed (for records too small to gain): one marker
     * byte, then the input. A codec with checksums on refuses to read it back unless it accepts
     * unchecked payloads.
     *
     * @param src the input
     * @param srcOffset where the input starts in {@code src}
     * @param srcLength the input's length
     * @param dst the destination, with {@code srcLength + 1} bytes of room
     * @param dstOffset where to write in {@code dst}
     * @return the number of bytes written, {@code srcLength + 1}
     */
    public int store(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkArguments(src, srcOffset, srcLength, dst, dstOffset);
        return writeStored(src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Compresses {@code src} into a new array, with the registry's active version (without a dictionary when
     * none is active).
     *
     * @param src the input
     * @return the payload
     */
    public byte[] compress(byte[] src) {
        byte[] dst = new byte[maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, compress(src, 0, src.length, dst, 0));
    }

    /**
     * Compresses {@code src} into a new array with dictionary {@code version}.
     *
     * @param version a version the registry holds
     * @param src the input
     * @return the payload
     * @throws org.zdict.UnknownDictionaryVersionException if the registry does not hold {@code version}
     */
    public byte[] compress(int version, byte[] src) {
        byte[] dst = new byte[maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, compress(version, src, 0, src.length, dst, 0));
    }

    /**
     * The decompressed size the payload declares, or -1 if its frame declares none (then {@link
     * #decompress(byte[])} still decodes it, bounded by the limit).
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts in {@code src}
     * @param srcLength the payload's length
     * @return the declared size, or -1
     * @throws CorruptPayloadException for a truncated, foreign or corrupt prefix or frame header
     */
    public long decompressedLength(byte[] src, int srcOffset, int srcLength) {
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        int frameOffset = srcOffset + prefix.length();
        int frameLength = srcLength - prefix.length();
        if (prefix.isStored()) {
            return frameLength;
        }
        if (prefix.isLz4Block()) {
            return Lz4BlockHeader.parse(src, frameOffset, frameLength, prefix.length())
                    .contentSize();
        }
        return FrameChecks.declaredContentSize(prefix, src, frameOffset, frameLength);
    }

    /**
     * Decompresses the payload {@code src[srcOffset, srcOffset + srcLength)} into {@code dst} at
     * {@code dstOffset}. The decoder is given all of {@code dst}'s room from {@code dstOffset}, which it
     * may use as scratch: bytes past the returned length may be overwritten, as zstd's own decoder does.
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts in {@code src}
     * @param srcLength the payload's length
     * @param dst the destination, with room for the decompressed bytes ({@link #decompressedLength})
     * @param dstOffset where to write in {@code dst}
     * @return the number of bytes written
     * @throws CorruptPayloadException for a foreign or corrupt payload
     * @throws org.zdict.TruncatedPayloadException for a payload that ends before its prefix, frame header
     *     or frame does
     * @throws org.zdict.DictionaryMismatchException for a frame that names another dictionary than the
     *     version its prefix names
     * @throws org.zdict.UnknownDictionaryVersionException for a version the registry does not hold
     * @throws org.zdict.UncheckedPayloadException when checksums are required and the payload has none
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     * @throws IllegalArgumentException when {@code dst} has too little room for a valid payload
     */
    public int decompress(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        Objects.checkFromToIndex(dstOffset, dst.length, dst.length);
        PayloadHead head = head(src, srcOffset, srcLength);
        int room = dst.length - dstOffset;
        if (head.size() >= 0) {
            checkRoom(head.size(), room);
        }
        if (head.stored()) {
            System.arraycopy(src, head.frameOffset(), dst, dstOffset, head.frameLength());
            return head.frameLength();
        }
        if (head.prefix().isLz4Block()) {
            return decodeLz4(
                    head.prefix(), head.lz4Header(), src, head.frameOffset(), head.frameLength(), dst, dstOffset);
        }
        if (head.size() >= 0) {
            // zstd is given the caller's whole room, not the declared size: it checks the frame's declared
            // size itself, and decodes 3-6 % faster into a roomier buffer; checkDecoded still holds.
            return decodeDeclared(
                    head.prefix(), src, head.frameOffset(), head.frameLength(), dst, dstOffset, room, head.size());
        }
        DecompressContext context = decompressContexts.borrow();
        try {
            return UnknownSizeFrames.decodeInto(
                    context,
                    dictionaries,
                    head.prefix(),
                    src,
                    head.frameOffset(),
                    head.frameLength(),
                    dst,
                    dstOffset,
                    room,
                    maxDecompressedSize);
        } finally {
            decompressContexts.giveBack(context);
        }
    }

    /**
     * Decompresses a whole payload, allocating exactly its declared size (checked against the limit).
     *
     * @param src the payload
     * @return the original bytes
     * @throws CorruptPayloadException for a truncated, foreign or corrupt payload (and its subclasses, as
     *     for {@link #decompress(byte[], int, int, byte[], int)})
     * @throws org.zdict.UnknownDictionaryVersionException for a version the registry does not hold
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     */
    public byte[] decompress(byte[] src) {
        return decompress(src, 0, src.length);
    }

    /**
     * Decompresses the whole payload {@code src[srcOffset, srcOffset + srcLength)}, allocating exactly
     * its declared size (checked against the limit).
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts in {@code src}
     * @param srcLength the payload's length
     * @return the original bytes
     * @throws CorruptPayloadException as {@link #decompress(byte[], int, int, byte[], int)} does
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     */
    public byte[] decompress(byte[] src, int srcOffset, int srcLength) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        return decodeWhole(src, srcOffset, srcLength, null);
    }

    /**
     * Like {@link #decompress(byte[])}, and tells {@code listener} what it decoded.
     *
     * @param src the payload
     * @param listener told the payload's prefix and lengths once it has decoded
     * @return the original bytes
     * @throws CorruptPayloadException as {@link #decompress(byte[], int, int, byte[], int)} does
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     */
    public byte[] decompress(byte[] src, DecodeListener listener) {
        checkOpen();
        return decodeWhole(src, 0, src.length, Objects.requireNonNull(listener, "listener"));
    }

    /** The whole payload decoded into a new array; {@code listener} (may be null) is told what it was. */
    private byte[] decodeWhole(byte[] src, int srcOffset, int srcLength, DecodeListener listener) {
        PayloadHead head = head(src, srcOffset, srcLength);
        byte[] dst;
        if (head.stored()) {
            dst = Arrays.copyOfRange(src, head.frameOffset(), head.frameOffset() + head.frameLength());
        } else if (head.prefix().isLz4Block()) {
            dst = new byte[(int) head.size()];
            decodeLz4(head.prefix(), head.lz4Header(), src, head.frameOffset(), head.frameLength(), dst, 0);
        } else if (head.size() >= 0) {
            dst = new byte[(int) head.size()];
            decodeDeclared(head.prefix(), src, head.frameOffset(), head.frameLength(), dst, 0, dst.length, dst.length);
        } else {
            DecompressContext context = decompressContexts.borrow();
            try {
                dst = UnknownSizeFrames.decodeGrowing(
                        context,
                        dictionaries,
                        head.prefix(),
                        src,
                        head.frameOffset(),
                        head.frameLength(),
                        maxDecompressedSize);
            } finally {
                decompressContexts.giveBack(context);
            }
        }
        if (listener != null) {
            listener.decoded(head.prefix(), dst.length, srcLength);
        }
        return dst;
    }

    /**
     * Decompresses the payload in {@code src}'s remaining bytes, allocating exactly its declared size,
     * without copying the payload first: a heap buffer is read through its backing array, a direct
     * buffer by native code where it lies (only its first bytes, the prefix and frame header, are read
     * into Java; on zstd-jni before 1.5.7-2, which cannot, a copy is decoded). {@code src}'s position is
     * left where it was.
     *
     * @param src the payload, from its position to its limit
     * @return the original bytes
     * @throws CorruptPayloadException as {@link #decompress(byte[], int, int, byte[], int)} does
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     */
    public byte[] decompress(ByteBuffer src) {
        return decodeWhole(src, null);
    }

    /**
     * Like {@link #decompress(ByteBuffer)}, and tells {@code listener} what it decoded: for a caller that
     * counts payloads per version, as the Kafka deserializer does, without reading the prefix again.
     *
     * @param src the payload, from its position to its limit
     * @param listener told the payload's prefix and lengths once it has decoded
     * @return the original bytes
     * @throws CorruptPayloadException as {@link #decompress(byte[], int, int, byte[], int)} does
     * @throws PayloadTooLargeException when the payload declares or expands past the limit
     */
    public byte[] decompress(ByteBuffer src, DecodeListener listener) {
        return decodeWhole(src, Objects.requireNonNull(listener, "listener"));
    }

    private byte[] decodeWhole(ByteBuffer src, DecodeListener listener) {
        checkOpen();
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
        byte[] first = new byte[Math.min(srcLength, MAX_HEAD_LENGTH)];
        src.duplicate().get(first);
        PayloadHead head = head(first, 0, srcLength);
        if (head.stored() || head.size() < 0 || head.prefix().isLz4Block()) {
            // Stored payloads are copied anyway; frames without a declared size are rare, and LZ4 blocks are
            // decoded in Java, from an array: decode a copy.
            byte[] copy = new byte[srcLength];
            src.duplicate().get(copy);
            return decodeWhole(copy, 0, srcLength, listener);
        }
        byte[] dst = new byte[(int) head.size()];
        DecompressContext context = decompressContexts.borrow();
        int written;
        try {
            written = context.forFrame(head.prefix(), dictionaries)
                    .decompressDirectByteBufferToByteArray(
                            dst, 0, dst.length, src, src.position() + head.frameOffset(), head.frameLength());
        } catch (ZstdException e) {
            throw FrameChecks.corruptFrame(head.prefix(), e);
        } finally {
            decompressContexts.giveBack(context);
        }
        checkDecoded(head.prefix(), head.size(), written);
        if (listener != null) {
            listener.decoded(head.prefix(), written, srcLength);
        }
        return dst;
    }

    /**
     * Frees every native context and digested dictionary, at once, except what a call in progress on
     * another thread is using: that is freed as soon as the call returns. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        compressContexts.close();
        decompressContexts.close();
        lz4Contexts.close();
        dictionaries.close();
    }

    private int compressFrame(
            PayloadPrefix prefix, int version, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        int prefixLength = prefix.writeTo(dst, dstOffset);
        int frameOffset = dstOffset + prefixLength;
        int frameLength;
        CompressContext context = compressContexts.borrow();
        try {
            frameLength = (version == NO_DICTIONARY
                            ? context.withoutDictionary(level.orElse(ZstdLevels.DEFAULT))
                            : context.withVersion(version, dictionaries))
                    .compressByteArray(dst, frameOffset, dst.length - frameOffset, src, srcOffset, srcLength);
        } finally {
            compressContexts.giveBack(context);
        }
        if (!checksum && prefixLength + frameLength >= PayloadPrefix.stored().length() + srcLength) {
            return writeStored(src, srcOffset, srcLength, dst, dstOffset);
        }
        return prefixLength + frameLength;
    }

    private int compressLz4(
            int version,
            Lz4Dictionaries.Lz4Version lz4,
            byte[] src,
            int srcOffset,
            int srcLength,
            byte[] dst,
            int dstOffset) {
        int position = dstOffset + PayloadPrefix.lz4Block(version).writeTo(dst, dstOffset);
        position += Lz4BlockHeader.write(dst, position, srcLength, checksum, lz4.check());
        Lz4CompressContext context = lz4Contexts.borrow();
        try {
            position += context.compress(lz4.dictionary(), src, srcOffset, srcLength, dst, position);
        } finally {
            lz4Contexts.giveBack(context);
        }
        if (checksum) {
            position += Lz4BlockHeader.writeChecksum(dst, position, Lz4BlockHeader.crc32c(src, srcOffset, srcLength));
        } else if (position - dstOffset >= PayloadPrefix.stored().length() + srcLength) {
            return writeStored(src, srcOffset, srcLength, dst, dstOffset);
        }
        return position - dstOffset;
    }

    private static int writeStored(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        int prefixLength = PayloadPrefix.stored().writeTo(dst, dstOffset);
        System.arraycopy(src, srcOffset, dst, dstOffset + prefixLength, srcLength);
        return prefixLength + srcLength;
    }

    /**
     * What a payload's first bytes say, checked before anything is decoded: its prefix, where its
     * frame lies in the source, and the size it decodes to (a stored payload's length, a frame's
     * declared content size, -1 for a frame that declares none), within the limit.
     */
    private record PayloadHead(
            PayloadPrefix prefix, int frameOffset, int frameLength, long size, Lz4BlockHeader lz4Header) {
        boolean stored() {
            return prefix.isStored();
        }
    }

    /**
     * Reads and checks the head of the payload {@code src[srcOffset, srcOffset + srcLength)}: only its
     * prefix and frame header are read, so {@code src} may hold just those first bytes (the direct
     * buffer path) while {@code srcLength} is the whole payload's.
     */
    private PayloadHead head(byte[] src, int srcOffset, int srcLength) {
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        int frameOffset = srcOffset + prefix.length();
        int frameLength = srcLength - prefix.length();
        if (prefix.isLz4Block()) {
            Lz4BlockHeader header = Lz4BlockHeader.parse(src, frameOffset, frameLength, prefix.length());
            if (!acceptUnchecked && !header.checksum()) {
                throw new UncheckedPayloadException(
                        prefix.length(),
                        "Unchecked payload: its LZ4 block" + FrameChecks.describe(prefix)
                                + " carries no content checksum, and this codec requires one");
            }
            checkLimit(header.contentSize(), prefix);
            return new PayloadHead(prefix, frameOffset, frameLength, header.contentSize(), header);
        }
        checkCovered(prefix, src, frameOffset, frameLength);
        long size = prefix.isStored()
                ? frameLength
                : FrameChecks.declaredContentSize(prefix, src, frameOffset, frameLength);
        if (size >= 0) {
            checkLimit(size, prefix);
        }
        return new PayloadHead(prefix, frameOffset, frameLength, size, null);
    }

    /**
     * Decodes the frame {@code src[frameOffset, frameOffset + frameLength)}, which declares {@code size}
     * bytes, into {@code dst} at {@code dstOffset}, where the caller gave {@code room} bytes (at least
     * {@code size}). (Takes a {@link PayloadHead}'s fields, not the record, so that the record never
     * leaves the decode method and costs no allocation.)
     */
    private int decodeDeclared(
            PayloadPrefix prefix,
            byte[] src,
            int frameOffset,
            int frameLength,
            byte[] dst,
            int dstOffset,
            int room,
            long size) {
        DecompressContext context = decompressContexts.borrow();
        int written;
        try {
            written = context.forFrame(prefix, dictionaries)
                    .decompressByteArray(dst, dstOffset, room, src, frameOffset, frameLength);
        } catch (ZstdException e) {
            throw FrameChecks.corruptFrame(prefix, e);
        } finally {
            decompressContexts.giveBack(context);
        }
        checkDecoded(prefix, size, written);
        return written;
    }

    /**
     * Decodes the LZ4 payload body {@code src[offset, offset + length)} (header, block, optional checksum),
     * whose {@code header} {@link #head} read, into {@code dst[dstOffset, dstOffset + size)}: the decoder is
     * given exactly the declared size as room, so nothing past it is written.
     */
    private int decodeLz4(
            PayloadPrefix prefix,
            Lz4BlockHeader header,
            byte[] src,
            int offset,
            int length,
            byte[] dst,
            int dstOffset) {
        int size = (int) header.contentSize();
        int blockStart = prefix.length() + header.headerLength();
        int blockLength = length - header.headerLength() - (header.checksum() ? Lz4BlockHeader.CHECKSUM_LENGTH : 0);
        if (blockLength < 1) {
            throw new TruncatedPayloadException(
                    blockStart,
                    "Truncated payload" + FrameChecks.describe(prefix) + ": it ends before its LZ4 block"
                            + (header.checksum() ? " and content checksum" : ""));
        }
        Lz4Dictionaries.Lz4Version lz4 = lz4Dictionaries.forDecoding(prefix.version());
        if (header.dictionaryCheck() != lz4.check()) {
            throw new DictionaryMismatchException(
                    blockStart - Lz4BlockHeader.DICTIONARY_CHECK_LENGTH,
                    prefix.version(),
                    String.format(
                            "Wrong dictionary: the payload was written with another dictionary than version %d of"
                                    + " this registry (its LZ4 block header's dictionary check is %04x, this"
                                    + " version's is %04x): the registry is not the one it was written with, or"
                                    + " was rebuilt from scratch",
                            prefix.version(), header.dictionaryCheck(), lz4.check()),
                    null);
        }
        int written;
        try {
            written = Lz4BlockDecoder.decompress(
                    lz4.dictionary(), src, offset + header.headerLength(), blockLength, dst, dstOffset, size);
        } catch (Lz4BlockException e) {
            throw new CorruptPayloadException(
                    blockStart + e.offset(),
                    "Corrupt LZ4 block" + FrameChecks.describe(prefix) + ": " + e.phrase() + " (block offset "
                            + e.offset() + "); it declares " + size + " bytes",
                    e);
        }
        if (written != size) {
            throw new CorruptPayloadException(
                    blockStart,
                    "Corrupt LZ4 block" + FrameChecks.describe(prefix) + ": it declares " + size
                            + " bytes but decodes to " + written);
        }
        if (header.checksum()) {
            int checksumOffset = offset + header.headerLength() + blockLength;
            long expected = Lz4BlockHeader.readChecksum(src, checksumOffset);
            long actual = Lz4BlockHeader.crc32c(dst, dstOffset, written);
            if (expected != actual) {
                throw new CorruptPayloadException(
                        blockStart + blockLength,
                        String.format(
                                "Corrupt payload%s: the content checksum does not match (CRC-32C %08x written,"
                                        + " %08x decoded)",
                                FrameChecks.describe(prefix), expected, actual));
            }
        }
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

    /**
     * With checksums required, refuses a payload whose bytes no checksum covers: one flipped bit turns a
     * checked frame into a stored payload or an unchecked frame, which would decode into other bytes.
     */
    private void checkCovered(PayloadPrefix prefix, byte[] src, int frameOffset, int frameLength) {
        if (acceptUnchecked) {
            return;
        }
        if (prefix.isStored()) {
            throw new UncheckedPayloadException(
                    0,
                    "Unchecked payload: it is stored uncompressed, without a checksum, and this codec requires"
                            + " one (a codec with checksums on never stores)");
        }
        if (!FrameChecks.hasChecksum(prefix, src, frameOffset, frameLength)) {
            throw new UncheckedPayloadException(
                    prefix.length(),
                    "Unchecked payload: its zstd frame" + FrameChecks.describe(prefix)
                            + " carries no content checksum, and this codec requires one");
        }
    }

    private void checkLimit(long size, PayloadPrefix prefix) {
        if (size > maxDecompressedSize) {
            throw new PayloadTooLargeException(
                    "Payload" + FrameChecks.describe(prefix) + " declares " + size + " decompressed bytes",
                    maxDecompressedSize);
        }
    }

    private static void checkRoom(long needed, int room) {
        if (needed > room) {
            throw new IllegalArgumentException(
                    "Destination has room for " + room + " bytes but the payload decodes to " + needed);
        }
    }

    private void checkArguments(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        int needed = maxCompressedLength(srcLength);
        if (dstOffset < 0 || dstOffset > dst.length || dst.length - dstOffset < needed) {
            throw new IllegalArgumentException("Destination of " + dst.length + " bytes from offset " + dstOffset
                    + " is too small: compressing " + srcLength + " bytes needs maxCompressedLength = " + needed);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This ZdictCodec is closed");
        }
    }

    /** Settings for a {@link ZdictCodec}. */
    public static final class Builder {
        private final DictionarySource source;
        private OptionalInt level = OptionalInt.empty();
        private int maxDecompressedSize = DEFAULT_MAX_DECOMPRESSED_SIZE;
        private boolean checksum = true;
        private boolean acceptUnchecked;
        private long dictionaryCacheBytes = DEFAULT_DICTIONARY_CACHE_BYTES;

        private Builder(DictionarySource source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Compress at {@code level} instead of each dictionary's recorded level (zstd versions only: a
         * version published for LZ4 is always written with LZ4's hash-chain search).
         *
         * @param level a zstd level: -7..22, not 0
         * @return this builder
         * @throws IllegalArgumentException for any other value, naming it
         */
        public Builder level(int level) {
            this.level = OptionalInt.of(ZstdLevels.check(level));
            return this;
        }

        /**
         * Refuse payloads that declare or expand to more than {@code bytes}. Default 64 MiB.
         *
         * @param bytes the limit, 0 or more
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is negative
         */
        public Builder maxDecompressedSize(int bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("maxDecompressedSize must not be negative, got " + bytes);
            }
            this.maxDecompressedSize = bytes;
            return this;
        }

        /**
         * Write zstd's content checksum in every frame and require one when decoding (on by default). With
         * it on, the codec never falls back to a stored payload, so every payload it writes is verifiable,
         * and it refuses payloads no checksum covers (see {@link #acceptUnchecked}). Turn it off only where
         * something else checks the bytes, as Kafka's record batch CRC does for record values: it saves 4
         * bytes per payload.
         *
         * @param checksum whether to write and require checksums
         * @return this builder
         */
        public Builder checksum(boolean checksum) {
            this.checksum = checksum;
            return this;
        }

        /**
         * With checksums on, still decode payloads that carry none (stored payloads, frames written
         * without a checksum), for example Kafka record values read outside Kafka. Off by default. A codec
         * with checksums off always accepts them.
         *
         * @param acceptUnchecked whether to decode payloads no checksum covers
         * @return this builder
         */
        public Builder acceptUnchecked(boolean acceptUnchecked) {
            this.acceptUnchecked = acceptUnchecked;
            return this;
        }

        /**
         * Bound the native memory of digested dictionaries to {@code bytes} (default 256 MiB). Each version
         * met is digested once for decompression (about its size plus 27 KiB) and, if compressed with, once
         * for compression (several times its size: about 510 KiB for a 112 KiB dictionary at level 3, 1.6
         * MiB at level 19). Past the bound the least recently used are freed and digested again when
         * needed; a dictionary a call is using is never freed under it. A dictionary larger than the bound
         * is still digested for the calls that need it. See {@link ZdictCodec#cacheStats()}. The windows of
         * versions published for LZ4 (64 KiB each to decode, about 576 KiB to compress) are heap objects,
         * held under the same bound, counted apart.
         *
         * @param bytes the bound, positive
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder dictionaryCacheBytes(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("dictionaryCacheBytes must be positive, got " + bytes);
            }
            this.dictionaryCacheBytes = bytes;
            return this;
        }

        /**
         * {@return a new codec with these settings; close it to free its native memory}
         *
         * @throws IllegalStateException if the zstd-jni on the class path is too old (the message names
         *     the release found and the one needed)
         */
        public ZdictCodec build() {
            ZstdJniFloor.check();
            return new ZdictCodec(this);
        }
    }
}
