package org.zdict.codec;

import java.nio.ByteBuffer;
import org.zdict.CorruptPayloadException;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.lz4.Lz4BlockDecoder;
import org.zdict.internal.lz4.Lz4BlockException;

/**
 * LZ4 block payloads ({@code 0xD0}, docs/FORMAT.md): the prefix, a header (content size, checksum flag,
 * dictionary check), the block against the last 64 KiB of the version's dictionary, and the content's
 * CRC-32C when the flag is set. Encoded and decoded in Java, with the cache's windows and pooled contexts.
 */
final class Lz4BlockPayloads implements PayloadDecoder, AutoCloseable {
    private final DictionaryCache dictionaries;
    private final DecodeLimits limits;
    private final boolean checksum;
    private final ContextPool<Lz4CompressContext> compressContexts = new ContextPool<>(Lz4CompressContext::new);
    private final ContextPool<Lz4DecodeContext> decodeContexts = new ContextPool<>(Lz4DecodeContext::new);

    Lz4BlockPayloads(DictionaryCache dictionaries, DecodeLimits limits, boolean checksum) {
        this.dictionaries = dictionaries;
        this.limits = limits;
        this.checksum = checksum;
    }

    /** Writes a block with {@code version}, a version published for LZ4; the caller checked the arguments. */
    int compress(int version, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset) {
        Lz4Window window = dictionaries.lz4ForCompression(version);
        int position = dstOffset + PayloadPrefix.lz4Block(version).writeTo(dst, dstOffset);
        position += Lz4BlockHeader.write(dst, position, srcLength, checksum, window.check());
        Lz4CompressContext context = compressContexts.borrow();
        try {
            position += context.compress(window.dictionary(), src, srcOffset, srcLength, dst, position);
            if (checksum) {
                long crc = Lz4BlockHeader.crc32c(context.crc, src, srcOffset, srcLength);
                position += Lz4BlockHeader.writeChecksum(dst, position, crc);
            }
        } finally {
            compressContexts.giveBack(context);
        }
        if (!checksum && StoredPayloads.gainsNothing(position - dstOffset, srcLength)) {
            return StoredPayloads.write(src, srcOffset, srcLength, dst, dstOffset);
        }
        return position - dstOffset;
    }

    @Override
    public long declaredSize(PayloadPrefix prefix, byte[] src, int offset, int length) {
        return Lz4BlockHeader.contentSize(header(prefix, src, offset, length));
    }

    @Override
    public int decode(PayloadPrefix prefix, byte[] src, int offset, int length, byte[] dst, int dstOffset) {
        long header = checkedHeader(prefix, src, offset, length);
        DecodeLimits.checkRoom(Lz4BlockHeader.contentSize(header), dst.length - dstOffset);
        Lz4DecodeContext context = decodeContexts.borrow();
        try {
            return decodeBlock(context, prefix, header, src, offset, length, dst, dstOffset);
        } finally {
            decodeContexts.giveBack(context);
        }
    }

    @Override
    public byte[] decode(PayloadPrefix prefix, byte[] src, int offset, int length) {
        Lz4DecodeContext context = decodeContexts.borrow();
        try {
            return decodeWhole(context, prefix, src, offset, length);
        } finally {
            decodeContexts.giveBack(context);
        }
    }

    /** Decodes from a copy of the payload in the pooled context's array: the decoder reads arrays. */
    @Override
    public byte[] decodeDirect(PayloadPrefix prefix, ByteBuffer src) {
        Lz4DecodeContext context = decodeContexts.borrow();
        try {
            return decodeWhole(context, prefix, context.copyOf(src), 0, src.remaining());
        } finally {
            decodeContexts.giveBack(context);
        }
    }

    private byte[] decodeWhole(Lz4DecodeContext context, PayloadPrefix prefix, byte[] src, int offset, int length) {
        long header = checkedHeader(prefix, src, offset, length);
        byte[] dst = new byte[(int) Lz4BlockHeader.contentSize(header)];
        decodeBlock(context, prefix, header, src, offset, length, dst, 0);
        return dst;
    }

    @Override
    public void close() {
        compressContexts.close();
        decodeContexts.close();
    }

    private static long header(PayloadPrefix prefix, byte[] src, int offset, int length) {
        return Lz4BlockHeader.read(src, offset + prefix.length(), length - prefix.length(), prefix.length());
    }

    /** The header's fields, once a block without checksum (when one is required) and the limit are checked. */
    private long checkedHeader(PayloadPrefix prefix, byte[] src, int offset, int length) {
        long header = header(prefix, src, offset, length);
        if (!limits.acceptUnchecked() && !Lz4BlockHeader.checksum(header)) {
            throw new CorruptPayloadException(
                    CorruptPayloadException.Kind.NO_CHECKSUM,
                    prefix.length(),
                    "Unchecked payload: its LZ4 block" + FrameChecks.describe(prefix)
                            + " carries no content checksum, and this codec requires one");
        }
        limits.checkLimit(Lz4BlockHeader.contentSize(header), prefix);
        return header;
    }

    /**
     * Decodes the block of the payload {@code src[offset, offset + length)}, whose {@code header} was
     * read, into {@code dst[dstOffset, dstOffset + size)}: the decoder is given exactly the declared size
     * as room, so nothing past it is written.
     */
    private int decodeBlock(
            Lz4DecodeContext context,
            PayloadPrefix prefix,
            long header,
            byte[] src,
            int offset,
            int length,
            byte[] dst,
            int dstOffset) {
        int size = (int) Lz4BlockHeader.contentSize(header);
        boolean checked = Lz4BlockHeader.checksum(header);
        int blockStart = prefix.length() + Lz4BlockHeader.headerLength(header);
        int blockLength = length - blockStart - (checked ? Lz4BlockHeader.CHECKSUM_LENGTH : 0);
        if (blockLength < 1) {
            throw new CorruptPayloadException(
                    CorruptPayloadException.Kind.TRUNCATED,
                    blockStart,
                    "Truncated payload" + FrameChecks.describe(prefix) + ": it ends before its LZ4 block"
                            + (checked ? " and content checksum" : ""));
        }
        Lz4Window window = dictionaries.lz4ForDecoding(prefix.version());
        checkDictionary(prefix, Lz4BlockHeader.dictionaryCheck(header), window, blockStart);
        int written;
        try {
            written = Lz4BlockDecoder.decompress(
                    window.dictionary(), src, offset + blockStart, blockLength, dst, dstOffset, size);
        } catch (Lz4BlockException e) {
            throw new CorruptPayloadException(
                    blockStart + e.offset(),
                    "Corrupt LZ4 block" + FrameChecks.describe(prefix) + ": " + e.phrase() + " (block offset "
                            + e.offset() + "); it declares " + size + " bytes",
                    e);
        }
        if (written != size) {
            throw new CorruptPayloadException(
                    blockStart,
                    "Corrupt LZ4 block" + FrameChecks.describe(prefix) + ": it declares " + size
                            + " bytes but decodes to " + written);
        }
        if (checked) {
            long expected = Lz4BlockHeader.readChecksum(src, offset + blockStart + blockLength);
            long actual = Lz4BlockHeader.crc32c(context.crc, dst, dstOffset, written);
            checkContent(prefix, expected, actual, blockStart + blockLength);
        }
        return written;
    }

    private static void checkDictionary(PayloadPrefix prefix, int written, Lz4Window window, int blockStart) {
        if (written != window.check()) {
            throw CorruptPayloadException.dictionaryMismatch(
                    blockStart - Lz4BlockHeader.DICTIONARY_CHECK_LENGTH,
                    prefix.version(),
                    String.format(
                            "Wrong dictionary: the payload was written with another dictionary than version %d of"
                                    + " this registry (its LZ4 block header's dictionary check is %04x, this"
                                    + " version's is %04x): the registry is not the one it was written with, or"
                                    + " was rebuilt from scratch",
                            prefix.version(), written, window.check()),
                    null);
        }
    }

    /** Compares the CRC-32C written with that of the decoded bytes. */
    private static void checkContent(PayloadPrefix prefix, long expected, long actual, int payloadOffset) {
        if (expected != actual) {
            throw new CorruptPayloadException(
                    payloadOffset,
                    String.format(
                            "Corrupt payload%s: the content checksum does not match (CRC-32C %08x written,"
                                    + " %08x decoded)",
                            FrameChecks.describe(prefix), expected, actual));
        }
    }
}
