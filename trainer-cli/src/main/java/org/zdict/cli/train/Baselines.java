package org.zdict.cli.train;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;
import org.xerial.snappy.Snappy;

/** The codecs a dictionary is compared with, each compressing every batch on its own. */
final class Baselines {
    private Baselines() {}

    /** LZ4 block format, fast compressor (what Kafka's lz4 uses per block); sizes count the block only. */
    static BlockCodec lz4() {
        LZ4Factory factory = LZ4Factory.fastestInstance();
        LZ4Compressor compressor = factory.fastCompressor();
        LZ4FastDecompressor decompressor = factory.fastDecompressor();
        return new BlockCodec() {
            @Override
            public String name() {
                return "lz4";
            }

            @Override
            public int maxCompressedLength(int length) {
                return compressor.maxCompressedLength(length);
            }

            @Override
            public int compress(byte[] src, int length, byte[] dst) {
                return compressor.compress(src, 0, length, dst, 0);
            }

            @Override
            public void decompress(byte[] src, int length, byte[] dst, int originalLength) {
                decompressor.decompress(src, 0, dst, 0, originalLength);
            }
        };
    }

    /** Snappy raw format. */
    static BlockCodec snappy() {
        return new BlockCodec() {
            @Override
            public String name() {
                return "snappy";
            }

            @Override
            public int maxCompressedLength(int length) {
                return Snappy.maxCompressedLength(length);
            }

            @Override
            public int compress(byte[] src, int length, byte[] dst) {
                try {
                    return Snappy.compress(src, 0, length, dst, 0);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void decompress(byte[] src, int length, byte[] dst, int originalLength) {
                try {
                    Snappy.uncompress(src, 0, length, dst, 0);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** gzip at its default level: deflate plus the 18-byte gzip header and trailer each member carries. */
    static BlockCodec gzip() {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        Inflater inflater = new Inflater(true);
        CRC32 crc = new CRC32();
        int overhead = 18;
        return new BlockCodec() {
            @Override
            public String name() {
                return "gzip";
            }

            @Override
            public int maxCompressedLength(int length) {
                return length + (length >> 3) + 64 + overhead;
            }

            @Override
            public int compress(byte[] src, int length, byte[] dst) {
                deflater.reset();
                deflater.setInput(src, 0, length);
                deflater.finish();
                int n = deflater.deflate(dst, 0, dst.length);
                crc.reset();
                crc.update(src, 0, length);
                return n + overhead;
            }

            @Override
            public void decompress(byte[] src, int length, byte[] dst, int originalLength) {
                inflater.reset();
                inflater.setInput(src, 0, length - overhead);
                try {
                    inflater.inflate(dst, 0, originalLength);
                } catch (DataFormatException e) {
                    throw new IllegalStateException("gzip baseline failed to inflate its own output", e);
                }
                crc.reset();
                crc.update(dst, 0, originalLength);
            }

            @Override
            public void close() {
                deflater.end();
                inflater.end();
            }
        };
    }

    /** zstd without a dictionary at {@code level}, with the same frame options as zdict (content size, no checksum). */
    static BlockCodec zstd(int level) {
        ZstdCompressCtx compressor = new ZstdCompressCtx()
                .setLevel(level)
                .setContentSize(true)
                .setChecksum(false)
                .setDictID(false);
        ZstdDecompressCtx decompressor = new ZstdDecompressCtx();
        return new BlockCodec() {
            @Override
            public String name() {
                return "zstd-" + level;
            }

            @Override
            public int maxCompressedLength(int length) {
                return (int) Zstd.compressBound(length);
            }

            @Override
            public int compress(byte[] src, int length, byte[] dst) {
                return compressor.compressByteArray(dst, 0, dst.length, src, 0, length);
            }

            @Override
            public void decompress(byte[] src, int length, byte[] dst, int originalLength) {
                decompressor.decompressByteArray(dst, 0, originalLength, src, 0, length);
            }

            @Override
            public void close() {
                compressor.close();
                decompressor.close();
            }
        };
    }
}
