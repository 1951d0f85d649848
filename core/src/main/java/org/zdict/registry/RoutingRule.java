package org.zdict.registry;

import java.nio.charset.StandardCharsets;

/**
 * How a {@link DictionarySet} tells kinds of events apart: by a top-level field's value, by the set of
 * top-level keys (the event's shape), or by a record header. Written as text {@code field:NAME}, {@code
 * shape} or {@code header:NAME}; docs/FORMAT.md ("The routing rule") defines the kind each one gives.
 */
public sealed interface RoutingRule {

    /** The longest field or header name a rule may name, in UTF-8 bytes. */
    int MAX_NAME_BYTES = 255;

    /** {@return the rule as text: {@code field:NAME}, {@code shape} or {@code header:NAME}} */
    String text();

    /** The kind is the value of the first top-level member named {@code name}. */
    record Field(String name) implements RoutingRule {
        public Field {
            checkName(name, "field");
        }

        @Override
        public String text() {
            return "field:" + name;
        }
    }

    /** The kind is the set of the event's top-level keys. */
    record Shape() implements RoutingRule {
        @Override
        public String text() {
            return "shape";
        }
    }

    /** The kind is the value of the record's last header named {@code name}. */
    record Header(String name) implements RoutingRule {
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
    static RoutingRule parse(String text) {
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
