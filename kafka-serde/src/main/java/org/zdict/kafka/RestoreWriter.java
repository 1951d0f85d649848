package org.zdict.kafka;

import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.zdict.RegistryException;
import org.zdict.internal.RegistryBackup;
import org.zdict.kafka.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.RegistryRecords.StateRecord;
import org.zdict.registry.DictionaryInfo;

/**
 * Restores a backup into a registry topic with its version numbers: a {@code dict/N/WRITER} record for
 * each version the topic does not hold yet, each claim read back to check that it won, then one {@code
 * state} record ({@link StateTransition#restored}) that gives the statuses, active versions, times and next
 * number, by compare-and-publish on the state record in force. The state record comes last, so a restore
 * cut short leaves only available versions, which a repeated restore completes. Callers write one at a time.
 */
final class RestoreWriter {
    private final String where;
    private final RegistryTopic topic;
    private final RegistryFollower follower;
    private final long timeoutMs;
    private final Clock clock;

    RestoreWriter(String where, RegistryTopic topic, RegistryFollower follower, long timeoutMs, Clock clock) {
        this.where = where;
        this.topic = topic;
        this.follower = follower;
        this.timeoutMs = timeoutMs;
        this.clock = clock;
    }

    /**
     * Writes {@code backup} into the topic, which must be empty or hold a restore of it cut short.
     *
     * @throws RegistryException naming the registry if it holds other versions (nothing written), or if
     *     another writer claims a number or changes the state meanwhile
     */
    void restore(RegistryBackup backup) {
        follower.awaitPosition(topic.endOffset(), timeoutMs);
        // Versions held from a local copy only are claimed again: the topic must hold their records.
        List<Integer> missing = follower.read(log -> {
            java.util.SortedSet<Integer> claim = new java.util.TreeSet<>(backup.missingFrom(log.table(), where));
            log.localOnly().stream()
                    .filter(backup.table().versions()::containsKey)
                    .forEach(claim::add);
            return List.copyOf(claim);
        });
        for (int version : missing) {
            claim(version, backup);
        }
        // Checked again as the topic is now: another publisher may have claimed a higher number meanwhile.
        long basedOn = follower.read(log -> {
            backup.missingFrom(log.table(), where);
            return log.stateRecordOffset();
        });
        StateRecord state = StateTransition.restored(backup.table(), basedOn, clock.millis());
        long offset = topic.send(RegistryKeys.STATE, RegistryRecords.write(state));
        follower.awaitPosition(offset + 1, timeoutMs);
        if (follower.read(RegistryLog::stateRecordOffset) != offset) {
            throw new RegistryException("Another writer changed the state of " + where + " during the restore;"
                    + " its dictionaries are written, none is active. Stop every other writer of the registry"
                    + " and run the restore again");
        }
    }

    private void claim(int version, RegistryBackup backup) {
        DictionaryInfo info = backup.table().versions().get(version);
        String key = RegistryKeys.dictionary(version, UUID.randomUUID().toString());
        DictionaryRecord record = DictionaryRecord.of(info, backup.content(version));
        long offset = topic.send(key, RegistryRecords.write(record));
        follower.awaitPosition(offset + 1, timeoutMs);
        if (!key.equals(follower.read(log -> log.winner(version)))) {
            throw new RegistryException("Version " + version + " in " + where + " was claimed by another writer"
                    + " during the restore; no version was made active. Stop every publisher of the registry and"
                    + " restore into a new, empty topic");
        }
    }
}
