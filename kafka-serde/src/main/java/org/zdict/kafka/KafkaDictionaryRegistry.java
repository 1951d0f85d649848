package org.zdict.kafka;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.kafka.clients.CommonClientConfigs;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RegistryChanges;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * A registry kept in a single-partition Kafka topic, which only publishers create ({@link #open}); readers
 * open an existing one ({@link #openExisting}) and refuse a missing one. Every instance
 * reads the topic from the start, then follows it on a background thread, so a version published once
 * reaches every producer and consumer without a restart. A local copy on disk (the directory-registry
 * layout) lets a restarted client decode while the topic is unavailable, and is where the dictionaries'
 * bytes stay: they are streamed to it as the topic is read and read back when a version is digested,
 * so the heap holds each version's facts, not its bytes.
 *
 * <p>This module reads. Changes (publishing, the lifecycle, restore, purge, creating the topic) are the
 * write side's, in {@code org.zdict:zdict-kafka-registry-admin}, found on the class path through {@link
 * java.util.ServiceLoader}; without it every change throws {@link UnsupportedOperationException} naming
 * that artifact, and nothing is written. With it, version numbers stay unique with concurrent publishers
 * (the first claim of a number wins), and state changes are compare-and-publish on the whole {@code state}
 * record, so a change to one subject made from a state that another subject's change has since replaced is
 * retried from the newer state, never overwriting it. Records that others write to the topic are read by
 * the rules of {@link RegistryLog} (docs/SECURITY.md). Settings: {@link KafkaRegistryConfig}.
 */
public final class KafkaDictionaryRegistry implements DictionaryRegistry {
    private final String bootstrapServers;
    private final long timeoutMs;
    private final RegistryCache cache;
    private final RegistryTopic topic;
    private final RegistryFollower follower;
    private final RegistryChanges changes;
    private final VerifiedDictionaries dictionaries;
    private volatile boolean closed;

    /**
     * Opens the registry in {@code topic} on the cluster at {@code bootstrapServers}, creating the topic
     * (compacted, one partition) if missing, and returns once it has read the topic to its end. For
     * publishers, with {@code org.zdict:zdict-kafka-registry-admin} on the class path; readers call {@link
     * #openExisting}. If the cluster cannot be reached in time it serves the local copy, if there is one.
     *
     * @param bootstrapServers the cluster, {@code HOST:PORT[,HOST:PORT...]}
     * @param topic the registry topic
     * @param settings the registry's settings ({@link KafkaRegistryConfig}) and its Kafka clients' (TLS,
     *     SASL and the like); may be empty
     * @return the registry, open and following the topic; close it to stop its background consumer
     * @throws org.apache.kafka.common.config.ConfigException if a setting has a bad value
     * @throws RegistryException if the topic cannot be read in time and there is no local copy, or if
     *     the topic has more than one partition
     * @throws UnsupportedOperationException naming the artifact if the write side is not on the class path
     */
    public static KafkaDictionaryRegistry open(String bootstrapServers, String topic, Map<String, ?> settings) {
        return open(bootstrapServers, topic, settings, true);
    }

    /**
     * Opens the registry in the existing topic {@code topic} on the cluster at {@code bootstrapServers}
     * and returns once it has read the topic to its end; creates nothing. For readers (consumers,
     * commands that only read or change versions). If the cluster cannot be reached in time it serves
     * the local copy, if there is one; a topic the cluster answers it does not have is refused at once.
     *
     * @param bootstrapServers the cluster, {@code HOST:PORT[,HOST:PORT...]}
     * @param topic the registry topic
     * @param settings as for {@link #open}
     * @return the registry, open and following the topic; close it to stop its background consumer
     * @throws RegistryException naming the topic and the cluster if the cluster has no such topic
     * @throws org.apache.kafka.common.config.ConfigException if a setting has a bad value
     * @throws RegistryException if the topic cannot be read in time and there is no local copy, or if
     *     the topic has more than one partition
     */
    public static KafkaDictionaryRegistry openExisting(String bootstrapServers, String topic, Map<String, ?> settings) {
        return open(bootstrapServers, topic, settings, false);
    }

    private static KafkaDictionaryRegistry open(
            String bootstrapServers, String topic, Map<String, ?> settings, boolean create) {
        if (bootstrapServers == null || bootstrapServers.isBlank() || topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("A Kafka registry needs bootstrap servers and a topic, got '"
                    + bootstrapServers + "' and '" + topic + "'");
        }
        KafkaDictionaryRegistry registry =
                new KafkaDictionaryRegistry(bootstrapServers, topic, new KafkaRegistryConfig(settings));
        try {
            new RegistryOpening(bootstrapServers, registry.topic, registry.follower, registry.cache, registry.timeoutMs)
                    .start(create ? registry.changes::ensureTopic : null);
            return registry;
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    private KafkaDictionaryRegistry(String bootstrapServers, String topicName, KafkaRegistryConfig config) {
        this.bootstrapServers = bootstrapServers;
        this.timeoutMs = config.initTimeoutMs();
        String where = describe(bootstrapServers, topicName);
        Map<String, Object> clients = config.clientSettings();
        clients.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        Clock clock = Clock.systemUTC();
        Path cacheDir = config.cacheDir(bootstrapServers, topicName);
        PrivateFolder.forLocalCopy(cacheDir, !config.usesDefaultCacheDir());
        this.cache = new RegistryCache(cacheDir, topicName);
        this.topic = new RegistryTopic(where, topicName, clients, timeoutMs);
        this.follower =
                new RegistryFollower(where, topicName, topic.consumerSettings(), cache, config.removeGraceMs(), clock);
        this.changes = WriteSide.of(
                new ReaderAccess(where, topic, follower, cache, clients, timeoutMs, config.removeGraceMs(), clock));
        this.dictionaries = new VerifiedDictionaries(where, follower, cache, topic);
    }

    /** {@return the name of the registry topic} */
    public String topic() {
        return topic.name();
    }

    /** {@return the folder of the local copy} */
    public Path cacheDir() {
        return cache.dir();
    }

    /** How many versions' bytes this client holds on its heap (only those its local copy could not store). */
    int versionsOnHeap() {
        return cache.versionsOnHeap();
    }

    /** The versions this client holds from its local copy only: the topic holds no valid record of them. */
    java.util.SortedSet<Integer> localOnlyVersions() {
        return follower.read(RegistryLog::localOnly);
    }

    /**
     * The retired, once-active versions, each with the time from which a removal of it takes effect: its
     * retirement by the broker's clock plus this client's remove grace ({@value
     * KafkaRegistryConfig#REMOVE_GRACE_MS_CONFIG}). Until then it decodes, whatever records say.
     */
    public Map<Integer, java.time.Instant> pendingRemovals() {
        Map<Integer, java.time.Instant> pending = new java.util.TreeMap<>();
        follower.read(RegistryLog::pendingRemovals)
                .forEach((version, from) -> pending.put(version, java.time.Instant.ofEpochMilli(from)));
        return pending;
    }

    /** Whether this client cannot read its topic and serves the versions it holds. */
    boolean topicUnavailable() {
        return follower.health().isTopicUnavailable();
    }

    /** The records of the registry topic this client skipped, counted by reason (docs/SECURITY.md). */
    RefusedRecords refusedRecords() {
        return follower.refused();
    }

    /**
     * Waits up to {@code timeout} for {@code version} to be published (or to arrive from the topic).
     *
     * @param version the dictionary version
     * @param timeout how long to wait at most
     * @return whether the registry now holds it
     */
    @Override
    public boolean awaitVersion(int version, Duration timeout) {
        return follower.awaitVersion(version, timeout);
    }

    @Override
    public long revision() {
        return follower.revision();
    }

    /** Reads the topic up to its current end; afterwards this instance has seen every earlier change. */
    public void sync() {
        checkOpen();
        follower.awaitPosition(topic.endOffset(), timeoutMs);
    }

    @Override
    public DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
        checkOpen();
        return changes.publish(subject, content, level, metadata);
    }

    @Override
    public void activate(int version) {
        checkOpen();
        changes.activate(version);
    }

    /**
     * Compare-and-set: each attempt of the compare-and-publish on the {@code state} record checks the
     * expected active version against the state it is computed from, so a state record written by
     * another writer in between makes the attempt start again from it, and fail if it changed the subject.
     */
    @Override
    public void activate(int version, OptionalInt expectedActive) {
        checkOpen();
        changes.activate(version, expectedActive);
    }

    /**
     * Compare-and-set, as {@link #activate(int, OptionalInt)}: one {@code state} record makes the fallback
     * the subject's active version and records the set's rule and members ({@code setsBySubject}), so no
     * reader ever sees a part of the change.
     */
    @Override
    public void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        checkOpen();
        changes.activateSet(set, expectedActive, expectedSet);
    }

    /** Activates {@code set} whatever its subject's active state is in the state record it replaces. */
    @Override
    public void activateSet(DictionarySet set) {
        checkOpen();
        changes.activateSet(set);
    }

    @Override
    public void retire(int version) {
        checkOpen();
        changes.retire(version);
    }

    /**
     * Removes {@code version} for good. Besides the lifecycle's rules, refuses a version
     * that was active at some time unless it has been retired for at least {@value
     * KafkaRegistryConfig#REMOVE_GRACE_MS_CONFIG} (default 7 days): records inside the topics' retention
     * may still use it.
     */
    @Override
    public void remove(int version) {
        checkOpen();
        changes.remove(version);
        dictionaries.forget(version);
    }

    /**
     * Makes the topic durable in place (needs ALTER_CONFIGS on it, and the write side): sets the settings a
     * publisher creates it with (append-only, stamped by the broker) on a topic an earlier release created
     * compacted. Records written before keep their timestamps; the
     * graces of versions they retired run on this client's clock when read (docs/REGISTRY.md).
     *
     * @return the settings that changed, with their value before (empty if the topic was durable already)
     */
    public Map<String, String> makeTopicDurable() {
        checkOpen();
        return changes.makeTopicDurable();
    }

    /**
     * Deletes for good the bytes of every removed version, with every record that is not in force, from the
     * topic (needs the write side, and DELETE on the topic, whose cleanup policy must include delete).
     *
     * @return the versions whose bytes left the topic, and how many records were deleted, as one line
     */
    public String purge() {
        checkOpen();
        return changes.purge();
    }

    @Override
    public List<DictionaryInfo> list() {
        return follower.served().table().list();
    }

    @Override
    public int nextVersion() {
        return follower.served().table().nextVersion();
    }

    /**
     * Writes a {@code dict/N/WRITER} record for each version with its own number, checking that each
     * claim won, then one {@code state} record with the statuses, active versions, times and next number.
     * The topic must have no versions and have used no number of the backup.
     */
    @Override
    public void restore(List<Dictionary> versions, int nextVersion) {
        restore(versions, nextVersion, List.of());
    }

    /** As {@link #restore(List, int)}; the sets are in the same {@code state} record as the statuses. */
    @Override
    public void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        checkOpen();
        changes.restore(versions, nextVersion, sets);
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return Optional.ofNullable(follower.served().table().versions().get(version));
    }

    @Override
    public Dictionary get(int version) {
        return dictionaries.get(version);
    }

    @Override
    public OptionalInt activeVersion(String subject) {
        return follower.served().active(subject);
    }

    /** From the snapshot served, as a cached Optional: allocates nothing. */
    @Override
    public Optional<DictionarySet> activeSet(String subject) {
        return follower.served().set(subject);
    }

    @Override
    public String describe() {
        return describe(bootstrapServers, topic.name());
    }

    static String describe(String bootstrapServers, String topic) {
        return "registry " + KafkaRegistryProvider.SCHEME + bootstrapServers + "/" + topic;
    }

    /** Stops following the topic and closes the registry's clients. Idempotent. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        changes.close();
        follower.close();
        topic.close();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + describe() + ") is closed");
        }
    }
}
