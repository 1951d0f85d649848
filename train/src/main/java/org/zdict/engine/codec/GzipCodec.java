package org.zdict.engine.codec;

import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * gzip (RFC 1952) through java.util.zip at the default level, as Kafka's gzip is: a fixed 10-byte
 * header, raw deflate, CRC-32 and size trailer. One reused {@link Deflater} and {@link Inflater}.
 */
public final class GzipCodec implements BlockCodec {
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
    private static final int TRAILER = 8;

    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();

    @Override
    public String name() {
        return "gzip";
    }

    @Override
    public int maxCompressedLength(int length) {
        // Stored deflate blocks cost 5 bytes per 16 KiB; keep a generous margin.
        return HEADER.length + length + (length >> 12) * 5 + 64 + TRAILER;
    }

    @Override
    public int compress(byte[] src, int offset, int length, byte[] dst) {
        System.arraycopy(HEADER, 0, dst, 0, HEADER.length);
        deflater.reset();
        deflater.setInput(src, offset, length);
        deflater.finish();
        int position = HEADER.length;
        while (!deflater.finished()) {
            int written = deflater.deflate(dst, position, dst.length - TRAILER - position);
            if (written == 0 && !deflater.finished()) {
                throw new IllegalStateException("gzip output buffer too small for " + length + " bytes");
            }
            position += written;
        }
        crc.reset();
        crc.update(src, offset, length);
        writeIntLe(dst, position, (int) crc.getValue());
        writeIntLe(dst, position + 4, length);
        return position + TRAILER;
    }

    @Override
    public int decompress(byte[] src, int offset, int length, byte[] dst, int originalLength) {
        inflater.reset();
        inflater.setInput(src, offset + HEADER.length, length - HEADER.length - TRAILER);
        int written = 0;
        try {
            while (!inflater.finished()) {
                int n = inflater.inflate(dst, written, dst.length - written);
                if (n == 0
                        && !inflater.finished()
                        && (inflater.needsInput() || inflater.needsDictionary() || written == dst.length)) {
                    throw new IllegalStateException("Truncated gzip stream after " + written + " bytes");
                }
                written += n;
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException("Corrupt gzip stream: " + e.getMessage(), e);
        }
        crc.reset();
        crc.update(dst, 0, written);
        if ((int) crc.getValue() != readIntLe(src, offset + length - TRAILER)) {
            throw new IllegalStateException("gzip CRC-32 mismatch");
        }
        return written;
    }

    @Override
    public void close() {
        deflater.end();
        inflater.end();
    }

    private static void writeIntLe(byte[] dst, int at, int value) {
        dst[at] = (byte) value;
        dst[at + 1] = (byte) (value >>> 8);
        dst[at + 2] = (byte) (value >>> 16);
        dst[at + 3] = (byte) (value >>> 24);
    }

    private static int readIntLe(byte[] src, int at) {
        return (src[at] & 0xff) | (src[at + 1] & 0xff) << 8 | (src[at + 2] & 0xff) << 16 | (src[at + 3] & 0xff) << 24;
    }
}
