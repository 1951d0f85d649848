package org.zdict.engine;

/**
 * Lists the top-level members of a JSON object as docs/FORMAT.md's "The routing rule" reads them (the
 * grammar of {@link org.zdict.format.TopLevelJson}): each key's raw bytes and its value's kind bytes (a
 * string's bytes between its quotes, a number's or boolean's token; none for null, objects and arrays).
 * Used to find split candidates; the grouping itself goes through {@code TopLevelJson}, as writers do.
 * Reuses one array of positions, so listing allocates nothing per event.
 */
final class TopLevelMembers {
    /** The most members listed per event; the rest are not read. */
    static final int MAX_MEMBERS = 256;

    /** Per member: key start, key end, kind start, kind end (-1 when the value gives no kind). */
    final int[] positions = new int[MAX_MEMBERS * 4];

    private int count;

    /** Reads {@code event}'s top-level members, up to where the grammar ends; {@return how many} */
    int read(byte[] b) {
        count = 0;
        int end = b.length;
        int p = skipSpace(b, 0, end);
        if (p >= end || b[p] != '{') {
            return 0;
        }
        p = skipSpace(b, p + 1, end);
        while (p < end && b[p] == '"' && count < MAX_MEMBERS) {
            int keyStart = p + 1;
            int keyEnd = stringEnd(b, keyStart, end);
            if (keyEnd < 0) {
                return count;
            }
            p = skipSpace(b, keyEnd + 1, end);
            if (p >= end || b[p] != ':') {
                return count;
            }
            p = skipSpace(b, p + 1, end);
            if (p >= end) {
                return count;
            }
            int valueStart = p;
            int valueEnd = valueEnd(b, p, end);
            if (valueEnd < 0) {
                return count;
            }
            int at = count * 4;
            positions[at] = keyStart;
            positions[at + 1] = keyEnd;
            byte first = b[valueStart];
            if (first == '"') {
                positions[at + 2] = valueStart + 1;
                positions[at + 3] = valueEnd - 1;
            } else if (first == '{' || first == '[' || first == 'n') {
                positions[at + 2] = -1;
                positions[at + 3] = -1;
            } else {
                positions[at + 2] = valueStart;
                positions[at + 3] = valueEnd;
            }
            count++;
            p = skipSpace(b, valueEnd, end);
            if (p >= end || b[p] != ',') {
                return count;
            }
            p = skipSpace(b, p + 1, end);
        }
        return count;
    }

    private static int stringEnd(byte[] b, int p, int end) {
        while (p < end) {
            if (b[p] == '"') {
                return p;
            }
            p += b[p] == '\\' ? 2 : 1;
        }
        return -1;
    }

    private static int valueEnd(byte[] b, int p, int end) {
        byte c = b[p];
        if (c == '"') {
            int close = stringEnd(b, p + 1, end);
            return close < 0 ? -1 : close + 1;
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            for (; p < end; p++) {
                c = b[p];
                if (c == '"') {
                    p = stringEnd(b, p + 1, end);
                    if (p < 0) {
                        return -1;
                    }
                } else if (c == '{' || c == '[') {
                    depth++;
                } else if ((c == '}' || c == ']') && --depth == 0) {
                    return p + 1;
                }
            }
            return -1;
        }
        int start = p;
        while (p < end && !isSpace(b[p]) && b[p] != ',' && b[p] != '}' && b[p] != ']') {
            p++;
        }
        return p == start || p == end ? -1 : p;
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
