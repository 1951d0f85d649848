package org.zdict.engine.retrain;

import java.util.OptionalInt;

/**
 * Another process changed the subject's active version under a retrain (another scheduler): the retrain
 * then keeps what that process set, and says so with these figures.
 *
 * @param when while this retrain trained (nothing was published), or between its decision and its
 *     activation (its candidate was published, or found identical to a version already there)
 * @param before the active version when this retrain began
 * @param after the active version found instead
 * @param published the candidate's version when the race was lost at the activation, 0 otherwise
 */
public record ActiveVersionRace(When when, OptionalInt before, OptionalInt after, int published) {

    /** Where in the retrain the change was found. */
    public enum When {
        /** Before the decision: nothing was published. */
        WHILE_TRAINING,
        /** At the activation, after the candidate was published. */
        BEFORE_ACTIVATION
    }

    /** Whether the other process activated the very version this retrain published (the same dictionary). */
    public boolean activatedTheSameVersion() {
        return when == When.BEFORE_ACTIVATION && after.equals(OptionalInt.of(published));
    }
}
