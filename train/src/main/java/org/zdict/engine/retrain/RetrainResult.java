package org.zdict.engine.retrain;

import java.util.List;

/**
 * What one {@link RetrainStep} decided and did, as data.
 *
 * @param verdict the policy's verdict on the candidate against the reference (its figures stand even
 *     when a race overrides its decision)
 * @param race the change of the active version by another process, null when there was none
 * @param publishedVersion the version the candidate was published as and is left as, 0 if none
 * @param retired the versions retired by the promotion
 */
public record RetrainResult(Verdict verdict, ActiveVersionRace race, int publishedVersion, List<Integer> retired) {

    public RetrainResult {
        retired = List.copyOf(retired);
    }

    /** The decision that stands: the verdict's, or kept when another process changed the active version. */
    public Decision decision() {
        return race == null ? verdict.decision() : Decision.KEPT;
    }
}
