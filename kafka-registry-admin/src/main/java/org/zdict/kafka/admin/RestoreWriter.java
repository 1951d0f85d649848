package org.zdict.kafka.admin;

import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.RegistryBackup;

/**
 * Restores a backup into a registry topic with its version numbers: a {@code dict/N/WRITER} record for
 * each version the topic does not hold yet, each claim read back to check that it won, then one {@code
 * state} record ({@link StateTransition#restored}) that gives the statuses, active versions, times and next
 * number, by compare-and-publish on the state record in force. The state record comes last, so a restore
 * cut short leaves only available versions, which a repeated restore completes. Callers write one at a time.
 */
final class RestoreWriter {
    private final RegistryAccess access;
    private final TopicWriter topic;
    private final String where;
    private final Clock clock;

    RestoreWriter(RegistryAccess access, TopicWriter topic) {
        this.access = access;
        this.topic = topic;
        this.where = access.where();
        this.clock = access.clock();
    }

    /**
     * Writes {@code backup} into the topic, which must be empty or hold a restore of it cut short.
     *
     * @throws RegistryException naming the registry if it holds other versions (nothing written), or if
     *     another writer claims a number or changes the state meanwhile
     */
    void restore(RegistryBackup backup) {
        access.awaitPosition(access.endOffset());
        // Versions held from a local copy only are claimed again: the topic must hold their records.
        List<Integer> missing = access.read(log -> {
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
        long basedOn = access.read(log -> {
            backup.missingFrom(log.table(), where);
            return log.stateRecordOffset();
        });
        StateRecord state = StateTransition.restored(backup.table(), basedOn, clock.millis());
        long offset = topic.send(RegistryKeys.STATE, RegistryRecords.write(state));
        access.awaitPosition(offset + 1);
        if (access.read(RegistryState::stateRecordOffset) != offset) {
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
        access.awaitPosition(offset + 1);
        if (!key.equals(access.read(log -> log.winner(version)))) {
            throw new RegistryException("Version " + version + " in " + where + " was claimed by another writer"
                    + " during the restore; no version was made active. Stop every publisher of the registry and"
                    + " restore into a new, empty topic");
        }
    }
}
