package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.zdict.internal.VersionTable;
import org.zdict.kafka.RegistryRecords.Published;
import org.zdict.kafka.RegistryRecords.State;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryStatus;

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
final class RegistryLog {
    private final Map<Integer, String> winners = new HashMap<>();
    private final Map<Integer, Published> contents = new TreeMap<>();
    private State state = State.INITIAL;
    private long stateOffset = -1;
    private int maxClaimed;
    private VersionTable view = VersionTable.EMPTY;

    /** Applies one record; returns whether the registry view changed. Unreadable records are skipped. */
    boolean apply(long offset, String key, byte[] value) {
        if (RegistryRecords.STATE_KEY.equals(key)) {
            if (value == null) {
                return false;
            }
            State next = RegistryRecords.readState(value);
            if (stateOffset >= 0 && next.basedOn() != stateOffset) {
                return false;
            }
            state = next;
            stateOffset = offset;
            return rebuild();
        }
        int version = RegistryRecords.versionOfKey(key);
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
        Published published = RegistryRecords.readPublished(value);
        if (published.version() != version) {
            return false;
        }
        winners.put(version, key);
        maxClaimed = Math.max(maxClaimed, version);
        contents.put(version, published);
        return rebuild();
    }

    /** The key that won {@code version}, or null if nobody claimed it yet. */
    String winner(int version) {
        return winners.get(version);
    }

    long stateOffset() {
        return stateOffset;
    }

    State state() {
        return state;
    }

    VersionTable view() {
        return view;
    }

    /** The bytes of {@code version}, or null. */
    byte[] content(int version) {
        Published p = contents.get(version);
        return p == null ? null : p.content();
    }

    private boolean rebuild() {
        int next = Math.max(state.nextVersion(), maxClaimed + 1);
        if (!state.removed().isEmpty()) {
            next = Math.max(next, state.removed().last() + 1);
        }
        TreeMap<Integer, DictionaryInfo> infos = new TreeMap<>();
        for (Published p : contents.values()) {
            if (state.removed().contains(p.version())) {
                continue;
            }
            DictionaryStatus status = p.version() == state.active()
                    ? DictionaryStatus.ACTIVE
                    : state.retired().contains(p.version()) ? DictionaryStatus.RETIRED : DictionaryStatus.AVAILABLE;
            infos.put(
                    p.version(),
                    new DictionaryInfo(
                            p.version(),
                            p.sha256(),
                            p.content().length,
                            p.level(),
                            p.createdAt(),
                            status,
                            p.metadata()));
        }
        view = new VersionTable(next, infos);
        return true;
    }
}
