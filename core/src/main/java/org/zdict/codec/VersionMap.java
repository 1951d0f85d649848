package org.zdict.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * A map from dictionary version to value that a record thread reads without a lock, without boxing the
 * version and without allocating: an open-addressed table replaced whole on every change (copy on write).
 * Changes are rare (a dictionary loaded or evicted) and made by one writer at a time, under its owner's
 * lock; readers see either the table before a change or the one after.
 *
 * @param <V> the value
 */
final class VersionMap<V> {
    /** Keys and values of one table, never changed once published. */
    private record Table(int[] versions, Object[] values, int size) {}

    private static final Table EMPTY = new Table(new int[8], new Object[8], 0);

    private volatile Table table = EMPTY;

    /** {@return the value for {@code version}, or null} */
    @SuppressWarnings("unchecked")
    V get(int version) {
        Table current = table;
        Object[] values = current.values;
        int mask = values.length - 1;
        for (int slot = spread(version) & mask; ; slot = (slot + 1) & mask) {
            Object value = values[slot];
            if (value == null) {
                return null;
            }
            if (current.versions[slot] == version) {
                return (V) value;
            }
        }
    }

    /** Sets {@code version}'s value; the caller holds the owner's lock. */
    void put(int version, V value) {
        replace(version, value);
    }

    /** Removes {@code version}'s value, if any; the caller holds the owner's lock. */
    void remove(int version) {
        if (get(version) != null) {
            replace(version, null);
        }
    }

    /** Publishes a new table: this one's entries but {@code version}'s, then {@code value} for it unless null. */
    private void replace(int version, V value) {
        List<Integer> versions = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        forEachEntry((v, old) -> {
            if (v != version) {
                versions.add(v);
                values.add(old);
            }
        });
        if (value != null) {
            versions.add(version);
            values.add(value);
        }
        table = build(versions, values);
    }

    /** Removes every value; the caller holds the owner's lock. */
    void clear() {
        table = EMPTY;
    }

    int size() {
        return table.size;
    }

    /** {@return the values, in no particular order} */
    @SuppressWarnings("unchecked")
    List<V> values() {
        List<V> values = new ArrayList<>();
        forEachEntry((v, value) -> values.add((V) value));
        return values;
    }

    private interface EntryVisitor {
        void visit(int version, Object value);
    }

    private void forEachEntry(EntryVisitor visitor) {
        Table current = table;
        for (int slot = 0; slot < current.values.length; slot++) {
            if (current.values[slot] != null) {
                visitor.visit(current.versions[slot], current.values[slot]);
            }
        }
    }

    /** A table at most half full, so a probe always meets an empty slot. */
    private static Table build(List<Integer> versions, List<Object> values) {
        int capacity = Integer.highestOneBit(Math.max(4, versions.size()) * 2) * 2;
        int[] keys = new int[capacity];
        Object[] slots = new Object[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < versions.size(); i++) {
            int version = versions.get(i);
            int slot = spread(version) & mask;
            while (slots[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = version;
            slots[slot] = values.get(i);
        }
        return new Table(keys, slots, versions.size());
    }

    /** Versions are mostly consecutive small numbers: mix them so they spread over the table. */
    private static int spread(int version) {
        int h = version * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
