package org.zdict.kafka.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.kafka.common.config.TopicConfig;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

/**
 * Rewrites a registry topic down to what is in force, the one path that deletes dictionary bytes
 * (docs/REGISTRY.md): appends again the record of every version the registry holds (same key, same bytes)
 * and then the state record in force, and deletes every record before them with Kafka's deleteRecords. So
 * the records of removed versions, lost claims, garbage and tombstones go; readers following the topic see
 * claims of the bytes they hold and a state record they already applied, so nothing changes for them, and
 * a reader that starts afterwards reads the same table (its graces run again from the purge). Callers write
 * one at a time.
 */
final class RegistryPurge {
    /** What a purge did: the versions whose bytes left the topic and the records it deleted. */
    record Result(SortedSet<Integer> purgedVersions, long deletedRecords) {}

    private final RegistryAccess access;
    private final TopicWriter topic;
    private final String where;

    RegistryPurge(RegistryAccess access, TopicWriter topic) {
        this.access = access;
        this.topic = topic;
        this.where = access.where();
    }

    Result purge() {
        String policy = topic.config().get(TopicConfig.CLEANUP_POLICY_CONFIG);
        if (policy == null || !policy.contains(TopicConfig.CLEANUP_POLICY_DELETE)) {
            throw new RegistryException("Cannot purge " + where + ": its topic has cleanup.policy=" + policy
                    + ", and Kafka deletes records only from a topic whose policy includes delete. Make it"
                    + " append-only first: zdict registry migrate");
        }
        access.awaitPosition(access.endOffset());
        VersionTable table = access.read(RegistryState::table);
        StateRecord state = access.read(RegistryState::stateRecord);
        long stateOffset = access.read(RegistryState::stateRecordOffset);
        List<Integer> versions = new ArrayList<>(table.versions().keySet());
        List<String> keys = new ArrayList<>();
        for (int version : versions) {
            keys.add(access.read(log -> log.winner(version)));
        }
        SortedSet<Integer> purged = new TreeSet<>(state.removed());
        long first = -1;
        long last = -1;
        for (int i = 0; i < versions.size(); i++) {
            DictionaryInfo info = table.versions().get(versions.get(i));
            last = topic.send(keys.get(i), RegistryRecords.write(DictionaryRecord.of(info, access.content(info))));
            first = first < 0 ? last : first;
        }
        if (stateOffset >= 0) { // a topic with no state record yet has none to keep
            last = topic.send(RegistryKeys.STATE, RegistryRecords.write(state));
            first = first < 0 ? last : first;
        }
        if (first < 0) {
            return new Result(purged, 0); // an empty topic: nothing to keep, nothing to delete
        }
        access.awaitPosition(last + 1);
        if (access.read(RegistryState::stateRecordOffset) != stateOffset) {
            throw new RegistryException("Another writer changed the state of " + where + " during the purge;"
                    + " nothing was deleted. Stop every other writer of the registry and purge again");
        }
        long start = topic.startOffset();
        topic.deleteRecordsBefore(first);
        return new Result(purged, first - start);
    }
}
