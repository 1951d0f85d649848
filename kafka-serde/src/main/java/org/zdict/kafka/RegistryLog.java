package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.zdict.internal.VersionTable;
import org.zdict.kafka.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.RegistryRecords.StateRecord;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryStatus;

/**
 * The registry topic folded into a version table, record by record, in offset order. Not thread-safe; the
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
    private final Map<Integer, DictionaryRecord> contents = new TreeMap<>();
    private StateRecord stateRecord = StateRecord.INITIAL;
    private long stateRecordOffset = -1;
    private int maxClaimed;
    private VersionTable table = VersionTable.EMPTY;

    /** Applies one record; returns whether the version table changed. Unreadable records are skipped. */
    boolean apply(long offset, String key, byte[] value) {
        if (RegistryRecords.STATE_KEY.equals(key)) {
            if (value == null) {
                return false;
            }
            StateRecord next = RegistryRecords.readStateRecord(value);
            if (stateRecordOffset >= 0 && next.basedOn() != stateRecordOffset) {
                return false;
            }
            stateRecord = next;
            stateRecordOffset = offset;
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
        DictionaryRecord published = RegistryRecords.readDictionaryRecord(value);
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

    /** The offset of the state record in force, -1 before the first. */
    long stateRecordOffset() {
        return stateRecordOffset;
    }

    /** The state record in force. */
    StateRecord stateRecord() {
        return stateRecord;
    }

    /** The versions the records so far give, with their status. */
    VersionTable table() {
        return table;
    }

    /** The bytes of {@code version}, or null. */
    byte[] content(int version) {
        DictionaryRecord p = contents.get(version);
        return p == null ? null : p.content();
    }

    private boolean rebuild() {
        int next = Math.max(stateRecord.nextVersion(), maxClaimed + 1);
        if (!stateRecord.removed().isEmpty()) {
            next = Math.max(next, stateRecord.removed().last() + 1);
        }
        TreeMap<Integer, DictionaryInfo> infos = new TreeMap<>();
        for (DictionaryRecord p : contents.values()) {
            if (stateRecord.removed().contains(p.version())) {
                continue;
            }
            DictionaryStatus status = stateRecord.isActive(p.subject(), p.version())
                    ? DictionaryStatus.ACTIVE
                    : stateRecord.retired().contains(p.version())
                            ? DictionaryStatus.RETIRED
                            : DictionaryStatus.AVAILABLE;
            infos.put(
                    p.version(),
                    new DictionaryInfo(
                            p.version(),
                            p.subject(),
                            p.sha256(),
                            p.content().length,
                            p.level(),
                            p.createdAt(),
                            status,
                            p.metadata()));
        }
        table = new VersionTable(next, infos);
        return true;
    }
}
