package org.zdict.engine.codec;

/** No compression: a copy, the floor every codec is compared with. */
public final class NoneCodec implements BlockCodec {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public int maxCompressedLength(int length) {
        return length;
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        System.arraycopy(src, offset, dst, 0, length);
        return length;
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        System.arraycopy(src, offset, dst, 0, length);
        return length;
    }
}
