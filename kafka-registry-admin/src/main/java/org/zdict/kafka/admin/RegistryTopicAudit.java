package org.zdict.kafka.admin;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.Dictionary;

/**
 * What a registry topic holds, record by record from its first offset: for {@code zdict registry check}.
 * It keeps each version's winning claim by the rule every reader follows (docs/REGISTRY.md section 5): the valid
 * {@code dict/N/WRITER} record with the lowest offset whose bytes have the SHA-256 it states. It follows
 * the state record in force (the first readable one, then each that replaces it), and finds what a
 * reader cannot recover: a number the registry gave out and never removed whose record is not in the
 * topic, and a winning record with a later record under its key, which compaction would erase. It keeps
 * no dictionary bytes. Not thread-safe. Public for the {@code zdict} command only: not among the API classes
 * docs/COMPATIBILITY.md promises.
 */
public final class RegistryTopicAudit {
    /**
     * The winning record of one version.
     *
     * @param key the record's key, {@code dict/N/WRITER}
     * @param offset the record's offset
     * @param overwrittenAt the offset of the first later record under the same key (a tombstone or any
     *     value), -1 when there is none
     */
    public record Claim(int version, String subject, String sha256, String key, long offset, long overwrittenAt) {}

    private final SortedMap<Integer, Claim> claims = new TreeMap<>();
    private final Map<String, Integer> versionByKey = new HashMap<>();
    private final SortedMap<String, Long> skipped = new TreeMap<>();
    private StateRecord state = StateRecord.INITIAL;
    private long stateOffset = -1;
    private long records;

    /** Applies the record at {@code offset} ({@code value} null for a tombstone). */
    public void apply(long offset, String key, byte[] value) {
        records++;
        Integer overwritten = key == null ? null : versionByKey.get(key);
        if (overwritten != null) {
            Claim claim = claims.get(overwritten);
            if (claim.overwrittenAt() < 0) {
                claims.put(
                        overwritten,
                        new Claim(
                                claim.version(), claim.subject(), claim.sha256(), claim.key(), claim.offset(), offset));
            }
        }
        if (value != null && value.length > RegistryRecords.MAX_VALUE_BYTES) {
            skip(RecordRefusal.TOO_LARGE);
        } else if (RegistryKeys.STATE.equals(key)) {
            applyState(offset, value);
        } else if (RegistryKeys.versionOf(key) < 0) {
            skip(RecordRefusal.UNKNOWN_KEY);
        } else if (value != null) {
            applyClaim(offset, key, RegistryKeys.versionOf(key), value);
        }
    }

    private void applyState(long offset, byte[] value) {
        if (value == null) {
            skip(RecordRefusal.STATE_TOMBSTONE);
            return;
        }
        StateRecord next;
        try {
            next = RegistryRecords.readStateRecord(value);
        } catch (RegistryException e) {
            skip(RecordRefusal.UNREADABLE);
            return;
        }
        if (stateOffset < 0 || state.isReplacedBy(next, stateOffset)) {
            state = next;
            stateOffset = offset;
        }
    }

    private void applyClaim(long offset, String key, int version, byte[] value) {
        DictionaryRecord record;
        try {
            record = RegistryRecords.readDictionaryRecord(value);
        } catch (RegistryException e) {
            skip(RecordRefusal.UNREADABLE);
            return;
        }
        if (record.version() != version) {
            skip(RecordRefusal.UNREADABLE);
        } else if (!Dictionary.sha256(record.content()).equals(record.sha256())) {
            skip(RecordRefusal.HASH_MISMATCH);
        } else if (claims.containsKey(version)) {
            if (!claims.get(version).sha256().equals(record.sha256())) {
                skip(RecordRefusal.VERSION_TAKEN);
            }
        } else {
            claims.put(version, new Claim(version, record.subject(), record.sha256(), key, offset, -1));
            versionByKey.put(key, version);
        }
    }

    private void skip(RecordRefusal reason) {
        skipped.merge(reason.tag(), 1L, Long::sum);
    }

    /** {@return how many records were applied} */
    public long records() {
        return records;
    }

    /** {@return the winning claim of each version, removed versions included} */
    public SortedMap<Integer, Claim> claims() {
        return Collections.unmodifiableSortedMap(claims);
    }

    /** {@return the versions the state in force removes} */
    public SortedSet<Integer> removed() {
        return state.removed();
    }

    /** {@return the offset of the state record in force, -1 when the topic has none} */
    public long stateOffset() {
        return stateOffset;
    }

    /**
     * The numbers the registry gave out and never removed that have no winning record: each below the
     * state's next number, or below a number claimed or named by the state, that the state does not
     * remove. A reader that has not stored such a version's bytes cannot decode payloads written with it.
     */
    public SortedSet<Integer> missing() {
        int highest = Math.max(state.nextVersion() - 1, claims.isEmpty() ? 0 : claims.lastKey());
        for (int named : named()) {
            highest = Math.max(highest, named);
        }
        SortedSet<Integer> missing = new TreeSet<>();
        for (int version = 1; version <= highest; version++) {
            if (!claims.containsKey(version) && !state.removed().contains(version)) {
                missing.add(version);
            }
        }
        return missing;
    }

    /**
     * How the state in force names {@code version}: {@code "active"}, {@code "retired"}, {@code "once
     * active"}, or {@code "available"} when it does not name it (a version published and never activated).
     */
    public String status(int version) {
        if (state.active() == version || state.activeBySubject().containsValue(version)) {
            return "active";
        }
        if (state.retired().contains(version)) {
            return "retired";
        }
        if (state.everActive().contains(version) || state.activatedAt().containsKey(version)) {
            return "once active";
        }
        return "available";
    }

    /** {@return the number of records skipped, by the {@code reason} tag readers count them under} */
    public SortedMap<String, Long> skipped() {
        return Collections.unmodifiableSortedMap(skipped);
    }

    private SortedSet<Integer> named() {
        SortedSet<Integer> named = new TreeSet<>(state.retired());
        named.addAll(state.everActive());
        named.addAll(state.activeBySubject().values());
        named.addAll(state.activatedAt().keySet());
        named.addAll(state.retiredAt().keySet());
        if (state.active() > 0) {
            named.add(state.active());
        }
        return named;
    }
}
