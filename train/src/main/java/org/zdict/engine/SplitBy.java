package org.zdict.engine;

import java.util.Optional;
import org.zdict.registry.DictionarySet.Rule;

/**
 * Whether {@code zdict train} looks for one dictionary per kind of event, and how: {@code auto} judges
 * the candidates it finds in the training events ({@link SplitCandidates}), {@code none} trains one
 * dictionary, and a rule ({@code shape}, {@code field:NAME}, {@code header:NAME}) judges that rule alone.
 * A split is chosen only where it pays on the held-out events ({@link SplitSearch}).
 */
public final class SplitBy {
    /** Judge the candidates found in the training events. */
    public static final SplitBy AUTO = new SplitBy("auto", null);
    /** One dictionary, no split. */
    public static final SplitBy NONE = new SplitBy("none", null);

    private final String text;
    private final Rule rule;

    private SplitBy(String text, Rule rule) {
        this.text = text;
        this.rule = rule;
    }

    /** Judges {@code rule} alone. */
    public static SplitBy of(Rule rule) {
        return new SplitBy(rule.text(), rule);
    }

    /**
     * Reads {@code auto}, {@code none}, {@code shape}, {@code field:NAME} or {@code header:NAME}.
     *
     * @throws IllegalArgumentException naming the accepted forms
     */
    public static SplitBy parse(String text) {
        String value = text == null ? "" : text.trim();
        if (value.equals("auto")) {
            return AUTO;
        }
        if (value.equals("none")) {
            return NONE;
        }
        if (!value.equals("shape") && !value.startsWith("field:") && !value.startsWith("header:")) {
            throw new IllegalArgumentException("'" + text
                    + "' is not a split: expected auto, none, shape, field:NAME (a top-level field) or header:NAME");
        }
        try {
            return of(Rule.parse(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "'" + text + "': a field or header name is 1 to " + Rule.MAX_NAME_BYTES + " UTF-8 bytes");
        }
    }

    public boolean isAuto() {
        return this == AUTO;
    }

    public boolean isNone() {
        return this == NONE;
    }

    /** {@return the rule to judge alone, empty for {@code auto} and {@code none}} */
    public Optional<Rule> rule() {
        return Optional.ofNullable(rule);
    }

    /** {@return whether this names a {@code header:NAME} rule, which needs the records' headers} */
    public boolean needsHeaders() {
        return rule instanceof Rule.Header;
    }

    /** As the command line spells it. */
    @Override
    public String toString() {
        return text;
    }
}
