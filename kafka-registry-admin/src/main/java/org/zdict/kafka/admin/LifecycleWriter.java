package org.zdict.kafka.admin;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import org.zdict.RegistryException;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.VersionTable;

/**
 * Activates, retires and removes versions, and activates dictionary sets, by compare-and-publish on the {@code state} record: the new
 * record names the offset of the state record it was computed from, readers ignore it if that is no
 * longer the state record in force (see docs/REGISTRY.md section 5), and its writer then re-reads and retries.
 * The lifecycle rules are those of {@link VersionTable}; on top of them, a version that was ever active
 * can be removed only once it has been retired for the remove grace. Callers write one at a time.
 */
final class LifecycleWriter {
    static final int MAX_ATTEMPTS = 10;

    private final RegistryAccess access;
    private final TopicWriter topic;
    private final String where;
    private final long removeGraceMs;
    private final Clock clock;

    /** What a change is computed from: the version table, and the state record in force and its offset. */
    private record Base(VersionTable table, StateRecord stateRecord, long offset) {}

    LifecycleWriter(RegistryAccess access, TopicWriter topic) {
        this.access = access;
        this.topic = topic;
        this.where = access.where();
        this.removeGraceMs = access.removeGraceMs();
        this.clock = access.clock();
    }

    void activate(int version) {
        change(table -> table.withActive(version, where, clock.instant()));
    }

    /** Activates only if the subject's active version is {@code expected} in the state each attempt starts from. */
    void activate(int version, OptionalInt expected) {
        change(table -> table.withActive(version, expected, where, clock.instant()));
    }

    /**
     * Makes {@code set} its subject's active state in one state record (the fallback active, the rule and
     * members in {@code setsBySubject}), only if the subject's active version and set are the expected ones
     * in the state each attempt starts from.
     */
    void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        change(table -> table.withSet(set, expectedActive, expectedSet, where, clock.instant()));
    }

    /** Makes {@code set} its subject's active state whatever that state is when each attempt starts. */
    void activateSet(DictionarySet set) {
        change(table -> {
            String subject = table.require(set.fallback(), where).subject();
            return table.withSet(set, table.activeVersion(subject), table.set(subject), where, clock.instant());
        });
    }

    void retire(int version) {
        change(table -> table.withRetired(version, where, clock.instant()));
    }

    /**
     * Removes {@code version} by a state record; its number is never reused. Its dictionary record stays in
     * the append-only topic until {@code zdict registry purge} rewrites it (docs/REGISTRY.md). Readers
     * apply a removal only of a version retired in the state before it (docs/REGISTRY.md section 5), so a version
     * not retired yet is first retired by a state record of its own.
     */
    void remove(int version) {
        boolean retired =
                access.read(log -> log.table().require(version, where).status() == DictionaryInfo.Status.RETIRED);
        if (!retired) {
            change(table -> {
                checkRemovable(version);
                table.withRemoved(version, where); // refuses the active version, with remove's message
                return table.withRetired(version, where, clock.instant());
            });
        }
        change(table -> {
            checkRemovable(version);
            return table.withRemoved(version, where);
        });
        if (access.read(log -> log.table().versions().containsKey(version))) {
            throw new RegistryException("Version " + version + " of " + where + " is still there after its removal"
                    + " was written: this client's reader did not apply it (see docs/SECURITY.md); its record is"
                    + " kept");
        }
    }

    /**
     * Refuses, with the reason, a removal that readers would not apply: the rule of docs/REGISTRY.md section 5
     * (early-removal), checked here first so that the caller gets a clear message.
     */
    private void checkRemovable(int version) {
        VersionTable table = access.read(RegistryState::table);
        DictionaryInfo info = table.require(version, where);
        if (!access.read(log -> log.wasActive(version)) || info.status() == DictionaryInfo.Status.ACTIVE) {
            return;
        }
        Long retiredAt = access.read(log -> log.retiredSince(version));
        if (info.status() != DictionaryInfo.Status.RETIRED || retiredAt == null) {
            throw new RegistryException("Cannot remove version " + version + " in " + where
                    + ": it has been active, so records may use it; retire it first, then remove it once records"
                    + " written with it have left every topic's retention");
        }
        long age = clock.millis() - retiredAt;
        if (age < removeGraceMs) {
            throw new RegistryException("Cannot remove version " + version + " in " + where + ": it was retired "
                    + Instant.ofEpochMilli(retiredAt) + ", " + age / 1000 + " s ago, less than the "
                    + removeGraceMs / 1000 + " s grace (" + KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG
                    + ", by default Kafka's default retention of 7 days); records inside a topic's retention may"
                    + " still use it");
        }
    }

    private void change(UnaryOperator<VersionTable> change) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            access.awaitPosition(access.endOffset());
            Base before = access.read(log -> new Base(log.table(), log.stateRecord(), log.stateRecordOffset()));
            VersionTable after = change.apply(before.table());
            StateRecord next =
                    StateTransition.next(before.stateRecord(), before.table(), after, before.offset(), clock.millis());
            long offset = topic.send(RegistryKeys.STATE, RegistryRecords.write(next));
            access.awaitPosition(offset + 1);
            if (access.read(RegistryState::stateRecordOffset) == offset) {
                return;
            }
        }
        throw new RegistryException("Could not change the state of " + where + " after " + MAX_ATTEMPTS
                + " attempts: too many concurrent writers");
    }
}
