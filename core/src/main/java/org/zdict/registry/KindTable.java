package org.zdict.registry;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import org.zdict.internal.TopLevelJson;

/**
 * A set's kinds in an open-addressing table keyed by a 64-bit hash, so that looking up the bytes of a kind
 * allocates nothing: FNV-1a of the kind's bytes, or, for a {@code shape} rule, the shape number its 16
 * hexadecimal digits spell.
 */
final class KindTable {
    private final long[] hashes;
    private final byte[][] kinds;
    private final int[] versions;
    private final int mask;

    KindTable(boolean shapes, SortedMap<String, Integer> members) {
        int capacity = Integer.highestOneBit(members.size() * 4 - 1) << 1;
        hashes = new long[capacity];
        kinds = new byte[capacity][];
        versions = new int[capacity];
        mask = capacity - 1;
        for (Map.Entry<String, Integer> member : members.entrySet()) {
            byte[] kind = member.getKey().getBytes(StandardCharsets.UTF_8);
            if (kind.length > DictionarySet.MAX_KIND_BYTES) {
                throw new IllegalArgumentException("A dictionary set's kind is at most " + DictionarySet.MAX_KIND_BYTES
                        + " UTF-8 bytes: '" + member.getKey() + "'");
            }
            if (member.getValue() == null || member.getValue() < 1) {
                throw new IllegalArgumentException(
                        "Kind '" + member.getKey() + "' of a dictionary set names no positive version");
            }
            long hash = shapes ? shapeNumber(member.getKey()) : TopLevelJson.fnv1a64(kind, 0, kind.length);
            int slot = (int) mix(hash) & mask;
            while (kinds[slot] != null) {
                slot = (slot + 1) & mask;
            }
            hashes[slot] = hash;
            kinds[slot] = kind;
            versions[slot] = member.getValue();
        }
    }

    /** The version of the kind spelled by {@code length} bytes from {@code offset}, or {@code fallback}. */
    int version(byte[] bytes, int offset, int length, int fallback) {
        if (length > DictionarySet.MAX_KIND_BYTES) {
            return fallback;
        }
        long hash = TopLevelJson.fnv1a64(bytes, offset, length);
        for (int slot = (int) mix(hash) & mask; kinds[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == hash
                    && Arrays.equals(kinds[slot], 0, kinds[slot].length, bytes, offset, offset + length)) {
                return versions[slot];
            }
        }
        return fallback;
    }

    /** The version of the shape number {@code shape}, or {@code fallback}. */
    int version(long shape, int fallback) {
        for (int slot = (int) mix(shape) & mask; kinds[slot] != null; slot = (slot + 1) & mask) {
            if (hashes[slot] == shape) {
                return versions[slot];
            }
        }
        return fallback;
    }

    private static long shapeNumber(String kind) {
        if (kind.length() != 16 || !kind.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new IllegalArgumentException("A shape kind is 16 lower-case hexadecimal digits, got '" + kind + "'");
        }
        return Long.parseUnsignedLong(kind, 16);
    }

    private static long mix(long hash) {
        return hash ^ (hash >>> 29) ^ (hash >>> 47);
    }
}
