package org.zdict.engine.retrain;

import java.util.Locale;

/** What {@code zdict retrain} decided. */
public enum Decision {
    /** The candidate was published and made the active version of its subject. */
    PROMOTED,
    /** Nothing was changed: the candidate did not earn its place, or a promotion is too recent. */
    KEPT,
    /** The candidate earned its place and was published, but not activated (the policy's {@code publishOnly}). */
    PUBLISHED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
