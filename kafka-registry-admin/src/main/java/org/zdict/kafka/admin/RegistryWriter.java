package org.zdict.kafka.admin;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedSet;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryChanges;
import org.zdict.kafka.internal.RegistryState;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.RegistryBackup;
import org.zdict.registry.support.VersionTable;

/**
 * The write side of one Kafka registry client: publishing ({@link VersionPublisher}), state changes
 * ({@link LifecycleWriter}), restore ({@link RestoreWriter}), purge ({@link RegistryPurge}), creating the
 * topic and making it durable ({@link TopicWriter}). One change at a time per registry client, and none
 * while the topic cannot be read or lacks versions this client holds from its local copy: a version
 * published or activated then could not be decoded by a client that reads only the topic.
 */
final class RegistryWriter implements RegistryChanges {
    private final RegistryAccess access;
    private final TopicWriter topic;
    private final VersionPublisher publisher;
    private final LifecycleWriter lifecycle;

    RegistryWriter(RegistryAccess access) {
        this.access = access;
        this.topic = new TopicWriter(access);
        this.publisher = new VersionPublisher(access, topic);
        this.lifecycle = new LifecycleWriter(access, topic);
    }

    @Override
    public synchronized void ensureTopic() {
        topic.ensureExists();
    }

    @Override
    public synchronized DictionaryInfo publish(
            String subject, byte[] content, int level, Map<String, String> metadata) {
        VersionTable.checkPublishable(subject, content, level, metadata);
        byte[] copy = content.clone();
        checkWritable();
        return publisher.publish(subject, copy, level, metadata == null ? Map.of() : metadata);
    }

    @Override
    public synchronized void activate(int version) {
        checkWritable();
        lifecycle.activate(version);
    }

    @Override
    public synchronized void activate(int version, OptionalInt expectedActive) {
        checkWritable();
        lifecycle.activate(version, expectedActive);
    }

    @Override
    public synchronized void activateSet(
            DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        checkWritable();
        lifecycle.activateSet(set, expectedActive, expectedSet);
    }

    @Override
    public synchronized void activateSet(DictionarySet set) {
        checkWritable();
        lifecycle.activateSet(set);
    }

    @Override
    public synchronized void retire(int version) {
        checkWritable();
        lifecycle.retire(version);
    }

    @Override
    public synchronized void remove(int version) {
        checkWritable();
        lifecycle.remove(version);
    }

    @Override
    public synchronized Map<String, String> makeTopicDurable() {
        return topic.alterConfig(RegistryTopicSettings.DURABLE);
    }

    @Override
    public synchronized String purge() {
        checkWritable();
        RegistryPurge.Result result = new RegistryPurge(access, topic).purge();
        return "Deleted " + result.deletedRecords() + " records from " + access.where()
                + "; the bytes of removed versions " + result.purgedVersions() + " are gone from the topic";
    }

    @Override
    public synchronized void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        RegistryBackup backup = RegistryBackup.of(versions, nextVersion, sets);
        new RestoreWriter(access, topic).restore(backup);
    }

    @Override
    public void close() {
        topic.close();
    }

    /**
     * Refuses a change while the topic cannot be read or lacks the records of versions this client holds
     * from its local copy.
     */
    private void checkWritable() {
        String where = access.where();
        if (access.topicUnavailable()) {
            throw new RegistryException("Refusing to change " + where + ": its topic cannot be read, and this"
                    + " client serves the versions of its local copy in " + access.cacheDir() + ". Restore the"
                    + " topic first (docs/REGISTRY.md: zdict registry import)");
        }
        access.awaitPosition(access.endOffset()); // versions seeded from the local copy are read first
        SortedSet<Integer> localOnly = access.read(RegistryState::localOnly);
        if (!localOnly.isEmpty()) {
            throw new RegistryException("Refusing to change " + where + ": its topic holds no valid record of"
                    + " versions " + localOnly + ", which this client still holds in its local copy in "
                    + access.cacheDir() + "; publish them again first (zdict registry export --all, then zdict"
                    + " registry import; docs/REGISTRY.md)");
        }
    }
}
