/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, kafka-serde/.../kafka/RegistryLog.java),
 * renamed into org.zdict.previous and made public; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.zdict.previous.PreviousRegistryRecords.Published;
import org.zdict.previous.PreviousRegistryRecords.State;

/**
 * The registry topic folded into a state, record by record, in offset order. Not thread-safe; the
 * owner synchronises. The two rules that make concurrent writers safe:
 *
 * <ul>
 *   <li>For each version number the {@code dict/N/WRITER} record with the lowest offset wins; later
 *       claims of the same number are ignored (their writer sees it lost, tombstones its record and
 *       retries with a higher number).
 *   <li>A {@code state} record counts only if its {@code basedOn} is the offset of the state record in
 *       force when it was read (compare-and-publish); the first state record a reader meets counts
 *       regardless, because compaction may have removed the one it was based on.
 * </ul>
 */
public final class PreviousRegistryLog {
    private final Map<Integer, String> winners = new HashMap<>();
    private final Map<Integer, Published> contents = new TreeMap<>();
    private State state = State.INITIAL;
    private long stateOffset = -1;
    private int maxClaimed;
    private PreviousRegistryState view = PreviousRegistryState.EMPTY;

    /** Applies one record; returns whether the registry view changed. Unreadable records are skipped. */
    public boolean apply(long offset, String key, byte[] value) {
        if (PreviousRegistryRecords.STATE_KEY.equals(key)) {
            if (value == null) {
                return false;
            }
            State next = PreviousRegistryRecords.readState(value);
            if (stateOffset >= 0 && next.basedOn() != stateOffset) {
                return false;
            }
            state = next;
            stateOffset = offset;
            return rebuild();
        }
        int version = PreviousRegistryRecords.versionOfKey(key);
        if (version < 0) {
            return false;
        }
        if (value == null) {
            if (key.equals(winners.get(version))) {
                contents.remove(version);
                return rebuild();
            }
            return false;
        }
        if (winners.containsKey(version)) {
            return false;
        }
        Published published = PreviousRegistryRecords.readPublished(value);
        if (published.version() != version) {
            return false;
        }
        winners.put(version, key);
        maxClaimed = Math.max(maxClaimed, version);
        contents.put(version, published);
        return rebuild();
    }

    /** The key that won {@code version}, or null if nobody claimed it yet. */
    public String winner(int version) {
        return winners.get(version);
    }

    public long stateOffset() {
        return stateOffset;
    }

    public State state() {
        return state;
    }

    public PreviousRegistryState view() {
        return view;
    }

    /** The bytes of {@code version}, or null. */
    public byte[] content(int version) {
        Published p = contents.get(version);
        return p == null ? null : p.content();
    }

    private boolean rebuild() {
        int next = Math.max(state.nextVersion(), maxClaimed + 1);
        if (!state.removed().isEmpty()) {
            next = Math.max(next, state.removed().last() + 1);
        }
        TreeMap<Integer, PreviousDictionaryInfo> infos = new TreeMap<>();
        for (Published p : contents.values()) {
            if (state.removed().contains(p.version())) {
                continue;
            }
            PreviousDictionaryStatus status = p.version() == state.active()
                    ? PreviousDictionaryStatus.ACTIVE
                    : state.retired().contains(p.version())
                            ? PreviousDictionaryStatus.RETIRED
                            : PreviousDictionaryStatus.AVAILABLE;
            infos.put(
                    p.version(),
                    new PreviousDictionaryInfo(
                            p.version(),
                            p.sha256(),
                            p.content().length,
                            p.level(),
                            p.createdAt(),
                            status,
                            p.metadata()));
        }
        view = new PreviousRegistryState(next, infos);
        return true;
    }
}
