package org.zdict.registry;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.zdict.internal.TopLevelJson;

/**
 * A subject's active state when it has one dictionary per kind of event: the {@link Rule}, the
 * version that serves each kind (its members) and the fallback version for every other event, which is
 * the subject's active version. Immutable; {@link #versionFor} and {@link #versionForHeader} allocate
 * nothing, so a writer routes every record through them. docs/FORMAT.md defines the kinds.
 */
public final class DictionarySet {
    /** The most kinds a set may name. */
    public static final int MAX_MEMBERS = 256;
    /** The longest kind, in UTF-8 bytes. */
    public static final int MAX_KIND_BYTES = 255;

    /**
     * How a set tells kinds of events apart: by a top-level field's value, by the set of
     * top-level keys (the event's shape), or by a record header. Written as text {@code field:NAME}, {@code
     * shape} or {@code header:NAME}; docs/FORMAT.md ("The routing rule") defines the kind each one gives.
     */
    public sealed interface Rule {

        /** The longest field or header name a rule may name, in UTF-8 bytes. */
        int MAX_NAME_BYTES = 255;

        /** {@return the rule as text: {@code field:NAME}, {@code shape} or {@code header:NAME}} */
        String text();

        /**
         * The kind this rule gives an event, as a set names it; null for none, and always for a {@code header}
         * rule. Allocates the kind: for training and measuring, not the record path ({@link #versionFor}).
         */
        default String kindOf(byte[] event, int offset, int length) {
            if (this instanceof Shape) {
                long shape = TopLevelJson.shape(event, offset, length);
                return shape == TopLevelJson.NONE ? null : shapeKind(shape);
            }
            if (this instanceof Field field) {
                long range = TopLevelJson.fieldValue(
                        event, offset, length, field.name().getBytes(StandardCharsets.UTF_8));
                return range == TopLevelJson.NONE
                        ? null
                        : new String(event, (int) (range >>> 32), (int) range, StandardCharsets.UTF_8);
            }
            return null;
        }

        /** The kind is the value of the first top-level member named {@code name}. */
        record Field(String name) implements Rule {
            public Field {
                checkName(name, "field");
            }

            @Override
            public String text() {
                return "field:" + name;
            }
        }

        /** The kind is the set of the event's top-level keys. */
        record Shape() implements Rule {
            @Override
            public String text() {
                return "shape";
            }
        }

        /** The kind is the value of the record's last header named {@code name}. */
        record Header(String name) implements Rule {
            public Header {
                checkName(name, "header");
            }

            @Override
            public String text() {
                return "header:" + name;
            }
        }

        /**
         * Reads a rule written as {@link #text()}.
         *
         * @param text {@code field:NAME}, {@code shape} or {@code header:NAME}
         * @return the rule
         * @throws IllegalArgumentException naming the accepted forms otherwise
         */
        static Rule parse(String text) {
            if (text != null) {
                if (text.equals("shape")) {
                    return new Shape();
                }
                if (text.startsWith("field:")) {
                    return new Field(text.substring("field:".length()));
                }
                if (text.startsWith("header:")) {
                    return new Header(text.substring("header:".length()));
                }
            }
            throw new IllegalArgumentException("Invalid routing rule '" + text
                    + "': expected field:NAME (a top-level field), shape (the set of top-level keys) or header:NAME");
        }

        private static void checkName(String name, String what) {
            if (name == null || name.isEmpty() || name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw new IllegalArgumentException("Invalid routing rule: a " + what + " name is 1 to " + MAX_NAME_BYTES
                        + " UTF-8 bytes, got '" + name + "'");
            }
        }
    }

    private final Rule rule;
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
    public DictionarySet(Rule rule, int fallback, Map<String, Integer> members) {
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
        this.fieldName = rule instanceof Rule.Field field ? field.name().getBytes(StandardCharsets.UTF_8) : null;
        this.kinds = new KindTable(rule instanceof Rule.Shape, this.members);
    }

    public Rule rule() {
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
        if (rule instanceof Rule.Shape) {
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
        if (headerValue == null || !(rule instanceof Rule.Header)) {
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
        return rule instanceof Rule.Header header ? header.name() : null;
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
