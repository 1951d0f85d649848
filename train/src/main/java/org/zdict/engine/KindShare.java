package org.zdict.engine;

/**
 * One kind of a split as trained and measured: its share of the training events, the size of its
 * dictionary, and the held-out events of that kind compressed one at a time with the set and with the
 * one dictionary it competes with.
 *
 * @param kind the kind, or null for the fallback's events: kinds too small for a dictionary of their own
 *     and events of no kind
 * @param trainEvents training events of this kind
 * @param dictSize the size asked of its dictionary (the fallback's for the fallback row)
 * @param heldOutEvents held-out events of this kind
 * @param heldOutBytes their size
 * @param setBytes their payloads' size written with the set
 * @param singleBytes their payloads' size written with the one dictionary
 */
public record KindShare(
        String kind,
        int trainEvents,
        int dictSize,
        int heldOutEvents,
        long heldOutBytes,
        long setBytes,
        long singleBytes) {

    public boolean isFallback() {
        return kind == null;
    }

    public double setRatio() {
        return setBytes == 0 ? 0 : (double) heldOutBytes / setBytes;
    }

    public double singleRatio() {
        return singleBytes == 0 ? 0 : (double) heldOutBytes / singleBytes;
    }
}
