package org.zdict.codec;

import java.util.zip.CRC32C;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4Dictionary;

/**
 * One thread's LZ4 compressor at a time, pooled as the zstd contexts are: its input tables (64 KiB, and
 * a chain as long as the largest input) and its CRC-32C are reused call after call, against whichever
 * version's shared dictionary the call names. Holds no native memory.
 */
final class Lz4CompressContext implements AutoCloseable {
    /** How many candidates the hash-chain search walks: the measured knee (docs/BENCHMARKS.md section 6). */
    static final int SEARCH_DEPTH = 16;

    private final Lz4BlockCompressor compressor = Lz4BlockCompressor.hc(Lz4Dictionary.empty(), SEARCH_DEPTH);
    final CRC32C crc = new CRC32C();

    /** Compresses as {@link Lz4BlockCompressor#compress} does, against {@code dictionary}. */
    int compress(Lz4Dictionary dictionary, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        if (compressor.dictionary() != dictionary) {
            compressor.use(dictionary);
        }
        return compressor.compress(src, srcOffset, srcLength, dst, dstOffset);
    }

    @Override
    public void close() {
        // Heap only: nothing to free.
    }
}
