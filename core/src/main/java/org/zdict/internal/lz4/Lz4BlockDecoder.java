package org.zdict.internal.lz4;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Decodes one LZ4 block against an external dictionary, with the semantics of liblz4's {@code
 * LZ4_decompress_safe_usingDict}: a match may reach back past the start of the output into the last ≤
 * 64 KiB of the dictionary, and continue from the dictionary's end into the output. The dictionary is
 * read in place, never copied.
 *
 * <p>Every literal run and every match is checked before it is copied: nothing is read before the
 * dictionary's start or past the block, nothing written past the output room, and a match only ever
 * reads bytes this call has already written (or the dictionary), so every byte of the result was
 * written by this call. Like liblz4, a short copy far from the end of the room is done in whole 16-byte
 * steps: the room past the returned length may then hold copies of this block's, the dictionary's or the
 * output's own bytes (never anything else; with a room of exactly the decoded length, as a consumer
 * allocates from the declared length, there is no such byte). Corrupt input raises one {@link
 * Lz4BlockException} with the offset in the block.
 * A block must end with a literal run (it may be empty). Unlike liblz4, the end-of-block rules for
 * encoders (last 5 bytes literals, no match starting in the last 12) are not enforced: blocks that break
 * them are still decoded safely.
 *
 * <p>Stateless; safe from any thread.
 */
public final class Lz4BlockDecoder {
    private static final int MIN_MATCH = 4;
    private static final int RUN_MASK = 15;
    private static final int LENGTH_LIMIT = Integer.MAX_VALUE - 255;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Lz4BlockDecoder() {}

    /**
     * Decodes {@code src[srcOffset, srcOffset + srcLength)} into {@code dst} from {@code dstOffset},
     * writing at most {@code room} bytes.
     *
     * @return the number of bytes written
     * @throws Lz4BlockException if the block is corrupt or decodes to more than {@code room} bytes
     */
    public static int decompress(
            Lz4Dictionary dictionary, byte[] src, int srcOffset, int srcLength, byte[] dst, int dstOffset, int room) {
        checkRange("src", src, srcOffset, srcLength);
        checkRange("dst", dst, dstOffset, room);
        if (src == dst) {
            throw new IllegalArgumentException("src and dst must be different arrays");
        }
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary is null");
        }
        verify(srcLength > 0, 0, Lz4BlockException.EMPTY_INPUT);
        byte[] dict = dictionary.bytes();
        int dictEnd = dict.length;
        int ip = srcOffset;
        int iend = srcOffset + srcLength;
        int op = dstOffset;
        int oend = dstOffset + room;
        while (true) {
            int token = src[ip++] & 0xFF;
            int literals = token >>> 4;
            if (literals == RUN_MASK) {
                do {
                    verify(ip < iend, ip - srcOffset, Lz4BlockException.LENGTH_PAST_INPUT);
                    int b = src[ip++] & 0xFF;
                    literals += b;
                    verify(literals < LENGTH_LIMIT, ip - srcOffset, Lz4BlockException.LENGTH_OVERFLOW);
                    if (b != 255) {
                        break;
                    }
                } while (true);
            }
            verify(literals <= iend - ip, ip - srcOffset, Lz4BlockException.LITERALS_PAST_INPUT);
            verify(literals <= oend - op, ip - srcOffset, Lz4BlockException.LITERALS_PAST_ROOM);
            if (literals <= 16 && iend - ip >= 16 && oend - op >= 16) {
                // Short run far from both ends: copy 16 bytes, the ones past the run are rewritten later.
                LONG.set(dst, op, (long) LONG.get(src, ip));
                LONG.set(dst, op + 8, (long) LONG.get(src, ip + 8));
            } else {
                copyLiterals(src, ip, dst, op, literals);
            }
            ip += literals;
            op += literals;
            if (ip == iend) {
                return op - dstOffset;
            }

            int offsetAt = ip;
            verify(iend - ip >= 2, offsetAt - srcOffset, Lz4BlockException.OFFSET_PAST_INPUT);
            int offset = (src[ip] & 0xFF) | (src[ip + 1] & 0xFF) << 8;
            ip += 2;
            verify(offset != 0, offsetAt - srcOffset, Lz4BlockException.OFFSET_ZERO);
            int length = token & RUN_MASK;
            if (length == RUN_MASK) {
                do {
                    verify(ip < iend, ip - srcOffset, Lz4BlockException.LENGTH_PAST_INPUT);
                    int b = src[ip++] & 0xFF;
                    length += b;
                    verify(length < LENGTH_LIMIT, ip - srcOffset, Lz4BlockException.LENGTH_OVERFLOW);
                    if (b != 255) {
                        break;
                    }
                } while (true);
            }
            length += MIN_MATCH;
            verify(length <= oend - op, offsetAt - srcOffset, Lz4BlockException.MATCH_PAST_ROOM);
            int written = op - dstOffset;
            int span = (length + 15) & ~15;
            if (offset <= written) {
                if (offset >= length) {
                    System.arraycopy(dst, op - offset, dst, op, length);
                } else if (offset >= 16 && oend - op >= span) {
                    // Whole 16-byte steps: each reads only bytes written before it, as offset >= 16.
                    int from = op - offset;
                    for (int k = 0; k < length; k += 16) {
                        LONG.set(dst, op + k, (long) LONG.get(dst, from + k));
                        LONG.set(dst, op + k + 8, (long) LONG.get(dst, from + k + 8));
                    }
                } else {
                    copyMatch(dst, op - offset, op, length);
                }
            } else {
                int fromDictionary = offset - written;
                verify(fromDictionary <= dictEnd, offsetAt - srcOffset, Lz4BlockException.OFFSET_BEFORE_DICTIONARY);
                int from = dictEnd - fromDictionary;
                int n = Math.min(fromDictionary, length);
                if (n == length) {
                    System.arraycopy(dict, from, dst, op, length);
                } else {
                    copyLiterals(dict, from, dst, op, n);
                }
                if (n < length) {
                    // The match runs on from the dictionary's end into the output's start.
                    copyMatch(dst, dstOffset, op + n, length - n);
                }
            }
            op += length;
            verify(ip < iend, ip - srcOffset, Lz4BlockException.ENDS_AFTER_MATCH);
        }
    }

    /** Copies between different arrays (or disjoint ranges): exactly {@code length} bytes. */
    private static void copyLiterals(byte[] from, int fromPos, byte[] to, int toPos, int length) {
        if (length >= 8 && length <= 32) {
            int k = 0;
            for (; k < length - 8; k += 8) {
                LONG.set(to, toPos + k, (long) LONG.get(from, fromPos + k));
            }
            LONG.set(to, toPos + length - 8, (long) LONG.get(from, fromPos + length - 8));
        } else if (length < 8) {
            for (int k = 0; k < length; k++) {
                to[toPos + k] = from[fromPos + k];
            }
        } else {
            System.arraycopy(from, fromPos, to, toPos, length);
        }
    }

    /**
     * Copies {@code length} bytes forward within {@code dst}, from {@code from} to {@code to > from}: when
     * the ranges overlap, the bytes just written are repeated, as LZ4 requires. Reads only bytes below
     * {@code to + k} when writing {@code to + k}, so only bytes already written.
     */
    private static void copyMatch(byte[] dst, int from, int to, int length) {
        int distance = to - from;
        if (distance >= length) {
            copyLiterals(dst, from, dst, to, length);
        } else if (distance >= 8) {
            int k = 0;
            for (; k + 8 <= length; k += 8) {
                LONG.set(dst, to + k, (long) LONG.get(dst, from + k));
            }
            for (; k < length; k++) {
                dst[to + k] = dst[from + k];
            }
        } else {
            for (int k = 0; k < length; k++) {
                dst[to + k] = dst[from + k];
            }
        }
    }

    private static void verify(boolean condition, int offset, String phrase) {
        if (!condition) {
            throw new Lz4BlockException(phrase, offset);
        }
    }

    private static void checkRange(String name, byte[] array, int offset, int length) {
        if (array == null) {
            throw new IllegalArgumentException(name + " is null");
        }
        if (offset < 0 || length < 0 || offset > array.length - length) {
            throw new IllegalArgumentException(name + " range [" + offset + ", " + offset + " + " + length
                    + ") is outside an array of " + array.length + " bytes");
        }
    }
}
