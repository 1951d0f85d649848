package org.zdict.kafka;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SortedSet;
import org.zdict.RegistryException;
import org.zdict.internal.RegistryBackup;
import org.zdict.internal.VersionTable;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * The write side of a {@link KafkaDictionaryRegistry}: publishing ({@link VersionPublisher}), state changes
 * ({@link LifecycleWriter}), restore ({@link RestoreWriter}), purge ({@link RegistryPurge}) and making the
 * topic durable. One change at a time per registry client, and none while the topic cannot be read or
 * lacks versions this client holds from its local copy: a version published or activated then could not
 * be decoded by a client that reads only the topic. The caller checks that the registry is open.
 */
final class RegistryWriter {
    private final String where;
    private final RegistryTopic topic;
    private final RegistryFollower follower;
    private final RegistryCache cache;
    private final long timeoutMs;
    private final Clock clock;
    private final VersionPublisher publisher;
    private final LifecycleWriter lifecycle;

    RegistryWriter(
            String where,
            RegistryTopic topic,
            RegistryFollower follower,
            RegistryCache cache,
            KafkaRegistryConfig config,
            Clock clock) {
        this.where = where;
        this.topic = topic;
        this.follower = follower;
        this.cache = cache;
        this.timeoutMs = config.initTimeoutMs();
        this.clock = clock;
        this.publisher = new VersionPublisher(where, topic, follower, timeoutMs, clock);
        this.lifecycle = new LifecycleWriter(where, topic, follower, timeoutMs, config.removeGraceMs(), clock);
    }

    synchronized DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
        VersionTable.checkPublishable(subject, content, level, metadata);
        byte[] copy = content.clone();
        checkWritable();
        return publisher.publish(subject, copy, level, metadata == null ? Map.of() : metadata);
    }

    synchronized void activate(int version) {
        checkWritable();
        lifecycle.activate(version);
    }

    synchronized void activate(int version, OptionalInt expectedActive) {
        checkWritable();
        lifecycle.activate(version, expectedActive);
    }

    synchronized void retire(int version) {
        checkWritable();
        lifecycle.retire(version);
    }

    synchronized void remove(int version) {
        checkWritable();
        lifecycle.remove(version);
    }

    synchronized Map<String, String> makeTopicDurable() {
        return topic.alterConfig(RegistryTopicSettings.DURABLE);
    }

    synchronized RegistryPurge.Result purge() {
        checkWritable();
        return new RegistryPurge(where, topic, follower, cache, timeoutMs).purge();
    }

    synchronized void restore(List<Dictionary> versions, int nextVersion) {
        RegistryBackup backup = RegistryBackup.of(versions, nextVersion);
        new RestoreWriter(where, topic, follower, timeoutMs, clock).restore(backup);
    }

    /**
     * Refuses a change while the topic cannot be read or lacks the records of versions this client holds
     * from its local copy.
     */
    private void checkWritable() {
        if (follower.health().isTopicUnavailable()) {
            throw new RegistryException("Refusing to change " + where + ": its topic cannot be read, and this"
                    + " client serves the versions of its local copy in " + cache.dir() + ". Restore the topic"
                    + " first (docs/REGISTRY.md: zdict registry import)");
        }
        follower.awaitPosition(topic.endOffset(), timeoutMs); // versions seeded from the local copy are read first
        SortedSet<Integer> localOnly = follower.read(RegistryLog::localOnly);
        if (!localOnly.isEmpty()) {
            throw new RegistryException("Refusing to change " + where + ": its topic holds no valid record of"
                    + " versions " + localOnly + ", which this client still holds in its local copy in "
                    + cache.dir() + "; publish them again first (zdict registry export --all, then zdict registry"
                    + " import; docs/REGISTRY.md)");
        }
    }
}
