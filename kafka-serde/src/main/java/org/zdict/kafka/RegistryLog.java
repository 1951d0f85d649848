package org.zdict.kafka;

import java.time.Instant;
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
 * owner synchronises. It keeps the facts of each version and the offset of its record, not its bytes: those
 * of the versions won since the last {@link #takeNewContents} are handed to the owner once, to store. The two rules that make concurrent writers safe:
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
    /** A won version: its immutable facts (status to be set from the state record) and its record's offset. */
    private record Published(DictionaryInfo facts, long offset) {}

    private final Map<Integer, String> winners = new HashMap<>();
    private final Map<Integer, Published> published = new TreeMap<>();
    private final Map<Integer, byte[]> newContents = new HashMap<>();
    private StateRecord stateRecord = StateRecord.INITIAL;
    private long stateRecordOffset = -1;
    private int maxClaimed;
    private VersionTable table = VersionTable.EMPTY;

    /** Applies one record; returns whether the version table changed. Unreadable records are skipped. */
    boolean apply(long offset, String key, byte[] value) {
        if (RegistryKeys.STATE.equals(key)) {
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
        int version = RegistryKeys.versionOf(key);
        if (version < 0) {
            return false;
        }
        if (value == null) {
            if (key.equals(winners.get(version))) {
                published.remove(version);
                newContents.remove(version);
                return rebuild();
            }
            return false;
        }
        if (winners.containsKey(version)) {
            return false;
        }
        DictionaryRecord record = RegistryRecords.readDictionaryRecord(value);
        if (record.version() != version) {
            return false;
        }
        winners.put(version, key);
        maxClaimed = Math.max(maxClaimed, version);
        DictionaryInfo facts = DictionaryInfo.builder(version)
                .subject(record.subject())
                .sha256(record.sha256())
                .size(record.content().length)
                .level(record.level())
                .createdAt(record.createdAt())
                .status(DictionaryStatus.AVAILABLE)
                .metadata(record.metadata())
                .build();
        published.put(version, new Published(facts, offset));
        newContents.put(version, record.content());
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

    /**
     * The bytes of the versions won since the last call (as their records carry them, not yet checked
     * against their SHA-256), which this log no longer holds afterwards.
     */
    Map<Integer, byte[]> takeNewContents() {
        Map<Integer, byte[]> taken = Map.copyOf(newContents);
        newContents.clear();
        return taken;
    }

    /** The offset of the record of each version in the table. */
    Map<Integer, Long> offsets() {
        Map<Integer, Long> offsets = new HashMap<>();
        for (int version : table.versions().keySet()) {
            offsets.put(version, published.get(version).offset());
        }
        return offsets;
    }

    private boolean rebuild() {
        int next = Math.max(stateRecord.nextVersion(), maxClaimed + 1);
        if (!stateRecord.removed().isEmpty()) {
            next = Math.max(next, stateRecord.removed().last() + 1);
        }
        TreeMap<Integer, DictionaryInfo> infos = new TreeMap<>();
        for (Published p : published.values()) {
            DictionaryInfo facts = p.facts();
            if (stateRecord.removed().contains(facts.version())) {
                continue;
            }
            DictionaryStatus status = stateRecord.isActive(facts.subject(), facts.version())
                    ? DictionaryStatus.ACTIVE
                    : stateRecord.retired().contains(facts.version())
                            ? DictionaryStatus.RETIRED
                            : DictionaryStatus.AVAILABLE;
            DictionaryInfo info = facts.withStatus(status);
            Long activatedAt = stateRecord.activatedAt().get(facts.version());
            if (activatedAt != null) {
                info = info.withActivatedAt(Instant.ofEpochMilli(activatedAt));
            }
            Long retiredAt = stateRecord.retiredAt().get(facts.version());
            if (retiredAt != null && status == DictionaryStatus.RETIRED) {
                info = info.withRetiredAt(Instant.ofEpochMilli(retiredAt));
            }
            infos.put(facts.version(), info);
        }
        table = new VersionTable(next, infos);
        return true;
    }
}
