package org.zdict.codec;

import java.util.Objects;
import java.util.OptionalInt;
import org.zdict.internal.ZstdJniFeatures;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.registry.DictionarySource;

/**
 * Settings for a {@link ZdictCodec}, made by {@link ZdictCodec#builder}. Not thread-safe; the codec it
 * builds is. Also where zdict's zstd levels are checked: {@link #checkLevel}.
 */
public final class ZdictCodecBuilder {
    /** Default for {@link #maxDecompressedSize}: 64 MiB. */
    public static final int DEFAULT_MAX_DECOMPRESSED_SIZE = 64 << 20;
    /** Default for {@link #dictionaryCacheBytes}: 256 MiB. */
    public static final long DEFAULT_DICTIONARY_CACHE_BYTES = 256L << 20;
    /** The fastest of zstd's negative levels that zdict accepts. */
    public static final int MIN_LEVEL = -7;
    /** zstd's strongest level. */
    public static final int MAX_LEVEL = 22;
    /** zstd's default level. */
    public static final int DEFAULT_LEVEL = 3;

    final DictionarySource source;
    OptionalInt level = OptionalInt.empty();
    int maxDecompressedSize = DEFAULT_MAX_DECOMPRESSED_SIZE;
    boolean checksum = true;
    boolean acceptUnchecked;
    long dictionaryCacheBytes = DEFAULT_DICTIONARY_CACHE_BYTES;

    ZdictCodecBuilder(DictionarySource source) {
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
    public ZdictCodecBuilder level(int level) {
        this.level = OptionalInt.of(checkLevel(level));
        return this;
    }

    /**
     * Refuse payloads that declare or expand to more than {@code bytes}. Default 64 MiB.
     *
     * @param bytes the limit, 0 or more
     * @return this builder
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public ZdictCodecBuilder maxDecompressedSize(int bytes) {
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
    public ZdictCodecBuilder checksum(boolean checksum) {
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
    public ZdictCodecBuilder acceptUnchecked(boolean acceptUnchecked) {
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
    public ZdictCodecBuilder dictionaryCacheBytes(long bytes) {
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

    /**
     * Checks the zstd-jni on the class path, as {@link #build()} does: for callers of zstd-jni beside the
     * codec (zdict-train's dictionary trainer), so an old release fails with this message, not a linkage
     * error.
     *
     * @throws IllegalStateException if it is older than zdict needs (the message names the release found
     *     and the one needed)
     */
    public static void checkZstdJni() {
        ZstdJniFloor.check();
    }

    /**
     * {@return which zstd-jni binding serves this JVM, for startup logs and {@code zdict --version}: {@code
     * "JNI binding"}, or the foreign-function one on releases that have it}
     */
    public static String zstdJniBinding() {
        return ZstdJniFeatures.binding();
    }

    /**
     * Returns {@code level} if zdict accepts it as a zstd level: {@value #MIN_LEVEL}..{@value #MAX_LEVEL},
     * not 0.
     *
     * @param level the level to check
     * @return {@code level}
     * @throws IllegalArgumentException naming the value and the accepted range otherwise
     */
    public static int checkLevel(int level) {
        if (level < MIN_LEVEL || level > MAX_LEVEL || level == 0) {
            throw new IllegalArgumentException("Invalid zstd compression level " + level + ": expected " + MIN_LEVEL
                    + ".." + MAX_LEVEL + " other than 0");
        }
        return level;
    }
}
