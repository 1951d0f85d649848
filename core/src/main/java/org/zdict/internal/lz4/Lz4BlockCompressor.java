package org.zdict.internal.lz4;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Compresses into LZ4 blocks that may refer to an external dictionary, as liblz4 does after {@code
 * LZ4_attach_dictionary}: the dictionary's match tables ({@link Lz4Dictionary}) are built once and only
 * read here; each call indexes only its own input, in tables this instance reuses (a generation number
 * instead of clearing them per call). Two searches:
 *
 * <ul>
 *   <li>{@link #fast}: LZ4's greedy single-probe search with its skip acceleration, one candidate from
 *       the input and one from the dictionary;
 *   <li>{@link #hc}: every input position chained, the input's chain then the dictionary's walked up to
 *       {@code depth} candidates, the longest match kept, with one-step lazy matching (liblz4's HC levels
 *       3–9 walk 4–256).
 * </ul>
 *
 * Blocks follow the format's end rules (the last 5 bytes are literals, no match starts in the last 12),
 * so liblz4's {@code LZ4_decompress_safe_usingDict} decodes them. Not thread-safe: one per thread.
 */
public final class Lz4BlockCompressor {
    private static final int MIN_MATCH = 4;
    private static final int LAST_LITERALS = 5;
    private static final int MF_LIMIT = 12;
    private static final int INPUT_HASH_LOG = 14;
    private static final int SKIP_TRIGGER = 6;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Lz4Dictionary dictionary;
    private byte[] dict;
    private int dictSize;
    private final int depth;
    /** Input position + {@link #base} of the newest position with each hash; stale when below base. */
    private final int[] inputHead = new int[1 << INPUT_HASH_LOG];
    /** HC: each input position's previous position with the same hash, + base. */
    private int[] inputChain = new int[0];
    /** HC: the virtual position of the longest match {@link #longest} found. */
    private final int[] found = new int[1];

    private int base = 1;

    private Lz4BlockCompressor(Lz4Dictionary dictionary, int depth) {
        this.depth = depth;
        use(dictionary);
    }

    /** LZ4's fast search (acceleration 1). */
    public static Lz4BlockCompressor fast(Lz4Dictionary dictionary) {
        return new Lz4BlockCompressor(dictionary, 0);
    }

    /** A hash-chain search walking up to {@code depth} (1–65536) candidates per position. */
    public static Lz4BlockCompressor hc(Lz4Dictionary dictionary, int depth) {
        if (depth < 1 || depth > 65_536) {
            throw new IllegalArgumentException("HC search depth must be 1–65536, got " + depth);
        }
        return new Lz4BlockCompressor(dictionary, depth);
    }

    public Lz4Dictionary dictionary() {
        return dictionary;
    }

    /**
     * Compress against {@code dictionary} from now on (the input tables hold only input positions, so
     * nothing needs clearing).
     *
     * @throws IllegalArgumentException if {@code dictionary} is null or was made {@link
     *     Lz4Dictionary#forDecoding} only
     */
    public void use(Lz4Dictionary dictionary) {
        if (dictionary == null) {
            throw new IllegalArgumentException("dictionary is null");
        }
        if (!dictionary.isIndexed()) {
            throw new IllegalArgumentException("dictionary was made for decoding only: it has no match tables");
        }
        this.dictionary = dictionary;
        this.dict = dictionary.bytes();
        this.dictSize = dict.length;
    }

    /** The room {@link #compress} needs for {@code length} bytes, as liblz4's {@code LZ4_COMPRESSBOUND}. */
    public static long maxCompressedLength(long length) {
        return length + length / 255 + 16;
    }

    /**
     * Compresses {@code src[srcOffset, srcOffset + length)} into {@code dst} from {@code dstOffset}, which
     * must have room for {@link #maxCompressedLength}.
     *
     * @return the number of bytes written
     */
    public int compress(byte[] src, int srcOffset, int length, byte[] dst, int dstOffset) {
        if (src == null || dst == null) {
            throw new IllegalArgumentException("src and dst must not be null");
        }
        if (srcOffset < 0 || length < 0 || srcOffset > src.length - length) {
            throw new IllegalArgumentException("src range [" + srcOffset + ", " + srcOffset + " + " + length
                    + ") is outside an array of " + src.length + " bytes");
        }
        if (length > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("input of " + length + " bytes is too large");
        }
        long bound = maxCompressedLength(length);
        if (dstOffset < 0 || dstOffset > dst.length - bound) {
            throw new IllegalArgumentException("dst needs room for " + bound + " bytes from " + dstOffset + ", has "
                    + Math.max(0, dst.length - Math.max(0, dstOffset)));
        }
        newGeneration(length);
        int written = depth == 0
                ? compressFast(src, srcOffset, length, dst, dstOffset)
                : compressHc(src, srcOffset, length, dst, dstOffset);
        base += length + 1;
        return written;
    }

    private void newGeneration(int length) {
        if (base > Integer.MAX_VALUE - length - 2) {
            Arrays.fill(inputHead, 0);
            base = 1;
        }
        if (depth > 0 && inputChain.length < length) {
            inputChain = new int[Math.max(length, 2 * inputChain.length)];
        }
    }

    private int compressFast(byte[] src, int off, int length, byte[] dst, int dstOffset) {
        int op = dstOffset;
        int anchor = 0;
        if (length >= MF_LIMIT + 1) {
            int mfLimit = length - MF_LIMIT;
            int matchLimit = length - LAST_LITERALS;
            inputHead[inputHash(src, off)] = base;
            int i = 1;
            search:
            while (true) {
                int searches = 1 << SKIP_TRIGGER;
                int candidate;
                int next = i;
                // Find a match of at least 4 bytes; candidate is a virtual position (dictionary, then input).
                while (true) {
                    i = next;
                    next = i + (searches++ >>> SKIP_TRIGGER);
                    if (i > mfLimit) {
                        break search;
                    }
                    int sequence = (int) INT.get(src, off + i);
                    int h = Lz4Dictionary.hash(sequence);
                    int slot = h >>> (Lz4Dictionary.HASH_LOG - INPUT_HASH_LOG);
                    int previous = inputHead[slot] - base;
                    inputHead[slot] = base + i;
                    if (previous >= 0
                            && i - previous <= Lz4Dictionary.MAX_DISTANCE
                            && (int) INT.get(src, off + previous) == sequence) {
                        candidate = dictSize + previous;
                        break;
                    }
                    int d = dictionary.head(h);
                    if (d != Lz4Dictionary.NONE
                            && dictSize - d + i <= Lz4Dictionary.MAX_DISTANCE
                            && (int) INT.get(dict, d) == sequence) {
                        candidate = d;
                        break;
                    }
                }
                // Extend backwards over pending literals.
                while (i > anchor && candidate > 0 && byteAt(src, off, candidate - 1) == src[off + i - 1]) {
                    i--;
                    candidate--;
                }
                int matchLength = MIN_MATCH + forward(src, off, candidate + MIN_MATCH, i + MIN_MATCH, matchLimit);
                op = sequence(src, off, anchor, i - anchor, dictSize + i - candidate, matchLength, dst, op);
                i += matchLength;
                anchor = i;
                if (i > mfLimit) {
                    break;
                }
                inputHead[inputHash(src, off + i - 2)] = base + i - 2;
            }
        }
        return lastLiterals(src, off, anchor, length - anchor, dst, op) - dstOffset;
    }

    private int compressHc(byte[] src, int off, int length, byte[] dst, int dstOffset) {
        int op = dstOffset;
        int anchor = 0;
        if (length >= MF_LIMIT + 1) {
            int mfLimit = length - MF_LIMIT;
            int matchLimit = length - LAST_LITERALS;
            int indexed = 0;
            int i = 0;
            while (i <= mfLimit) {
                indexed = insertUpTo(src, off, indexed, i);
                int matchLength = longest(src, off, i, matchLimit, found);
                if (matchLength < MIN_MATCH) {
                    i++;
                    continue;
                }
                int candidate = found[0];
                // One step lazy: take the next position's match instead while it is longer.
                while (i + 1 <= mfLimit) {
                    indexed = insertUpTo(src, off, indexed, i + 1);
                    int nextLength = longest(src, off, i + 1, matchLimit, found);
                    if (nextLength <= matchLength) {
                        break;
                    }
                    i++;
                    matchLength = nextLength;
                    candidate = found[0];
                }
                op = sequence(src, off, anchor, i - anchor, dictSize + i - candidate, matchLength, dst, op);
                i += matchLength;
                anchor = i;
            }
        }
        return lastLiterals(src, off, anchor, length - anchor, dst, op) - dstOffset;
    }

    /** Chains input positions {@code [from, to]}; returns the next position to chain. */
    private int insertUpTo(byte[] src, int off, int from, int to) {
        for (int p = from; p <= to; p++) {
            int slot = inputHash(src, off + p);
            inputChain[p] = inputHead[slot];
            inputHead[slot] = base + p;
        }
        return Math.max(from, to + 1);
    }

    /**
     * The longest match for input position {@code i} (already chained) ending at most at {@code
     * matchLimit}: its length (below 4 when none), its virtual position in {@code found[0]}.
     */
    private int longest(byte[] src, int off, int i, int matchLimit, int[] found) {
        int best = MIN_MATCH - 1;
        int budget = depth;
        int sequence = (int) INT.get(src, off + i);
        int candidate = inputChain[i] - base;
        while (candidate >= 0 && budget-- > 0) {
            if (i - candidate > Lz4Dictionary.MAX_DISTANCE) {
                break;
            }
            if ((int) INT.get(src, off + candidate) == sequence) {
                int n = MIN_MATCH + forward(src, off, dictSize + candidate + MIN_MATCH, i + MIN_MATCH, matchLimit);
                if (n > best) {
                    best = n;
                    found[0] = dictSize + candidate;
                }
            }
            candidate = inputChain[candidate] - base;
        }
        int d = dictionary.head(Lz4Dictionary.hash(sequence));
        while (d != Lz4Dictionary.NONE && budget-- > 0) {
            if (dictSize - d + i > Lz4Dictionary.MAX_DISTANCE) {
                break;
            }
            if ((int) INT.get(dict, d) == sequence) {
                int n = MIN_MATCH + forward(src, off, d + MIN_MATCH, i + MIN_MATCH, matchLimit);
                if (n > best) {
                    best = n;
                    found[0] = d;
                }
            }
            d = dictionary.previous(d);
        }
        return best;
    }

    /**
     * How many bytes from virtual position {@code candidate} equal the input's from {@code i}, stopping at
     * input position {@code limit}. Virtual positions below the dictionary's size are in the dictionary,
     * the rest in the input, so a match may run from the dictionary's end into the input's start.
     */
    private int forward(byte[] src, int off, int candidate, int i, int limit) {
        int start = i;
        if (candidate < dictSize) {
            int dictLimit = Math.min(limit, i + dictSize - candidate);
            while (i + 8 <= dictLimit) {
                long diff = (long) LONG.get(dict, candidate) ^ (long) LONG.get(src, off + i);
                if (diff != 0) {
                    return i - start + (Long.numberOfTrailingZeros(diff) >>> 3);
                }
                i += 8;
                candidate += 8;
            }
            while (i < dictLimit) {
                if (dict[candidate] != src[off + i]) {
                    return i - start;
                }
                i++;
                candidate++;
            }
            if (i == limit) {
                return i - start;
            }
        }
        int c = off + candidate - dictSize;
        int p = off + i;
        int end = off + limit;
        while (p + 8 <= end) {
            long diff = (long) LONG.get(src, c) ^ (long) LONG.get(src, p);
            if (diff != 0) {
                return p - off - start + (Long.numberOfTrailingZeros(diff) >>> 3);
            }
            p += 8;
            c += 8;
        }
        while (p < end && src[c] == src[p]) {
            p++;
            c++;
        }
        return p - off - start;
    }

    private byte byteAt(byte[] src, int off, int virtual) {
        return virtual < dictSize ? dict[virtual] : src[off + virtual - dictSize];
    }

    private static int inputHash(byte[] src, int at) {
        return Lz4Dictionary.hash((int) INT.get(src, at)) >>> (Lz4Dictionary.HASH_LOG - INPUT_HASH_LOG);
    }

    /** Writes one sequence: a token, the literals {@code src[anchor, anchor + literals)}, the match. */
    private static int sequence(
            byte[] src, int off, int anchor, int literals, int offset, int matchLength, byte[] dst, int op) {
        int token = op++;
        int bits;
        if (literals >= 15) {
            bits = 15 << 4;
            op = lengthBytes(literals - 15, dst, op);
        } else {
            bits = literals << 4;
        }
        System.arraycopy(src, off + anchor, dst, op, literals);
        op += literals;
        dst[op++] = (byte) offset;
        dst[op++] = (byte) (offset >>> 8);
        int extra = matchLength - MIN_MATCH;
        if (extra >= 15) {
            bits |= 15;
            op = lengthBytes(extra - 15, dst, op);
        } else {
            bits |= extra;
        }
        dst[token] = (byte) bits;
        return op;
    }

    private static int lastLiterals(byte[] src, int off, int anchor, int literals, byte[] dst, int op) {
        if (literals >= 15) {
            dst[op++] = (byte) (15 << 4);
            op = lengthBytes(literals - 15, dst, op);
        } else {
            dst[op++] = (byte) (literals << 4);
        }
        System.arraycopy(src, off + anchor, dst, op, literals);
        return op + literals;
    }

    private static int lengthBytes(int remaining, byte[] dst, int op) {
        while (remaining >= 255) {
            dst[op++] = (byte) 255;
            remaining -= 255;
        }
        dst[op++] = (byte) remaining;
        return op;
    }
}
