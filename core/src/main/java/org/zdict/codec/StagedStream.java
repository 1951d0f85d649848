package org.zdict.codec;

import com.github.luben.zstd.ZstdDecompressCtx;
import java.nio.ByteBuffer;

/**
 * zstd's streaming decoder over heap buffers on zstd-jni before 1.5.7-23, whose only streaming decoder
 * ({@code decompressDirectByteBufferStream}) reads and writes direct buffers. Each call copies up to 64
 * KiB of the input into a direct buffer, lets zstd write up to 64 KiB (never more than {@code out} has
 * room for) into another, copies what zstd wrote into {@code out} and moves {@code in} past what zstd
 * read. The native decoder sees the same bytes as through {@code decompressByteBufferStream}, so the
 * output, the end of the frame and the errors are the same; only the copies cost more, on a path that
 * only frames without a declared size take. The two buffers are allocated at first use and reused by the
 * context that owns them.
 */
final class StagedStream {
    private static final int STAGE = 64 << 10;

    private ByteBuffer input;
    private ByteBuffer output;

    /**
     * One call of zstd's streaming decoder from heap buffer {@code in} into heap buffer {@code out}, moving
     * both positions; true once the frame has ended.
     */
    boolean decompress(ZstdDecompressCtx zstd, ByteBuffer out, ByteBuffer in) {
        if (input == null) {
            input = ByteBuffer.allocateDirect(STAGE);
            output = ByteBuffer.allocateDirect(STAGE);
        }
        input.clear();
        input.put(in.array(), in.arrayOffset() + in.position(), Math.min(in.remaining(), STAGE));
        input.flip();
        output.clear();
        output.limit(Math.min(out.remaining(), STAGE));
        boolean ended = zstd.decompressDirectByteBufferStream(output, input);
        in.position(in.position() + input.position());
        output.flip();
        out.put(output);
        return ended;
    }
}
