package org.zdict.engine.codec;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;

/** LZ4 block format through lz4-java's fastest implementation (JNI when available). */
public final class Lz4Codec implements BlockCodec {
    private final String name;
    private final LZ4Compressor compressor;
    private final LZ4FastDecompressor decompressor;

    private Lz4Codec(String name, LZ4Compressor compressor) {
        this.name = name;
        this.compressor = compressor;
        this.decompressor = LZ4Factory.fastestInstance().fastDecompressor();
    }

    public static Lz4Codec fast() {
        return new Lz4Codec("lz4", LZ4Factory.fastestInstance().fastCompressor());
    }

    /** The high compressor at lz4-java's default level (9), as Kafka's lz4 default level is. */
    public static Lz4Codec high() {
        return new Lz4Codec("lz4hc", LZ4Factory.fastestInstance().highCompressor());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxCompressedLength(int length) {
        return compressor.maxCompressedLength(length);
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        return compressor.compress(src, offset, length, dst, 0, dst.length);
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        decompressor.decompress(src, offset, dst, 0, originalLength);
        return originalLength;
    }
}
