package org.zdict.kafka;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.kafka.clients.CommonClientConfigs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.RegistryException;
import org.zdict.internal.RegistryBackup;
import org.zdict.internal.VersionTable;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;

/**
 * A registry kept in a compacted, single-partition Kafka topic, which only publishers create ({@link
 * #open}); readers open an existing one ({@link #openExisting}) and refuse a missing one. Every instance
 * reads the topic from the start, then follows it on a background thread, so a version published once
 * reaches every producer and consumer without a restart. A local copy on disk (the directory-registry
 * layout) lets a restarted client decode while the topic is unavailable, and is where the dictionaries'
 * bytes stay: they are streamed to it as the topic is read and read back when a version is digested,
 * so the heap holds each version's facts, not its bytes.
 *
 * <p>Version numbers stay unique with concurrent publishers ({@link VersionPublisher}: the first claim of
 * a number wins), and state changes are compare-and-publish on the {@code state} record ({@link
 * LifecycleWriter}) on the whole state record, so a change to one subject made from a state that another
 * subject's change has since replaced is retried from the newer state, never overwriting it. The
 * lifecycle rules are those of {@link VersionTable}. Records that others write to the topic are read by the
 * rules of {@link RegistryLog} (docs/SECURITY.md). Settings: {@link KafkaRegistryConfig}.
 */
public final class KafkaDictionaryRegistry implements DictionaryRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaDictionaryRegistry.class);

    private final String bootstrapServers;
    private final long timeoutMs;
    private final RegistryCache cache;
    private final RegistryTopic topic;
    private final RegistryFollower follower;
    private final VersionPublisher publisher;
    private final LifecycleWriter lifecycle;
    private final VerifiedDictionaries dictionaries;
    private final Object writeLock = new Object();
    private volatile boolean closed;

    /**
     * Opens the registry in {@code topic} on the cluster at {@code bootstrapServers}, creating the topic
     * (compacted, one partition) if missing, and returns once it has read the topic to its end. For
     * publishers; readers call {@link #openExisting}. If the cluster cannot be reached in time it serves
     * the local copy, if there is one.
     *
     * @param bootstrapServers the cluster, {@code HOST:PORT[,HOST:PORT...]}
     * @param topic the registry topic
     * @param settings the registry's settings ({@link KafkaRegistryConfig}) and its Kafka clients' (TLS,
     *     SASL and the like); may be empty
     * @return the registry, open and following the topic; close it to stop its background consumer
     * @throws org.apache.kafka.common.config.ConfigException if a setting has a bad value
     * @throws RegistryException if the topic cannot be read in time and there is no local copy, or if
     *     the topic has more than one partition
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
            registry.start(create);
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
        this.publisher = new VersionPublisher(where, topic, follower, timeoutMs, clock);
        this.lifecycle = new LifecycleWriter(where, topic, follower, timeoutMs, config.removeGraceMs(), clock);
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
     * Creates or checks the topic, then starts following it; a missing topic is refused before that. The
     * local copy is served only while the cluster cannot be reached, never after it refused this client
     * ({@link AccessDenial}).
     */
    private void start(boolean create) {
        boolean hasCache = !follower.served().isEmpty();
        boolean reachable = true;
        String needs =
                create ? "DESCRIBE, READ and WRITE (and CREATE while the topic is missing)" : "DESCRIBE and READ";
        try {
            if (create) {
                topic.ensureExists();
            } else if (!topic.exists()) {
                if (!hasCache) {
                    throw notFound();
                }
                follower.health()
                        .topicUnavailable(
                                "no topic '" + topic.name() + "' on the cluster",
                                follower.served().table().versions().size());
                follower.start();
                return;
            }
        } catch (RegistryException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial != null) {
                throw AccessDenial.opening(bootstrapServers, topic.name(), needs, denial);
            }
            throw e;
        } catch (RuntimeException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial != null) {
                throw AccessDenial.opening(bootstrapServers, topic.name(), needs, denial);
            }
            if (!hasCache) {
                throw new RegistryException(
                        "Cannot reach " + (create ? "or create " : "") + "the registry topic " + describe() + " ("
                                + e.getMessage() + ") and there is no local copy in " + cacheDir(),
                        e);
            }
            reachable = false;
            LOG.warn("Registry topic {} unavailable ({}); serving the local copy in {}", describe(), e, cacheDir());
        }
        follower.start();
        boolean caughtUp = reachable && follower.awaitCaughtUp(timeoutMs);
        if (follower.denial() != null) {
            throw AccessDenial.opening(bootstrapServers, topic.name(), needs, follower.denial());
        }
        if (reachable && !caughtUp) {
            if (!hasCache) {
                throw new RegistryException("Could not read the registry topic " + describe() + " to its end within "
                        + timeoutMs + " ms (" + KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG
                        + ") and there is no local copy in " + cacheDir()
                        + (follower.problem() == null ? "" : ": " + follower.problem()));
            }
            LOG.warn(
                    "Registry topic {} not read to its end in {} ms; serving the local copy in {} meanwhile",
                    describe(),
                    timeoutMs,
                    cacheDir());
        }
    }

    private RegistryException notFound() {
        String location = KafkaRegistryProvider.SCHEME + bootstrapServers + "/" + topic.name();
        return RegistryException.notFound(
                location,
                "No registry topic '" + topic.name() + "' on the Kafka cluster at " + bootstrapServers
                        + "; only publishing creates one, so nothing was created. Check the name, or publish a"
                        + " dictionary to it first: zdict train --registry " + location
                        + " or zdict registry import FILE --registry " + location);
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
        VersionTable.checkPublishable(subject, content, level, metadata);
        byte[] copy = content.clone();
        synchronized (writeLock) {
            checkWritable();
            return publisher.publish(subject, copy, level, metadata == null ? Map.of() : metadata);
        }
    }

    @Override
    public void activate(int version) {
        synchronized (writeLock) {
            checkWritable();
            lifecycle.activate(version);
        }
    }

    /**
     * Compare-and-set: each attempt of the compare-and-publish on the {@code state} record checks the
     * expected active version against the state it is computed from, so a state record written by
     * another writer in between makes the attempt start again from it, and fail if it changed the subject.
     */
    @Override
    public void activate(int version, OptionalInt expectedActive) {
        synchronized (writeLock) {
            checkWritable();
            lifecycle.activate(version, expectedActive);
        }
    }

    @Override
    public void retire(int version) {
        synchronized (writeLock) {
            checkWritable();
            lifecycle.retire(version);
        }
    }

    /**
     * Removes {@code version} for good. Besides the rules of {@link VersionTable}, refuses a version
     * that was active at some time unless it has been retired for at least {@value
     * KafkaRegistryConfig#REMOVE_GRACE_MS_CONFIG} (default 7 days): records inside the topics' retention
     * may still use it.
     */
    @Override
    public void remove(int version) {
        synchronized (writeLock) {
            checkWritable();
            lifecycle.remove(version);
        }
        dictionaries.forget(version);
    }

    /**
     * Makes the topic durable in place (needs ALTER_CONFIGS on it): sets {@link RegistryTopicSettings#DURABLE}
     * on a topic an earlier release created compacted. Records written before keep their timestamps; the
     * graces of versions they retired run on this client's clock when read (docs/REGISTRY.md).
     *
     * @return the settings that changed, with their value before (empty if the topic was durable already)
     */
    public Map<String, String> makeTopicDurable() {
        synchronized (writeLock) {
            checkOpen();
            return topic.alterConfig(RegistryTopicSettings.DURABLE);
        }
    }

    /**
     * Deletes for good the bytes of every removed version, with every record that is not in force, from the
     * topic ({@link RegistryPurge}; needs DELETE on the topic, whose cleanup policy must include delete).
     *
     * @return the versions whose bytes left the topic, and how many records were deleted
     */
    public String purge() {
        RegistryPurge.Result result;
        synchronized (writeLock) {
            checkWritable();
            result = new RegistryPurge(describe(), topic, follower, cache, timeoutMs).purge();
        }
        return "Deleted " + result.deletedRecords() + " records from " + describe() + "; the bytes of removed versions "
                + result.purgedVersions() + " are gone from the topic";
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
     * claim won, then one {@code state} record with the statuses, active versions, times and next number
     * ({@link RestoreWriter}). The topic must have no versions and have used no number of the backup.
     */
    @Override
    public void restore(List<Dictionary> versions, int nextVersion) {
        RegistryBackup backup = RegistryBackup.of(versions, nextVersion);
        synchronized (writeLock) {
            checkOpen();
            new RestoreWriter(describe(), topic, follower, timeoutMs, Clock.systemUTC()).restore(backup);
        }
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

    @Override
    public String describe() {
        return describe(bootstrapServers, topic.name());
    }

    private static String describe(String bootstrapServers, String topic) {
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
        follower.close();
        topic.close();
    }

    /**
     * Refuses a change while the topic cannot be read or lacks the records of versions this client holds
     * from its local copy: a version published or activated then could not be decoded by a client that
     * reads only the topic.
     */
    private void checkWritable() {
        checkOpen();
        if (follower.health().isTopicUnavailable()) {
            throw new RegistryException("Refusing to change " + describe() + ": its topic cannot be read, and this"
                    + " client serves the versions of its local copy in " + cacheDir() + ". Restore the topic"
                    + " first (docs/REGISTRY.md: zdict registry import)");
        }
        follower.awaitPosition(topic.endOffset(), timeoutMs); // versions seeded from the local copy are read first
        java.util.SortedSet<Integer> localOnly = follower.read(RegistryLog::localOnly);
        if (!localOnly.isEmpty()) {
            throw new RegistryException("Refusing to change " + describe() + ": its topic holds no valid record of"
                    + " versions " + localOnly + ", which this client still holds in its local copy in " + cacheDir()
                    + "; publish them again first (zdict registry export --all, then zdict registry import;"
                    + " docs/REGISTRY.md)");
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + describe() + ") is closed");
        }
    }
}
