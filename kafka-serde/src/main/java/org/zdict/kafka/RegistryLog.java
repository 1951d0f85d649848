package org.zdict.kafka;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

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
 * <p>Which record claims each version is {@link VersionClaims}' part. Every record the rules refuse is skipped, counted and logged by reason ({@link RecordRefusal}, {@link
 * RefusedRecords}): none stops a reader or changes a decoded byte.
 */
final class RegistryLog implements RegistryState {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RegistryLog.class);

    private final RefusedRecords refused;
    private final long removeGraceMs;
    private final Clock clock;
    private final VersionClaims claims;
    /** The versions any accepted state record named active, ever active or activated at some time. */
    private final SortedSet<Integer> everActive = new TreeSet<>();
    /** When each retired version was retired, as the time of the first state record that showed it retired. */
    private final Map<Integer, Long> retiredSince = new HashMap<>();

    private StateRecord stateRecord = StateRecord.INITIAL;
    private long stateRecordOffset = -1;
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
        this.claims = new VersionClaims(refused);
    }

    /**
     * Seeds the log with the versions of this reader's local copy whose bytes it has checked, before any
     * record: each counts as a claim older than every record of the topic, so no record erases it (a claim
     * of its number with other bytes loses), and a record of the topic with the same bytes takes its place.
     * The state records decide their status, and a removal that the rules accept removes them.
     */
    void seed(Iterable<DictionaryInfo> verified) {
        claims.seed(verified);
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
        if (value == null) {
            return applyTombstone(offset, key, version);
        }
        return claims.claim(offset, key, version, value) && rebuild();
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
                    && claims.holds(version)
                    && !removable(version)
                    && !(stateRecordOffset < 0 && claims.fromLocalCopy(version))) {
                kept.add(version);
            }
        }
        if (!kept.isEmpty()) {
            next = StateTransition.withoutRemoval(next, kept, stateRecord, everActive);
        }
        if (!next.sets().isEmpty()) {
            try {
                tableFor(next);
            } catch (RegistryException e) {
                return refuse(RecordRefusal.UNREADABLE, offset, key, e.getMessage());
            }
        }
        if (!kept.isEmpty()) {
            refuse(RecordRefusal.EARLY_REMOVAL, offset, key, "it removes versions " + kept + ", which stay");
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
        if (!key.equals(claims.winner(version))) {
            return false; // a losing or skipped record's: it never counted
        }
        if (!stateRecord.removed().contains(version)) {
            return refuse(
                    RecordRefusal.EARLY_TOMBSTONE,
                    offset,
                    key,
                    "version " + version + " is not removed in the state in force; it stays");
        }
        claims.drop(version);
        return rebuild();
    }

    private boolean refuse(RecordRefusal reason, long offset, String key, String detail) {
        refused.refused(reason, offset, key, detail);
        return false;
    }

    /** The key that won {@code version}, or null if nobody claimed it yet. */
    @Override
    public String winner(int version) {
        return claims.winner(version);
    }

    /** Whether any state record this log accepted named {@code version} active, ever active or activated. */
    @Override
    public boolean wasActive(int version) {
        return everActive.contains(version);
    }

    /** The offset of the state record in force, -1 before the first. */
    @Override
    public long stateRecordOffset() {
        return stateRecordOffset;
    }

    /** The state record in force, without the removals this log refused (what writers compute from). */
    @Override
    public StateRecord stateRecord() {
        return stateRecord;
    }

    /** The versions the records so far give, with their status. */
    @Override
    public VersionTable table() {
        return table;
    }

    /** The bytes of the versions won since the last call ({@link VersionClaims#takeNewContents}). */
    Map<Integer, byte[]> takeNewContents() {
        return claims.takeNewContents();
    }

    /** The offset of the record of each version in the table. */
    Map<Integer, Long> offsets() {
        return claims.offsets(table.versions().keySet());
    }

    /** The versions this reader holds from its local copy only: the topic has no valid record of them. */
    @Override
    public SortedSet<Integer> localOnly() {
        return claims.localOnly(table.versions().keySet());
    }

    /**
     * When {@code version} was retired, by the time of the first state record that showed it retired (the
     * broker's, on a topic stamped by it), or null if it is not retired.
     */
    @Override
    public Long retiredSince(int version) {
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
        try {
            table = tableFor(stateRecord);
        } catch (RegistryException e) {
            // Only a claim applied after the state record can get here (the state record's sets were
            // checked when it was accepted): the subjects route every event to their fallback instead.
            LOG.warn(
                    "The dictionary sets of the state in force no longer fit the versions held ({}); every"
                            + " event is written with its subject's active version",
                    e.getMessage());
            table = tableFor(stateRecord.withoutSets());
        }
        for (DictionaryInfo info : table.versions().values()) {
            if (info.status() == DictionaryInfo.Status.RETIRED) {
                retiredSince.putIfAbsent(info.version(), recordTime);
            }
        }
        retiredSince
                .keySet()
                .removeIf(v -> !table.versions().containsKey(v)
                        || table.versions().get(v).status() != DictionaryInfo.Status.RETIRED);
        return true;
    }

    /**
     * The table that {@code state} gives with the versions claimed so far.
     *
     * @throws RegistryException if a dictionary set of {@code state} breaks the rules of docs/FORMAT.md
     *     against that table (a member not held, retired or of another subject; a fallback not held)
     */
    private VersionTable tableFor(StateRecord state) {
        int next = Math.max(state.nextVersion(), claims.maxClaimed() + 1);
        if (!state.removed().isEmpty()) {
            next = Math.max(next, state.removed().last() + 1);
        }
        TreeMap<Integer, DictionaryInfo> infos = new TreeMap<>();
        for (DictionaryInfo facts : claims.facts()) {
            if (state.removed().contains(facts.version())) {
                continue;
            }
            DictionaryInfo.Status status = state.isActive(facts.subject(), facts.version())
                    ? DictionaryInfo.Status.ACTIVE
                    : state.retired().contains(facts.version())
                            ? DictionaryInfo.Status.RETIRED
                            : DictionaryInfo.Status.AVAILABLE;
            DictionaryInfo info = facts.withStatus(status);
            Long activatedAt = state.activatedAt().get(facts.version());
            if (activatedAt != null) {
                info = info.withActivatedAt(Instant.ofEpochMilli(activatedAt));
            }
            if (status == DictionaryInfo.Status.RETIRED) {
                Long retiredAt = state.retiredAt().get(facts.version());
                if (retiredAt != null) {
                    info = info.withRetiredAt(
                            Instant.ofEpochMilli(retiredAt)); // as recorded; the grace runs on retiredSince
                }
            }
            infos.put(facts.version(), info);
        }
        return new VersionTable(next, infos, state.sets());
    }
}
