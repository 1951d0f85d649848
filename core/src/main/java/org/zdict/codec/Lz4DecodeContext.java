package org.zdict.codec;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * What one LZ4 decode needs besides the payload, pooled so that no call allocates it: a CRC-32C for the
 * content checksum, and an array to copy a direct buffer's payload into (the decoder reads arrays). Heap
 * only.
 */
final class Lz4DecodeContext implements AutoCloseable {
    /** A payload copied from a direct buffer is kept for the next call only up to this size. */
    private static final int MAX_KEPT_COPY = 1 << 20;

    final CRC32C crc = new CRC32C();
    private byte[] copy = new byte[0];

    /** {@code src}'s remaining bytes, copied into an array reused call after call (up to 1 MiB). */
    byte[] copyOf(ByteBuffer src) {
        int length = src.remaining();
        byte[] target = copy.length >= length ? copy : new byte[length];
        if (target != copy && length <= MAX_KEPT_COPY) {
            copy = target;
        }
        src.get(src.position(), target, 0, length);
        return target;
    }

    @Override
    public void close() {
        // Heap only: nothing to free.
    }
}
