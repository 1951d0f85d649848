package org.zdict.bench.lz4dict;

import org.zdict.engine.codec.BlockCodec;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4BlockDecoder;
import org.zdict.internal.lz4.Lz4Dictionary;

/**
 * What an opt-in zdict payload kind "LZ4 block + dictionary" would store per record, for measuring it
 * beside {@code zdict-trained}: a marker byte, the dictionary version as a varint (1 byte here, as for
 * versions below 128), the decoded length as a varint (a consumer allocates exactly once, as zstd's
 * content size lets it), then the LZ4 block. Decoding checks the marker and that the block decodes to
 * exactly the declared length.
 */
public final class Lz4DictCodec implements BlockCodec {
    /** A marker of zdict's 0xD_ family that no zdict version writes. */
    static final byte MARKER = (byte) 0xD7;

    private static final byte VERSION = 1;

    private final String name;
    private final Lz4Dictionary dictionary;
    private final Lz4BlockCompressor compressor;

    /** @param depth 0 for the fast search, else the HC search depth */
    public Lz4DictCodec(String name, Lz4Dictionary dictionary, int depth) {
        this.name = name;
        this.dictionary = dictionary;
        this.compressor = depth == 0 ? Lz4BlockCompressor.fast(dictionary) : Lz4BlockCompressor.hc(dictionary, depth);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxCompressedLength(int length) {
        return Math.toIntExact(2 + 5 + Lz4BlockCompressor.maxCompressedLength(length));
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        dst[0] = MARKER;
        dst[1] = VERSION;
        int op = 2;
        int rest = length;
        while (rest >= 0x80) {
            dst[op++] = (byte) (rest | 0x80);
            rest >>>= 7;
        }
        dst[op++] = (byte) rest;
        return op + compressor.compress(src, offset, length, dst, op);
    }

    /** Decodes a payload into a new array of its declared length, as a deserializer would. */
    public byte[] decompress(byte[] payload) {
        return decompress(payload, 0, payload.length);
    }

    /** Decodes {@code src[offset, offset + length)} into a new array of its declared length. */
    public byte[] decompress(byte[] src, int offset, int length) {
        byte[] dst = new byte[declaredLength(src, offset, length)];
        decompress(src, offset, length, dst, dst.length);
        return dst;
    }

    private int declaredLength(byte[] src, int offset, int length) {
        if (length < 3 || src[offset] != MARKER || src[offset + 1] != VERSION) {
            throw new IllegalStateException(name + ": not an LZ4-dictionary payload of version " + VERSION);
        }
        int ip = offset + 2;
        int declared = 0;
        for (int shift = 0; ; shift += 7) {
            if (ip >= offset + length || shift > 28) {
                throw new IllegalStateException(name + ": bad length varint at offset " + (ip - offset));
            }
            int b = src[ip++];
            declared |= (b & 0x7F) << shift;
            if (b >= 0) {
                return declared;
            }
        }
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        if (length < 3 || src[offset] != MARKER || src[offset + 1] != VERSION) {
            throw new IllegalStateException(name + ": not an LZ4-dictionary payload of version " + VERSION);
        }
        int ip = offset + 2;
        int end = offset + length;
        int declared = 0;
        for (int shift = 0; ; shift += 7) {
            if (ip >= end || shift > 28) {
                throw new IllegalStateException(name + ": bad length varint at offset " + (ip - offset));
            }
            int b = src[ip++];
            declared |= (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        if (declared > dst.length) {
            throw new IllegalStateException(name + ": declares " + declared + " bytes, room for " + dst.length);
        }
        int written = Lz4BlockDecoder.decompress(dictionary, src, ip, end - ip, dst, 0, declared);
        if (written != declared) {
            throw new IllegalStateException(name + ": decoded " + written + " bytes, declared " + declared);
        }
        return written;
    }
}
