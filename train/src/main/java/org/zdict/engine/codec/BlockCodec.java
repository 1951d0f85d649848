package org.zdict.engine.codec;

/**
 * One compressor under test, buffer to buffer, reusing whatever native state or buffers it holds:
 * what {@code zdict train} and {@code zdict eval} measure a dictionary and the baselines with, and what
 * the benchmarks module drives. Not thread-safe: each thread builds its own.
 */
public interface BlockCodec extends AutoCloseable {
    /** The codec's label in results, such as {@code zdict-64k-3}. */
    String name();

    /** Room {@link #compress} may need for {@code length} input bytes. */
    int maxCompressedLength(int length);

    /** Compresses {@code src[offset, offset + length)} into {@code dst} from 0; returns bytes written. */
    int compress(byte[] src, int offset, int length, byte[] dst);

    /**
     * Decompresses {@code src[offset, offset + length)} into {@code dst} from 0. {@code originalLength}
     * is the size the caller knows the data had (codecs without a length in their format need it).
     *
     * @return the number of bytes written
     */
    int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength);

    @Override
    default void close() {}
}
