package org.zdict.internal;

/**
 * Reads the top level of a JSON object without decoding it or allocating, for routing an event to a
 * dictionary: the value of a named member, or a hash of its keys. The grammar, and what counts as no
 * kind, are docs/FORMAT.md's "The routing rule"; anything outside it ends the scan with {@link #NONE}.
 * Nested values are skipped by counting brackets outside strings, so depth costs nothing and a hostile
 * event cannot recurse.
 */
public final class TopLevelJson {
    /** What the methods return for an event that has no kind. */
    public static final long NONE = -1L;

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private TopLevelJson() {}

    /**
     * The value of the first top-level member whose key's raw bytes equal {@code name}: a string's bytes
     * between its quotes, or a number's or boolean's token.
     *
     * @return {@code (start << 32) | length} of those bytes in {@code event}, or {@link #NONE}
     */
    public static long fieldValue(byte[] event, int offset, int length, byte[] name) {
        int end = offset + length;
        int p = openObject(event, offset, end);
        while (p >= 0) {
            int keyStart = p + 1;
            int keyEnd = stringEnd(event, keyStart, end);
            if (keyEnd < 0) {
                return NONE;
            }
            p = colon(event, keyEnd + 1, end);
            if (p < 0) {
                return NONE;
            }
            boolean match = keyEnd - keyStart == name.length && equalBytes(event, keyStart, name);
            int valueEnd = valueEnd(event, p, end);
            if (valueEnd < 0) {
                return NONE;
            }
            if (match) {
                return kindOf(event, p, valueEnd);
            }
            p = nextKey(event, valueEnd, end);
        }
        return NONE;
    }

    /**
     * The event's shape: {@code fmix64} of the sum of {@code fnv1a64} over every top-level key's raw
     * bytes, or {@link #NONE} when the scan does not reach the object's closing brace (and, once in 2⁶⁴,
     * for a shape whose number is {@link #NONE}).
     */
    public static long shape(byte[] event, int offset, int length) {
        int end = offset + length;
        int p = openObject(event, offset, end);
        if (p == CLOSED) {
            return fmix64(0);
        }
        long sum = 0;
        while (p >= 0) {
            int keyStart = p + 1;
            int keyEnd = stringEnd(event, keyStart, end);
            if (keyEnd < 0) {
                return NONE;
            }
            sum += fnv1a64(event, keyStart, keyEnd - keyStart);
            p = colon(event, keyEnd + 1, end);
            if (p < 0) {
                return NONE;
            }
            int valueEnd = valueEnd(event, p, end);
            if (valueEnd < 0) {
                return NONE;
            }
            p = nextKey(event, valueEnd, end);
            if (p == CLOSED) {
                return fmix64(sum);
            }
        }
        return NONE;
    }

    /** FNV-1a, 64 bits, of {@code length} bytes from {@code offset}. */
    public static long fnv1a64(byte[] bytes, int offset, int length) {
        long h = FNV_OFFSET;
        for (int i = offset; i < offset + length; i++) {
            h ^= bytes[i] & 0xff;
            h *= FNV_PRIME;
        }
        return h;
    }

    /** MurmurHash3's 64-bit finalizer. */
    public static long fmix64(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb93fe53ef39aL;
        h ^= h >>> 33;
        return h;
    }

    /** Returned by {@link #nextKey} and {@link #openObject} when the object closes there. */
    private static final int CLOSED = -2;

    /** The position of the first key's opening quote, {@link #CLOSED} for {@code {}}, or -1. */
    private static int openObject(byte[] b, int p, int end) {
        p = skipSpace(b, p, end);
        if (p >= end || b[p] != '{') {
            return -1;
        }
        p = skipSpace(b, p + 1, end);
        if (p >= end) {
            return -1;
        }
        if (b[p] == '}') {
            return CLOSED;
        }
        return b[p] == '"' ? p : -1;
    }

    /** After a value: the next key's opening quote, {@link #CLOSED} at the closing brace, or -1. */
    private static int nextKey(byte[] b, int p, int end) {
        p = skipSpace(b, p, end);
        if (p >= end) {
            return -1;
        }
        if (b[p] == '}') {
            return CLOSED;
        }
        if (b[p] != ',') {
            return -1;
        }
        p = skipSpace(b, p + 1, end);
        return p < end && b[p] == '"' ? p : -1;
    }

    /** After a key: the first byte of its value, or -1. */
    private static int colon(byte[] b, int p, int end) {
        p = skipSpace(b, p, end);
        if (p >= end || b[p] != ':') {
            return -1;
        }
        p = skipSpace(b, p + 1, end);
        return p < end ? p : -1;
    }

    /** The position of the closing quote of the string whose content starts at {@code p}, or -1. */
    private static int stringEnd(byte[] b, int p, int end) {
        while (p < end) {
            byte c = b[p];
            if (c == '"') {
                return p;
            }
            p += c == '\\' ? 2 : 1;
        }
        return -1;
    }

    /** The position just past the value starting at {@code p}, or -1 if the event ends first. */
    private static int valueEnd(byte[] b, int p, int end) {
        byte c = b[p];
        if (c == '"') {
            int close = stringEnd(b, p + 1, end);
            return close < 0 ? -1 : close + 1;
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            while (p < end) {
                c = b[p];
                if (c == '"') {
                    p = stringEnd(b, p + 1, end);
                    if (p < 0) {
                        return -1;
                    }
                } else if (c == '{' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ']') {
                    if (--depth == 0) {
                        return p + 1;
                    }
                }
                p++;
            }
            return -1;
        }
        int start = p;
        while (p < end && !isSpace(b[p]) && b[p] != ',' && b[p] != '}' && b[p] != ']') {
            p++;
        }
        return p == start || p == end ? -1 : p;
    }

    private static long kindOf(byte[] b, int start, int end) {
        byte c = b[start];
        if (c == '"') {
            return pack(start + 1, end - start - 2);
        }
        if (c == '{' || c == '[' || c == 'n') {
            return NONE;
        }
        return pack(start, end - start);
    }

    private static long pack(int start, int length) {
        return ((long) start << 32) | (length & 0xffffffffL);
    }

    private static boolean equalBytes(byte[] b, int p, byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (b[p + i] != name[i]) {
                return false;
            }
        }
        return true;
    }

    private static int skipSpace(byte[] b, int p, int end) {
        while (p < end && isSpace(b[p])) {
            p++;
        }
        return p;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
