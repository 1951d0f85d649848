package org.zdict.kafka;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.internal.VersionTable;
import org.zdict.kafka.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.RegistryRecords.StateRecord;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * The registry topic folded into a version table, record by record, in offset order, by the rules of
 * docs/REGISTRY.md (section 5), which is normative; this class is where the Java reader applies them. Not
 * thread-safe; the owner synchronises. It keeps the facts of each version and the offset of its record, not
 * its bytes: those of the versions won since the last {@link #takeNewContents} are handed to the owner once,
 * to store. In short:
 *
 * <ul>
 *   <li>For each version number the first valid claim wins: a version seeded from the reader's local copy
 *       ({@link #seed}) counts as a claim older than any record; then the {@code dict/N/WRITER} record with
 *       the lowest offset.
 *   <li>A {@code state} record counts only if it replaces the state record in force (compare-and-publish,
 *       by {@code sequence}, or {@code basedOn} for the previous release's records). The first state record
 *       a reader meets counts regardless.
 *   <li>A state record removes a version only if the state before it had that version retired and, if it
 *       was ever active, the record's time is at least the remove grace after the record that showed it
 *       retired. A record's time is its timestamp where the broker stamped it ({@code LogAppendTime}),
 *       else this reader's clock as it applies it; a writer's {@code retiredAt} plays no part.
 * </ul>
 *
 * <p>Every record the rules refuse is skipped, counted and logged by reason ({@link RecordRefusal}, {@link
 * RefusedRecords}): none stops a reader or changes a decoded byte.
 */
final class RegistryLog {
    /** A won version: its immutable facts (status to be set from the state record) and its record's offset. */
    private record Published(DictionaryInfo facts, long offset) {}

    /** The winner of a version that this reader holds from its local copy and the topic holds no record of. */
    static final String LOCAL_COPY = "(local copy)";

    private final RefusedRecords refused;
    private final long removeGraceMs;
    private final Clock clock;
    private final Map<Integer, String> winners = new HashMap<>();
    private final Map<Integer, Published> published = new TreeMap<>();
    private final Map<Integer, byte[]> newContents = new HashMap<>();
    /** The versions any accepted state record named active, ever active or activated at some time. */
    private final SortedSet<Integer> everActive = new TreeSet<>();
    /** When each retired version was retired, as the time of the first state record that showed it retired. */
    private final Map<Integer, Long> retiredSince = new HashMap<>();

    private StateRecord stateRecord = StateRecord.INITIAL;
    private long stateRecordOffset = -1;
    private int maxClaimed;
    private VersionTable table = VersionTable.EMPTY;
    /** The time of the record being applied: the broker's, or this reader's clock for a record without it. */
    private long recordTime;

    /**
     * @param refused where skipped records are counted and logged
     * @param removeGraceMs how long a once-active version must have been retired before a state record
     *     removes it ({@value KafkaRegistryConfig#REMOVE_GRACE_MS_CONFIG})
     * @param clock the clock the remove grace is measured by
     */
    RegistryLog(RefusedRecords refused, long removeGraceMs, Clock clock) {
        this.refused = refused;
        this.removeGraceMs = removeGraceMs;
        this.clock = clock;
    }

    /**
     * Seeds the log with the versions of this reader's local copy whose bytes it has checked, before any
     * record: each counts as a claim older than every record of the topic, so no record erases it (a claim
     * of its number with other bytes loses), and a record of the topic with the same bytes takes its place.
     * The state records decide their status, and a removal that the rules accept removes them.
     */
    void seed(Iterable<DictionaryInfo> verified) {
        for (DictionaryInfo info : verified) {
            int version = info.version();
            if (winners.containsKey(version)) {
                continue;
            }
            winners.put(version, LOCAL_COPY);
            maxClaimed = Math.max(maxClaimed, version);
            published.put(
                    version,
                    new Published(
                            facts(
                                    version,
                                    info.subject(),
                                    info.sha256(),
                                    info.size(),
                                    info.level(),
                                    info.createdAt(),
                                    info.metadata()),
                            -1));
        }
        rebuild();
    }

    /** Applies one record with no broker time: the remove grace is measured by this reader's clock. */
    boolean apply(long offset, String key, byte[] value) {
        return apply(offset, -1, key, value);
    }

    /**
     * Applies one record; returns whether the version table changed. Records the rules refuse are skipped.
     *
     * @param brokerTime when the broker appended the record (its timestamp where the topic's timestamps are
     *     {@code LogAppendTime}), or -1 if unknown: then this reader's clock stands in
     */
    boolean apply(long offset, long brokerTime, String key, byte[] value) {
        recordTime = brokerTime >= 0 ? brokerTime : clock.millis();
        if (value != null && value.length > RegistryRecords.MAX_VALUE_BYTES) {
            return refuse(RecordRefusal.TOO_LARGE, offset, key, value.length + " bytes");
        }
        if (RegistryKeys.STATE.equals(key)) {
            if (value == null) {
                return refuse(RecordRefusal.STATE_TOMBSTONE, offset, key, "a tombstone");
            }
            return applyState(offset, key, value);
        }
        int version = RegistryKeys.versionOf(key);
        if (version < 0) {
            return refuse(
                    RecordRefusal.UNKNOWN_KEY, offset, key, value == null ? "a tombstone" : value.length + " bytes");
        }
        return value == null ? applyTombstone(offset, key, version) : applyClaim(offset, key, version, value);
    }

    private boolean applyState(long offset, String key, byte[] value) {
        StateRecord next;
        try {
            next = RegistryRecords.readStateRecord(value);
        } catch (RegistryException e) {
            return refuse(RecordRefusal.UNREADABLE, offset, key, e.getMessage());
        }
        if (stateRecordOffset >= 0 && !stateRecord.isReplacedBy(next, stateRecordOffset)) {
            return false;
        }
        SortedSet<Integer> kept = new TreeSet<>();
        for (int version : next.removed()) {
            if (!stateRecord.removed().contains(version)
                    && published.containsKey(version)
                    && !removable(version)
                    && !(stateRecordOffset < 0 && LOCAL_COPY.equals(winners.get(version)))) {
                kept.add(version);
            }
        }
        if (!kept.isEmpty()) {
            refuse(RecordRefusal.EARLY_REMOVAL, offset, key, "it removes versions " + kept + ", which stay");
            next = StateTransition.withoutRemoval(next, kept, stateRecord, everActive);
        }
        stateRecord = next;
        stateRecordOffset = offset;
        everActive.addAll(next.everActive());
        everActive.addAll(next.activatedAt().keySet());
        everActive.addAll(next.activeBySubject().values());
        if (next.active() > 0) {
            everActive.add(next.active());
        }
        return rebuild();
    }

    /** Whether a state record may remove {@code version}, which this reader holds, from the state in force. */
    private boolean removable(int version) {
        DictionaryInfo info = table.versions().get(version);
        if (info == null || info.status() != DictionaryInfo.Status.RETIRED) {
            return false;
        }
        if (!everActive.contains(version)) {
            return true;
        }
        Long since = retiredSince.get(version);
        return since != null && recordTime - since >= removeGraceMs;
    }

    private boolean applyTombstone(long offset, String key, int version) {
        if (!key.equals(winners.get(version))) {
            return false; // a losing or skipped record's: it never counted
        }
        if (!stateRecord.removed().contains(version)) {
            return refuse(
                    RecordRefusal.EARLY_TOMBSTONE,
                    offset,
                    key,
                    "version " + version + " is not removed in the state in force; it stays");
        }
        published.remove(version);
        newContents.remove(version);
        return rebuild();
    }

    private boolean applyClaim(long offset, String key, int version, byte[] value) {
        DictionaryRecord record;
        try {
            record = RegistryRecords.readDictionaryRecord(value);
        } catch (RegistryException e) {
            return refuse(RecordRefusal.UNREADABLE, offset, key, e.getMessage());
        }
        if (record.version() != version) {
            return refuse(
                    RecordRefusal.UNREADABLE, offset, key, "it holds version " + record.version() + " under its key");
        }
        String sha256 = Dictionary.sha256(record.content());
        if (!sha256.equals(record.sha256())) {
            return refuse(
                    RecordRefusal.HASH_MISMATCH,
                    offset,
                    key,
                    "it states SHA-256 " + record.sha256() + ", its bytes have " + sha256);
        }
        if (LOCAL_COPY.equals(winners.get(version)) && published.containsKey(version)) {
            Published local = published.get(version);
            if (local.facts().sha256().equals(sha256)) {
                winners.put(version, key); // the topic holds it again: its record is where to read it from
                published.put(version, new Published(local.facts(), offset));
                return rebuild();
            }
            return refuse(
                    RecordRefusal.VERSION_TAKEN,
                    offset,
                    key,
                    "version " + version + " is in this reader's local copy with other bytes (SHA-256 "
                            + local.facts().sha256() + ")");
        }
        if (winners.containsKey(version)) {
            Published won = published.get(version);
            if (won != null && won.facts().sha256().equals(sha256)) {
                return false;
            }
            return refuse(
                    RecordRefusal.VERSION_TAKEN,
                    offset,
                    key,
                    "version " + version + " was won by " + winners.get(version) + " with other bytes");
        }
        winners.put(version, key);
        maxClaimed = Math.max(maxClaimed, version);
        DictionaryInfo facts = facts(
                version,
                record.subject(),
                record.sha256(),
                record.content().length,
                record.level(),
                record.createdAt(),
                record.metadata());
        published.put(version, new Published(facts, offset));
        newContents.put(version, record.content());
        return rebuild();
    }

    private static DictionaryInfo facts(
            int version,
            String subject,
            String sha256,
            int size,
            int level,
            Instant createdAt,
            Map<String, String> metadata) {
        return DictionaryInfo.builder(version)
                .subject(subject)
                .sha256(sha256)
                .size(size)
                .level(level)
                .createdAt(createdAt)
                .status(DictionaryInfo.Status.AVAILABLE)
                .metadata(metadata)
                .build();
    }

    private boolean refuse(RecordRefusal reason, long offset, String key, String detail) {
        refused.refused(reason, offset, key, detail);
        return false;
    }

    /** The key that won {@code version}, or null if nobody claimed it yet. */
    String winner(int version) {
        return winners.get(version);
    }

    /** Whether any state record this log accepted named {@code version} active, ever active or activated. */
    boolean wasActive(int version) {
        return everActive.contains(version);
    }

    /** The offset of the state record in force, -1 before the first. */
    long stateRecordOffset() {
        return stateRecordOffset;
    }

    /** The state record in force, without the removals this log refused (what writers compute from). */
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
            long offset = published.get(version).offset();
            if (offset >= 0) {
                offsets.put(version, offset);
            }
        }
        return offsets;
    }

    /** The versions this reader holds from its local copy only: the topic has no valid record of them. */
    SortedSet<Integer> localOnly() {
        SortedSet<Integer> local = new TreeSet<>();
        winners.forEach((version, key) -> {
            if (LOCAL_COPY.equals(key) && table.versions().containsKey(version)) {
                local.add(version);
            }
        });
        return local;
    }

    /**
     * When {@code version} was retired, by the time of the first state record that showed it retired (the
     * broker's, on a topic stamped by it), or null if it is not retired.
     */
    Long retiredSince(int version) {
        return retiredSince.get(version);
    }

    /**
     * The retired versions that were once active, each with the time from which a state record may remove
     * it: its retirement plus the remove grace. Until then it decodes whatever the records say.
     */
    Map<Integer, Long> pendingRemovals() {
        Map<Integer, Long> pending = new TreeMap<>();
        retiredSince.forEach((version, since) -> {
            if (everActive.contains(version)) {
                pending.put(version, since + removeGraceMs);
            }
        });
        return pending;
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
            DictionaryInfo.Status status = stateRecord.isActive(facts.subject(), facts.version())
                    ? DictionaryInfo.Status.ACTIVE
                    : stateRecord.retired().contains(facts.version())
                            ? DictionaryInfo.Status.RETIRED
                            : DictionaryInfo.Status.AVAILABLE;
            DictionaryInfo info = facts.withStatus(status);
            Long activatedAt = stateRecord.activatedAt().get(facts.version());
            if (activatedAt != null) {
                info = info.withActivatedAt(Instant.ofEpochMilli(activatedAt));
            }
            if (status == DictionaryInfo.Status.RETIRED) {
                retiredSince.putIfAbsent(facts.version(), recordTime);
                Long retiredAt = stateRecord.retiredAt().get(facts.version());
                if (retiredAt != null) {
                    info = info.withRetiredAt(
                            Instant.ofEpochMilli(retiredAt)); // as recorded; the grace runs on retiredSince
                }
            }
            infos.put(facts.version(), info);
        }
        retiredSince
                .keySet()
                .removeIf(v -> !infos.containsKey(v) || infos.get(v).status() != DictionaryInfo.Status.RETIRED);
        table = new VersionTable(next, infos);
        return true;
    }
}
