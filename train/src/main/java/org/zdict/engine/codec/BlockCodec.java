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

    /**
     * The sizes of the arrays each {@link #compress} call allocates afresh (none by default). Zeroing
     * fresh memory is bound by memory bandwidth, which other work on the machine takes its share of;
     * {@code zdict train} measures that part apart so that load does not move its CPU ceiling.
     */
    default int[] freshArraysPerCompress() {
        return new int[0];
    }

    @Override
    default void close() {}
}
