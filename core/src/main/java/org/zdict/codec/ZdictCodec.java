package org.zdict.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import org.zdict.CorruptPayloadException;
import org.zdict.PayloadTooLargeException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.ZstdJniFeatures;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.internal.ZstdLevels;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.registry.DictionarySource;

/**
 * The one entry point: compresses bytes into a zdict payload with the registry's active version, and
 * decompresses any payload by the version its prefix names. Safe for concurrent use by many threads;
 * native contexts come from pools, and dictionaries (one per version and use) are made when first needed
 * and kept in one cache bounded by their size. Each payload kind (zstd frame, LZ4 block, stored) is
 * written and read by its own class; this facade checks the arguments and picks the kind.
 * Closing it frees all native memory it holds; using it afterwards fails with {@link
 * IllegalStateException}.
 */
public final class ZdictCodec implements AutoCloseable {
    /** Default for {@link Builder#maxDecompressedSize}: 64 MiB. */
    public static final int DEFAULT_MAX_DECOMPRESSED_SIZE = 64 << 20;
    /** Default for {@link Builder#dictionaryCacheBytes}: 256 MiB. */
    public static final long DEFAULT_DICTIONARY_CACHE_BYTES = 256L << 20;

    private final DictionarySource source;
    private final int maxDecompressedSize;
    private final DictionaryCache dictionaries;
    private final ZstdFramePayloads zstdFrames;
    private final Lz4BlockPayloads lz4Blocks;
    private final StoredPayloads stored;
    /**
     * Set once by close(). A call in progress needs no counting: the native context it borrowed is its
     * own until it gives it back (the pool closes it then), and that context holds a reference to the
     * dictionary it uses, so close() frees neither under it.
     */
    private volatile boolean closed;

    private ZdictCodec(Builder builder) {
        this.source = builder.source;
        this.maxDecompressedSize = builder.maxDecompressedSize;
        DecodeLimits limits =
                new DecodeLimits(builder.maxDecompressedSize, !builder.checksum || builder.acceptUnchecked);
        this.dictionaries = new DictionaryCache(source, builder.level, builder.dictionaryCacheBytes);
        this.zstdFrames = new ZstdFramePayloads(dictionaries, limits, builder.level, builder.checksum);
        this.lz4Blocks = new Lz4BlockPayloads(dictionaries, limits, builder.checksum);
        this.stored = new StoredPayloads(limits);
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

    /**
     * {@return the state of the codec's one dictionary cache, zstd's digested dictionaries and LZ4 windows
     * together: bytes held, entries, loads, evictions}
     */
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
        return dictionaries.writesLz4(version)
                ? lz4Blocks.compress(version, src, srcOffset, srcLength, dst, dstOffset)
                : zstdFrames.compress(version, src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Compresses without a dictionary (a {@code 0xD2} payload), at the codec's level (zstd's default when
     * it has none). Arguments as for {@link #compress(int, byte[], int, int, byte[], int)}.
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
        return zstdFrames.compressWithoutDictionary(src, srcOffset, srcLength, dst, dstOffset);
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
        return StoredPayloads.write(src, srcOffset, srcLength, dst, dstOffset);
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
        return decoderOf(prefix).declaredSize(prefix, src, srcOffset, srcLength);
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
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        return decoderOf(prefix).decode(prefix, src, srcOffset, srcLength, dst, dstOffset);
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
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        byte[] dst = decoderOf(prefix).decode(prefix, src, srcOffset, srcLength);
        if (listener != null) {
            listener.decoded(prefix, dst.length, srcLength);
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
        PayloadPrefix prefix = PayloadPrefix.read(src);
        byte[] dst = decoderOf(prefix).decodeDirect(prefix, src);
        if (listener != null) {
            listener.decoded(prefix, dst.length, srcLength);
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
        zstdFrames.close();
        lz4Blocks.close();
        dictionaries.close();
    }

    /** The one place that picks a payload kind's decoder. */
    private PayloadDecoder decoderOf(PayloadPrefix prefix) {
        if (prefix.isLz4Block()) {
            return lz4Blocks;
        }
        return prefix.isStored() ? stored : zstdFrames;
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
