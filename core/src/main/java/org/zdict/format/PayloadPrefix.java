package org.zdict.format;

import java.nio.ByteBuffer;
import org.zdict.CorruptPayloadException;
import org.zdict.internal.FrameHeader;
import org.zdict.internal.Lz4BlockHeader;
import org.zdict.internal.PayloadKind;

/**
 * The prefix that starts every zdict payload: a marker byte, then for a {@linkplain #isDictionaryFrame()
 * dictionary frame} or an {@linkplain #isLz4Block() LZ4 block} the dictionary version as an unsigned
 * LEB128 varint (1 byte below 128, 2 bytes below 16,384, at most 5 bytes). The layout is specified in docs/FORMAT.md. Immutable; the static
 * methods are stateless, so everything here is safe to use from any thread.
 */
public final class PayloadPrefix {
    /** The format version that this code reads and writes. */
    public static final int FORMAT_VERSION = 1;
    /** High nibble shared by every zdict marker. */
    public static final int MARKER_FAMILY = 0xD0;
    /** The longest prefix: a marker and a 5-byte varint. */
    public static final int MAX_LENGTH = 6;

    private static final int MAX_VARINT_BYTES = 5;
    private static final PayloadPrefix PLAIN_FRAME = new PayloadPrefix(PayloadKind.PLAIN_FRAME, 0, 1);
    private static final PayloadPrefix STORED = new PayloadPrefix(PayloadKind.STORED, 0, 1);
    /**
     * The prefixes of versions 1–127 (a 1-byte varint), made once, so reading or writing the prefix of
     * a payload allocates nothing for them. Index: the version.
     */
    private static final PayloadPrefix[] ONE_BYTE_VERSIONS = new PayloadPrefix[0x80];
    /** The same for LZ4 blocks. */
    private static final PayloadPrefix[] ONE_BYTE_LZ4_VERSIONS = new PayloadPrefix[0x80];
    /**
     * The prefixes of versions 128 and above last met, one slot per {@code version % 256}, so that a
     * reader or writer going round a few such versions allocates nothing once it has met them. Slots are
     * written without a lock: a prefix is immutable, so a reader sees either the one before or the new one.
     */
    private static final PayloadPrefix[] RECENT_VERSIONS = new PayloadPrefix[0x100];
    /** The same for LZ4 blocks. */
    private static final PayloadPrefix[] RECENT_LZ4_VERSIONS = new PayloadPrefix[0x100];

    static {
        for (int version = 1; version < ONE_BYTE_VERSIONS.length; version++) {
            ONE_BYTE_VERSIONS[version] = new PayloadPrefix(PayloadKind.DICTIONARY_FRAME, version, 2);
            ONE_BYTE_LZ4_VERSIONS[version] = new PayloadPrefix(PayloadKind.LZ4_BLOCK, version, 2);
        }
    }

    private final PayloadKind kind;
    private final int version;
    private final int length;

    private PayloadPrefix(PayloadKind kind, int version, int length) {
        this.kind = kind;
        this.version = version;
        this.length = length;
    }

    /** {@return the marker byte (0..255) that starts the payload; docs/FORMAT.md lists them} */
    public int marker() {
        return kind.marker();
    }

    /** {@return the dictionary version, or 0 when the payload uses no dictionary} */
    public int version() {
        return version;
    }

    /** {@return the number of bytes the prefix occupies} */
    public int length() {
        return length;
    }

    /** {@return whether a zstd frame compressed with dictionary {@link #version()} follows} */
    public boolean isDictionaryFrame() {
        return kind == PayloadKind.DICTIONARY_FRAME;
    }

    /**
     * {@return whether an LZ4 block compressed with the last 64 KiB of dictionary {@link #version()}
     * follows, after its header (docs/FORMAT.md)}
     */
    public boolean isLz4Block() {
        return kind == PayloadKind.LZ4_BLOCK;
    }

    /** {@return whether a zstd frame compressed without a dictionary follows} */
    public boolean isPlainFrame() {
        return kind == PayloadKind.PLAIN_FRAME;
    }

    /** {@return whether the original bytes follow, unchanged} */
    public boolean isStored() {
        return kind == PayloadKind.STORED;
    }

    /**
     * The prefix for a frame compressed with dictionary {@code version}.
     *
     * @param version the dictionary version, positive
     * @return the prefix, shared for versions below 128
     * @throws IllegalArgumentException if {@code version} is not positive
     */
    public static PayloadPrefix dictionaryFrame(int version) {
        checkVersion(version);
        return version < ONE_BYTE_VERSIONS.length
                ? ONE_BYTE_VERSIONS[version]
                : recent(PayloadKind.DICTIONARY_FRAME, version, 1 + varintLength(version));
    }

    /**
     * The prefix for an LZ4 block compressed with dictionary {@code version} ({@code 0xD0}).
     *
     * @param version the dictionary version, positive
     * @return the prefix, shared for versions below 128
     * @throws IllegalArgumentException if {@code version} is not positive
     */
    public static PayloadPrefix lz4Block(int version) {
        checkVersion(version);
        return version < ONE_BYTE_LZ4_VERSIONS.length
                ? ONE_BYTE_LZ4_VERSIONS[version]
                : recent(PayloadKind.LZ4_BLOCK, version, 1 + varintLength(version));
    }

    private static void checkVersion(int version) {
        if (version <= 0) {
            throw new IllegalArgumentException("Dictionary version must be positive, got " + version);
        }
    }

    /** The prefix of {@code kind} and {@code version} (128 or more), made only if its slot holds another. */
    private static PayloadPrefix recent(PayloadKind kind, int version, int length) {
        PayloadPrefix[] slots = kind == PayloadKind.DICTIONARY_FRAME ? RECENT_VERSIONS : RECENT_LZ4_VERSIONS;
        int slot = version & (slots.length - 1);
        PayloadPrefix cached = slots[slot];
        if (cached != null && cached.version == version && cached.length == length) {
            return cached;
        }
        PayloadPrefix made = new PayloadPrefix(kind, version, length);
        slots[slot] = made;
        return made;
    }

    /** {@return the prefix of a zstd frame compressed without a dictionary ({@code 0xD2})} */
    public static PayloadPrefix plainFrame() {
        return PLAIN_FRAME;
    }

    /** {@return the prefix of a stored payload, the original bytes unchanged ({@code 0xD3})} */
    public static PayloadPrefix stored() {
        return STORED;
    }

    /**
     * The short name of what this prefix announces: the dictionary version in decimal ({@code "7"}, for a
     * zstd frame or an LZ4 block alike), {@code "plain"} (a zstd frame without a dictionary) or {@code
     * "stored"} (the original bytes). The version tag of zdict's Kafka metrics and the version named in
     * error messages.
     *
     * @return the label
     */
    public String label() {
        return switch (kind) {
            case DICTIONARY_FRAME, LZ4_BLOCK -> Integer.toString(version);
            case PLAIN_FRAME -> "plain";
            case STORED -> "stored";
        };
    }

    /**
     * What this prefix announces, for messages: {@code "dictionary version 7"}, {@code "dictionary
     * version 7, LZ4"}, {@code "zstd without dictionary"} or {@code "stored"}.
     *
     * @return the description
     */
    public String description() {
        return switch (kind) {
            case DICTIONARY_FRAME -> "dictionary version " + version;
            case LZ4_BLOCK -> "dictionary version " + version + ", LZ4";
            case PLAIN_FRAME -> "zstd without dictionary";
            case STORED -> "stored";
        };
    }

    /**
     * Writes this prefix at {@code dst[dstOffset]}.
     *
     * @param dst the destination, with at least {@link #length()} bytes of room at {@code dstOffset}
     * @param dstOffset where to write
     * @return the number of bytes written, {@link #length()}
     * @throws ArrayIndexOutOfBoundsException if {@code dst} has too little room
     */
    public int writeTo(byte[] dst, int dstOffset) {
        dst[dstOffset] = (byte) kind.marker();
        if (!kind.hasVersion()) {
            return 1;
        }
        int position = dstOffset + 1;
        int remaining = version;
        while ((remaining & ~0x7F) != 0) {
            dst[position++] = (byte) ((remaining & 0x7F) | 0x80);
            remaining >>>= 7;
        }
        dst[position++] = (byte) remaining;
        return position - dstOffset;
    }

    /**
     * Reads the prefix at the start of {@code src[offset, offset + length)}.
     *
     * @param src the payload bytes
     * @param offset where the payload starts in {@code src}
     * @param length the payload's length
     * @return the prefix, shared for versions below 128
     * @throws CorruptPayloadException if the bytes are truncated, foreign, from another format version,
     *     or the version is not a canonical positive varint
     */
    public static PayloadPrefix read(byte[] src, int offset, int length) {
        return read(src, null, offset, length);
    }

    /**
     * Reads the prefix at the start of {@code src}'s remaining bytes, as {@link #read(byte[], int, int)}
     * does, without moving its position, copying the payload or allocating (but for the first payload of
     * a version of 128 or more, or the error of one that is not a payload).
     *
     * @param src the payload, from its position to its limit
     * @return the prefix
     * @throws CorruptPayloadException as {@link #read(byte[], int, int)} does
     */
    public static PayloadPrefix read(ByteBuffer src) {
        if (src.hasArray()) {
            return read(src.array(), src.arrayOffset() + src.position(), src.remaining());
        }
        return read(null, src, src.position(), src.remaining());
    }

    /** One parser for both sources: reads {@code array} unless it is null, else {@code buffer}. */
    private static PayloadPrefix read(byte[] array, ByteBuffer buffer, int offset, int length) {
        if (length < 1) {
            throw new CorruptPayloadException(
                    CorruptPayloadException.Kind.TRUNCATED,
                    0,
                    "Truncated payload: empty, expected a zdict marker byte");
        }
        int marker = byteAt(array, buffer, offset);
        PayloadKind kind = PayloadKind.ofMarker(marker);
        if (kind == null) {
            throw new CorruptPayloadException(0, describeUnknownMarker(array, buffer, offset, length, marker));
        }
        if (!kind.hasVersion()) {
            return kind == PayloadKind.PLAIN_FRAME ? PLAIN_FRAME : STORED;
        }
        int first = length >= 2 ? byteAt(array, buffer, offset + 1) : 0;
        if (first > 0 && first < 0x80) {
            // The common case, versions 1-127: one varint byte with no continuation bit.
            return (kind == PayloadKind.DICTIONARY_FRAME ? ONE_BYTE_VERSIONS : ONE_BYTE_LZ4_VERSIONS)[first];
        }
        long version = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            int position = 1 + i;
            if (position >= length) {
                throw new CorruptPayloadException(
                        CorruptPayloadException.Kind.TRUNCATED,
                        position,
                        "Truncated payload: the dictionary version varint ends after " + i + " byte(s)");
            }
            int b = byteAt(array, buffer, offset + position);
            version |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (b == 0 && i > 0) {
                    throw new CorruptPayloadException(
                            position, "Non-canonical dictionary version varint (a redundant zero byte)");
                }
                if (version == 0 || version > Integer.MAX_VALUE) {
                    throw new CorruptPayloadException(
                            1, "Invalid dictionary version " + version + ": versions are 1.." + Integer.MAX_VALUE);
                }
                return recent(kind, (int) version, position + 1);
            }
        }
        throw new CorruptPayloadException(1, "Dictionary version varint is longer than " + MAX_VARINT_BYTES + " bytes");
    }

    /** The unsigned byte at {@code index} of {@code array}, or of {@code buffer} when {@code array} is null. */
    private static int byteAt(byte[] array, ByteBuffer buffer, int index) {
        return (array != null ? array[index] : buffer.get(index)) & 0xFF;
    }

    /**
     * Whether {@code src[offset, offset + length)} starts with the zstd frame magic number.
     *
     * @param src the bytes
     * @param offset where to look
     * @param length how many bytes from {@code offset} may be read
     * @return true if the first four bytes are {@code 28 B5 2F FD}
     */
    public static boolean startsWithZstdMagic(byte[] src, int offset, int length) {
        return FrameHeader.startsWithMagic(src, offset, length);
    }

    /**
     * Whether {@code marker} belongs to the zdict family (any format version).
     *
     * @param marker a byte value, 0..255
     * @return true for {@code 0xD0}..{@code 0xDF}
     */
    public static boolean isZdictMarker(int marker) {
        return (marker & 0xF0) == MARKER_FAMILY;
    }

    /**
     * The header of the zstd frame or LZ4 block after a prefix, as {@code zdict inspect} prints it
     * (docs/FORMAT.md). Its factories read it from a payload that starts at {@code src[0]}.
     *
     * @param headerLength the header's length in bytes
     * @param contentSize the decompressed size it declares; -1 if a zstd frame declares none
     * @param checksum whether a 4-byte content checksum ends the payload (zstd: XXH64, LZ4: CRC-32C)
     * @param dictionaryId a zstd frame's dictionary id (0: not recorded); an LZ4 block's 16-bit dictionary check
     * @param windowSize a zstd frame's window size in bytes; 0 for an LZ4 block
     */
    public record Header(int headerLength, long contentSize, boolean checksum, long dictionaryId, long windowSize) {
        /** The length of a content checksum, zstd's or LZ4's. */
        public static final int CHECKSUM_LENGTH = Lz4BlockHeader.CHECKSUM_LENGTH;

        /** {@return the header of the zstd frame at {@code src[offset, offset + length)}} */
        public static Header ofZstdFrame(byte[] src, int offset, int length) {
            FrameHeader h = FrameHeader.parse(src, offset, length, offset);
            return new Header(h.headerLength(), h.contentSize(), h.checksum(), h.dictionaryId(), h.windowSize());
        }

        /** {@return the header of the LZ4 block at {@code src[offset, offset + length)}} */
        public static Header ofLz4Block(byte[] src, int offset, int length) {
            Lz4BlockHeader h = Lz4BlockHeader.parse(src, offset, length, offset);
            return new Header(h.headerLength(), h.contentSize(), h.checksum(), h.dictionaryCheck(), 0);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PayloadPrefix that
                && kind == that.kind
                && version == that.version
                && length == that.length;
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + version) * 31 + length;
    }

    @Override
    public String toString() {
        return "PayloadPrefix[" + description() + ", " + length + " byte(s)]";
    }

    private static String describeUnknownMarker(byte[] array, ByteBuffer buffer, int offset, int length, int marker) {
        String expected = String.format(
                "expected a zdict format-%d marker 0x%02X, 0x%02X, 0x%02X or 0x%02X",
                FORMAT_VERSION,
                PayloadKind.LZ4_BLOCK.marker(),
                PayloadKind.DICTIONARY_FRAME.marker(),
                PayloadKind.PLAIN_FRAME.marker(),
                PayloadKind.STORED.marker());
        if (isZdictMarker(marker)) {
            return String.format(
                    "Unsupported zdict marker 0x%02X (another format version or a reserved kind); %s",
                    marker, expected);
        }
        byte[] head = array;
        int headOffset = offset;
        if (array == null) {
            head = new byte[Math.min(length, 4)];
            buffer.get(offset, head);
            headOffset = 0;
        }
        if (startsWithZstdMagic(head, headOffset, length)) {
            return "Not a zdict payload: it is a bare zstd frame (magic 28 B5 2F FD) without a zdict prefix; "
                    + expected;
        }
        return String.format("Not a zdict payload: unknown marker byte 0x%02X; %s", marker, expected);
    }

    private static int varintLength(int value) {
        int bytes = 1;
        while ((value & ~0x7F) != 0) {
            value >>>= 7;
            bytes++;
        }
        return bytes;
    }
}
