package org.zdict.engine.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.xerial.snappy.Snappy;

/** Snappy raw format through snappy-java (JNI). */
public final class SnappyCodec implements BlockCodec {
    @Override
    public String name() {
        return "snappy";
    }

    @Override
    public int maxCompressedLength(int length) {
        return Snappy.maxCompressedLength(length);
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        try {
            return Snappy.rawCompress(src, offset, length, dst, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        try {
            return Snappy.rawUncompress(src, offset, length, dst, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
