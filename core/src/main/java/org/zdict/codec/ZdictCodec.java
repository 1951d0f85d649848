package org.zdict.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.DictionarySource;

/**
 * The one entry point: compresses bytes into a zdict payload with the registry's active version, and
 * decompresses any payload by the version its prefix names; each payload kind (zstd frame, LZ4 block,
 * stored) has its own class. Thread-safe; close it to free its native memory (using it afterwards fails
 * with {@link IllegalStateException}). Decoding throws {@link org.zdict.CorruptPayloadException} (its
 * {@code reason()} tells truncated, wrong dictionary, no checksum...), {@link
 * org.zdict.PayloadTooLargeException}, {@link org.zdict.UnknownDictionaryVersionException}.
 */
public final class ZdictCodec implements AutoCloseable {
    private final DictionarySource source;
    private final int maxDecompressedSize;
    private final DictionaryCache dictionaries;
    private final ZstdFramePayloads zstdFrames;
    private final Lz4BlockPayloads lz4Blocks;
    private final PayloadDecoders decoders;
    /** Set once by close(); a call in progress holds its context and dictionary, which close() never frees. */
    private volatile boolean closed;

    ZdictCodec(ZdictCodecBuilder builder) {
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
     * A snapshot of the codec's one dictionary cache, both payload kinds together ({@link
     * ZdictCodecBuilder#dictionaryCacheBytes}). Immutable.
     *
     * @param bytes the bytes its dictionaries take now, plus evicted ones a context still uses (one per thread)
     * @param limitBytes the bound on the cached dictionaries' bytes
     * @param entries dictionaries in the cache, for compression and for decompression
     * @param loads dictionaries made since the codec was built, a version made again counting again
     * @param evictions dictionaries evicted to keep the cache within its bound
     */
    public record CacheStats(long bytes, long limitBytes, int entries, long loads, long evictions) {}

    /** Told each payload a decompress call decodes, with its prefix: counting per version reads none again. */
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
    public static ZdictCodecBuilder builder(DictionarySource source) {
        return new ZdictCodecBuilder(source);
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
    public CacheStats cacheStats() {
        return dictionaries.stats();
    }

    /**
     * {@return the largest payload, prefix included, that compressing {@code srcLength} (0 or more) bytes
     * can produce}
     */
    public static int maxCompressedLength(int srcLength) {
        return PayloadBounds.maxCompressedLength(srcLength);
    }

    /**
     * Compresses {@code src} into {@code dst}, which has {@link #maxCompressedLength} bytes of room, with
     * the registry's active version, or the version its active {@link DictionarySet} routes the event to
     * (without a dictionary when none is active).
     *
     * @param src the input, from {@code srcOffset}, {@code srcLength} bytes
     * @param srcOffset where the input starts
     * @param srcLength the input's length
     * @param dst the destination, from {@code dstOffset}
     * @param dstOffset where to write
     * @return the number of bytes written
     */
    public int compress(byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        Optional<DictionarySet> set = source.activeSet(DictionaryInfo.DEFAULT_SUBJECT);
        OptionalInt active = source.activeVersion();
        if (active.isPresent()) {
            int version = set.isPresent() ? set.get().versionFor(src, srcOffset, srcLength) : active.getAsInt();
            return compress(version, src, srcOffset, srcLength, dst, dstOffset);
        }
        return compressWithoutDictionary(src, srcOffset, srcLength, dst, dstOffset);
    }

    /**
     * Like {@link #compress(byte[], int, int, byte[], int)} with dictionary {@code version}: a zstd frame,
     * or an LZ4 block when the version was published for LZ4 ({@link org.zdict.registry.DictionaryInfo.Codec}).
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

    /** {@return {@code src} compressed into a new array, with the registry's active version} */
    public byte[] compress(byte[] src) {
        byte[] dst = new byte[maxCompressedLength(src.length)];
        return Arrays.copyOf(dst, compress(src, 0, src.length, dst, 0));
    }

    /**
     * {@return {@code src} compressed into a new array with dictionary {@code version}, which the registry
     * holds (else {@link org.zdict.UnknownDictionaryVersionException})}
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

    /** {@return the payload {@code src} decoded into a new array of exactly its size} */
    public byte[] decompress(byte[] src) {
        return decompress(src, 0, src.length);
    }

    /** {@return the payload in {@code src}, {@code srcLength} bytes from {@code srcOffset}, decoded} */
    public byte[] decompress(byte[] src, int srcOffset, int srcLength) {
        checkOpen();
        Objects.checkFromIndexSize(srcOffset, srcLength, src.length);
        return decoders.decodeWhole(src, srcOffset, srcLength, null);
    }

    /** {@return the payload {@code src} decoded, as {@link #decompress(byte[])} does, told to {@code listener}} */
    public byte[] decompress(byte[] src, DecodeListener listener) {
        checkOpen();
        return decoders.decodeWhole(src, 0, src.length, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Decodes the payload in {@code src}'s remaining bytes, from its position to its limit, into a new
     * array of exactly its size, without copying the payload where zstd-jni can read it in place. {@code
     * src}'s position is left where it was.
     */
    public byte[] decompress(ByteBuffer src) {
        checkOpen();
        return decoders.decodeWhole(src, null);
    }

    /** {@return the payload in {@code src} decoded, as {@link #decompress(ByteBuffer)} does, told to {@code listener}} */
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
}
