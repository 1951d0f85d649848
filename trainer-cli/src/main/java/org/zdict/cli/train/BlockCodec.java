package org.zdict.cli.train;

/** A compressor/decompressor pair measured on the same held-out batches (the dictionary and baselines). */
interface BlockCodec extends AutoCloseable {
    String name();

    int maxCompressedLength(int length);

    /** Compresses {@code src[0, length)} into {@code dst}; returns the compressed size. */
    int compress(byte[] src, int length, byte[] dst);

    /** Decompresses {@code src[0, length)} of {@code originalLength} bytes into {@code dst}. */
    void decompress(byte[] src, int length, byte[] dst, int originalLength);

    @Override
    default void close() {}
}
