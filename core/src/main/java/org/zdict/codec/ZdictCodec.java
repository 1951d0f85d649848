package org.zdict.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.internal.ZstdLevels;
import org.zdict.registry.DictionarySource;

/**
 * The one entry point: compresses bytes into a zdict payload with the registry's active version, and
 * decompresses any payload by the version its prefix names; each payload kind (zstd frame, LZ4 block,
 * stored) has its own class. Thread-safe; close it to free its native memory (using it afterwards fails
 * with {@link IllegalStateException}). Decoding throws {@link org.zdict.CorruptPayloadException} (or a
 * subclass: truncated, wrong dictionary, unchecked when checksums are required), {@link
 * org.zdict.PayloadTooLargeException} past the limit, {@link org.zdict.UnknownDictionaryVersionException}
 * for a version the registry does not hold.
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
    private final PayloadDecoders decoders;
    /** Set once by close(); a call in progress holds its context and dictionary, which close() never frees. */
    private volatile boolean closed;

    private ZdictCodec(Builder builder) {
        this.source = builder.source;
        this.maxDecompressedSize = builder.maxDecompressedSize;
        DecodeLimits limits =
                new DecodeLimits(builder.maxDecompressedSize, !builder.checksum || builder.acceptUnchecked);
        this.dictionaries = new DictionaryCache(source, builder.level, builder.dictionaryCacheBytes);
        this.zstdFrames = new ZstdFramePayloads(dictionaries, limits, builder.level, builder.checksum);
        this.lz4Blocks = new Lz4BlockPayloads(dictionaries, limits, builder.checksum);
        this.decoders = new PayloadDecoders(zstdFrames, lz4Blocks, new StoredPayloads(limits));
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
     * {@return a builder of a codec over {@code source}, with the defaults of {@link #of}}
     *
     * @param source where the dictionaries come from (a registry, usually); the codec does not close it
     */
    public static Builder builder(DictionarySource source) {
        return new Builder(source);
    }

    /**
     * {@return a codec over {@code source} with checksums on, each dictionary's recorded level, a 64 MiB
     * decompression limit and a 256 MiB dictionary cache; close it to free its native memory}
     *
     * @param source where the dictionaries come from (a registry, usually); the codec does not close it
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

    /** {@return the state of the codec's one dictionary cache, both payload kinds' dictionaries together} */
    public DictionaryCacheStats cacheStats() {
        return dictionaries.stats();
    }

    /**
     * {@return the largest payload, prefix included, that compressing {@code srcLength} bytes can produce}
     *
     * @param srcLength the input length, 0 or more
     */
    public static int maxCompressedLength(int srcLength) {
        return PayloadBounds.maxCompressedLength(srcLength);
    }

    /**
     * Compresses {@code src} into {@code dst}, which has {@link #maxCompressedLength} bytes of room, with
     * the registry's active version (without a dictionary when none is active).
     *
     * @param src the input, from {@code srcOffset}, {@code srcLength} bytes
     * @param srcOffset where the input starts
     * @param srcLength the input's length
     * @param dst the destination, from {@code dstOffset}
     * @param dstOffset where to write
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
     * @param srcOffset where the input starts
     * @param srcLength the input's length
     * @param dst the destination, with {@link #maxCompressedLength} bytes of room
     * @param dstOffset where to write
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
     * Like {@link #compress(byte[], int, int, byte[], int)} without a dictionary (a {@code 0xD2} payload),
     * at the codec's level (zstd's default when it has none).
     *
     * @param src the input
     * @param srcOffset where the input starts
     * @param srcLength the input's length
     * @param dst the destination, with {@link #maxCompressedLength} bytes of room
     * @param dstOffset where to write
     * @return the number of bytes written
     */
    public int compressWithoutDictionary(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkArguments(src, srcOffset, srcLength, dst, dstOffset);
        return zstdFrames.compressWithoutDictionary(src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Stores {@code src} uncompressed (for records too small to gain): one marker byte, then the input. A
     * codec with checksums on refuses to read it back unless it accepts unchecked payloads.
     *
     * @param src the input
     * @param srcOffset where the input starts
     * @param srcLength the input's length
     * @param dst the destination, with {@link #maxCompressedLength} bytes of room
     * @param dstOffset where to write
     * @return the number of bytes written, {@code srcLength + 1}
     */
    public int store(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkArguments(src, srcOffset, srcLength, dst, dstOffset);
        return StoredPayloads.write(src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * {@return {@code src} compressed into a new array, with the registry's active version}
     *
     * @param src the input
     */
    public byte[] compress(byte[] src) {
        byte[] dst = new byte[maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, compress(src, 0, src.length, dst, 0));
    }

    /**
     * {@return {@code src} compressed into a new array with dictionary {@code version}}
     *
     * @param version a version the registry holds
     * @param src the input
     * @throws org.zdict.UnknownDictionaryVersionException if the registry does not hold {@code version}
     */
    public byte[] compress(int version, byte[] src) {
        byte[] dst = new byte[maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, compress(version, src, 0, src.length, dst, 0));
    }

    /**
     * {@return the decompressed size the payload declares, or -1 if its frame declares none (it still
     * decodes, bounded by the limit)}
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts
     * @param srcLength the payload's length
     * @throws org.zdict.CorruptPayloadException for a truncated, foreign or corrupt prefix or frame header
     */
    public long decompressedLength(byte[] src, int srcOffset, int srcLength) {
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        return decoders.of(prefix).declaredSize(prefix, src, srcOffset, srcLength);
    }

    /**
     * Decompresses the payload into {@code dst}, which has room for its decompressed bytes ({@link
     * #decompressedLength}). The decoder may use all of {@code dst} from {@code dstOffset} as scratch:
     * bytes past the returned length may be overwritten, as zstd's own decoder does.
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts
     * @param srcLength the payload's length
     * @param dst the destination
     * @param dstOffset where to write
     * @return the number of bytes written
     * @throws IllegalArgumentException when {@code dst} has too little room for a valid payload
     */
    public int decompress(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        Objects.checkFromToIndex(dstOffset, dst.length, dst.length);
        PayloadPrefix prefix = PayloadPrefix.read(src, srcOffset, srcLength);
        return decoders.of(prefix).decode(prefix, src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * {@return the payload {@code src} decoded into a new array of exactly its size}
     *
     * @param src the payload
     */
    public byte[] decompress(byte[] src) {
        return decompress(src, 0, src.length);
    }

    /**
     * {@return the payload decoded into a new array of exactly its size}
     *
     * @param src the payload bytes
     * @param srcOffset where the payload starts
     * @param srcLength the payload's length
     */
    public byte[] decompress(byte[] src, int srcOffset, int srcLength) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        return decoders.decodeWhole(src, srcOffset, srcLength, null);
    }

    /**
     * Like {@link #decompress(byte[])}, and tells {@code listener} what it decoded.
     *
     * @param src the payload
     * @param listener told the payload's prefix and lengths once it has decoded
     * @return the original bytes
     */
    public byte[] decompress(byte[] src, DecodeListener listener) {
        checkOpen();
        return decoders.decodeWhole(src, 0, src.length, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Decodes the payload in {@code src}'s remaining bytes into a new array of exactly its size, without
     * copying the payload: a heap buffer is read through its backing array, a direct buffer by native
     * code where it lies (on zstd-jni before 1.5.7-2, which cannot, a copy is decoded). {@code src}'s
     * position is left where it was.
     *
     * @param src the payload, from its position to its limit
     * @return the original bytes
     */
    public byte[] decompress(ByteBuffer src) {
        checkOpen();
        return decoders.decodeWhole(src, null);
    }

    /**
     * Like {@link #decompress(ByteBuffer)}, and tells {@code listener} what it decoded: for a caller that
     * counts payloads per version, as the Kafka deserializer does, without reading the prefix again.
     *
     * @param src the payload, from its position to its limit
     * @param listener told the payload's prefix and lengths once it has decoded
     * @return the original bytes
     */
    public byte[] decompress(ByteBuffer src, DecodeListener listener) {
        checkOpen();
        return decoders.decodeWhole(src, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Frees every native context and digested dictionary, at once, except what a call in progress on
     * another thread is using: that is freed as soon as the call returns. Idempotent.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            zstdFrames.close();
            lz4Blocks.close();
            dictionaries.close();
        }
    }

    private void checkArguments(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        checkOpen();
        PayloadBounds.checkCompressArguments(src, srcOffset, srcLength, dst, dstOffset);
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
         * Write a content checksum in every payload and require one when decoding (on by default). With it
         * on, the codec never falls back to a stored payload, so every payload it writes is verifiable, and
         * it refuses payloads no checksum covers (see {@link #acceptUnchecked}). Turn it off only where
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
         * Bound the memory of the codec's dictionaries, both payload kinds together, to {@code bytes}
         * (default 256 MiB): zstd's digested ones (native; per version, about its size plus 27 KiB to
         * decompress, about 510 KiB for 112 KiB at level 3 to compress) and LZ4's windows (heap; 64 KiB to
         * decode, about 576 KiB to compress). Past it the least recently used are freed, never under a
         * call using them, and made again when needed. See {@link ZdictCodec#cacheStats()}.
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
