package org.zdict.engine.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;

/**
 * zstd straight through zstd-jni: one reused context each way, frames written as ZdictCodec writes
 * them (content size, no checksum, no dictionary id). With a dictionary it loads one digested
 * dictionary, so it is ZdictCodec minus zdict's own work (prefix, pools, registry look-ups): the
 * difference between the two is the codec's overhead.
 */
public final class ZstdJniCodec implements BlockCodec {
    private final String name;
    private final ZstdCompressCtx compressCtx;
    private final ZstdDecompressCtx decompressCtx;
    private final ZstdDictCompress dictCompress;
    private final ZstdDictDecompress dictDecompress;

    private ZstdJniCodec(String name, int level, byte[] dictionary) {
        this.name = name;
        this.compressCtx = new ZstdCompressCtx()
                .setLevel(level)
                .setChecksum(false)
                .setContentSize(true)
                .setDictID(false);
        this.decompressCtx = new ZstdDecompressCtx();
        if (dictionary != null) {
            dictCompress = new ZstdDictCompress(dictionary, level);
            dictDecompress = new ZstdDictDecompress(dictionary);
            compressCtx.loadDict(dictCompress);
            decompressCtx.loadDict(dictDecompress);
        } else {
            dictCompress = null;
            dictDecompress = null;
        }
    }

    public static ZstdJniCodec plain(String name, int level) {
        return new ZstdJniCodec(name, level, null);
    }

    public static ZstdJniCodec withDictionary(String name, int level, byte[] dictionary) {
        return new ZstdJniCodec(name, level, dictionary);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxCompressedLength(int length) {
        return (int) Zstd.compressBound(length);
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        return compressCtx.compressByteArray(dst, 0, dst.length, src, offset, length);
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        return decompressCtx.decompressByteArray(dst, 0, dst.length, src, offset, length);
    }

    @Override
    public void close() {
        compressCtx.close();
        decompressCtx.close();
        if (dictCompress != null) {
            dictCompress.close();
            dictDecompress.close();
        }
    }
}
