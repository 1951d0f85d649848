package org.zdict.registry;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.zdict.format.TopLevelJson;

/**
 * A subject's active state when it has one dictionary per kind of event: the {@link RoutingRule}, the
 * version that serves each kind (its members) and the fallback version for every other event, which is
 * the subject's active version. Immutable; {@link #versionFor} and {@link #versionForHeader} allocate
 * nothing, so a writer routes every record through them. docs/FORMAT.md defines the kinds.
 */
public final class DictionarySet {
    /** The most kinds a set may name. */
    public static final int MAX_MEMBERS = 256;
    /** The longest kind, in UTF-8 bytes. */
    public static final int MAX_KIND_BYTES = 255;

    private final RoutingRule rule;
    private final int fallback;
    private final SortedMap<String, Integer> members;
    private final byte[] fieldName;
    private final KindTable kinds;

    /**
     * @param rule how events are told apart
     * @param fallback the version for events of no kind the set names: the subject's active version
     * @param members kind to version, 1 to {@link #MAX_MEMBERS}; a {@code shape} rule's kinds are 16
     *     lower-case hexadecimal digits
     * @throws IllegalArgumentException naming the member that breaks these rules
     */
    public DictionarySet(RoutingRule rule, int fallback, Map<String, Integer> members) {
        if (rule == null) {
            throw new IllegalArgumentException("A dictionary set needs a routing rule");
        }
        if (fallback < 1) {
            throw new IllegalArgumentException("A dictionary set's fallback version must be positive, got " + fallback);
        }
        if (members == null || members.isEmpty() || members.size() > MAX_MEMBERS) {
            throw new IllegalArgumentException("A dictionary set names 1 to " + MAX_MEMBERS + " kinds, got "
                    + (members == null ? 0 : members.size()));
        }
        this.rule = rule;
        this.fallback = fallback;
        this.members = Collections.unmodifiableSortedMap(new TreeMap<>(members));
        this.fieldName = rule instanceof RoutingRule.Field field ? field.name().getBytes(StandardCharsets.UTF_8) : null;
        this.kinds = new KindTable(rule instanceof RoutingRule.Shape, this.members);
    }

    public RoutingRule rule() {
        return rule;
    }

    public int fallback() {
        return fallback;
    }

    /** {@return kind to version, sorted by kind} */
    public SortedMap<String, Integer> members() {
        return members;
    }

    /** {@return this set with another fallback version: the same rule and members} */
    public DictionarySet withFallback(int version) {
        return new DictionarySet(rule, version, members);
    }

    /** {@return whether {@code version} serves a kind of this set or is its fallback} */
    public boolean uses(int version) {
        return version == fallback || members.containsValue(version);
    }

    /**
     * The version an event is written with: its kind's member, or the fallback. A {@code header:NAME}
     * rule gives the fallback here; a writer with headers calls {@link #versionForHeader}.
     *
     * @param event the event's bytes, from {@code offset}, {@code length} bytes
     */
    public int versionFor(byte[] event, int offset, int length) {
        if (fieldName != null) {
            long range = TopLevelJson.fieldValue(event, offset, length, fieldName);
            return range == TopLevelJson.NONE
                    ? fallback
                    : kinds.version(event, (int) (range >>> 32), (int) range, fallback);
        }
        if (rule instanceof RoutingRule.Shape) {
            long shape = TopLevelJson.shape(event, offset, length);
            return shape == TopLevelJson.NONE ? fallback : kinds.version(shape, fallback);
        }
        return fallback;
    }

    /**
     * The version a record is written with under a {@code header:NAME} rule.
     *
     * @param headerValue the value of the record's last header of that name, or null when it has none
     */
    public int versionForHeader(byte[] headerValue) {
        if (headerValue == null || !(rule instanceof RoutingRule.Header)) {
            return fallback;
        }
        return kinds.version(headerValue, 0, headerValue.length, fallback);
    }

    /** {@return the kind a {@code shape} rule gives a shape number: its 16 hexadecimal digits} */
    public static String shapeKind(long shape) {
        return String.format(Locale.ROOT, "%016x", shape);
    }

    /** {@return the header name of a {@code header:NAME} rule, or null for the other rules} */
    public String headerName() {
        return rule instanceof RoutingRule.Header header ? header.name() : null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DictionarySet other
                && rule.equals(other.rule)
                && fallback == other.fallback
                && members.equals(other.members);
    }

    @Override
    public int hashCode() {
        return (rule.hashCode() * 31 + fallback) * 31 + members.hashCode();
    }

    @Override
    public String toString() {
        return "set " + rule.text() + " " + members + " fallback " + fallback;
    }
}
