package org.zdict.kafka;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.internal.DictionaryContent;
import org.zdict.internal.VersionTable;
import org.zdict.kafka.RegistryRecords.Published;
import org.zdict.kafka.RegistryRecords.State;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionaryStatus;

/**
 * A registry kept in a compacted, single-partition Kafka topic (created if missing). Every instance
 * reads the topic from the start, then follows it on a background thread, so a version published once
 * reaches every producer and consumer without a restart. A local copy on disk (the directory-registry
 * layout) lets a restarted client decode while the topic is unavailable.
 *
 * <p>Version numbers stay unique with concurrent publishers: a publisher writes its dictionary under
 * the key {@code dict/N/WRITER} with N the next number it knows, reads the topic back up to its own
 * record, and keeps the number only if its record is the first claim of N; otherwise it tombstones its
 * record and tries N+1. State changes (activate, retire, remove) are compare-and-publish: a {@code
 * state} record names the offset of the state record it replaces, and one whose base is stale is
 * ignored by every reader and retried by its writer. The lifecycle rules are those of {@link
 * VersionTable}.
 */
public final class KafkaDictionaryRegistry implements DictionaryRegistry {
    /** In {@code clientConfig}: the folder of the local copy (default under java.io.tmpdir). */
    public static final String CACHE_DIR_CONFIG = "zdict.registry.cache.dir";
    /** In {@code clientConfig}: how long {@link #open} waits to read the topic to its end. */
    public static final String INIT_TIMEOUT_MS_CONFIG = "zdict.registry.init.timeout.ms";

    /**
     * In {@code clientConfig}: how long a version must have been retired before {@link #remove} accepts
     * it. Default 7 days, Kafka's default {@code retention.ms}; set it to the longest retention of the
     * topics that use this registry.
     */
    public static final String REMOVE_GRACE_MS_CONFIG = "zdict.registry.remove.grace.ms";

    public static final long DEFAULT_INIT_TIMEOUT_MS = 30_000L;
    public static final long DEFAULT_REMOVE_GRACE_MS = 7L * 24 * 60 * 60 * 1000;
    private static final int MAX_WRITE_ATTEMPTS = 10;
    private static final Logger LOG = LoggerFactory.getLogger(KafkaDictionaryRegistry.class);

    private final String bootstrapServers;
    private final String topic;
    private final TopicPartition partition;
    private final Map<String, Object> clientConfig;
    private final long timeoutMs;
    private final long removeGraceMs;
    private final RegistryCache cache;
    private final Clock clock = Clock.systemUTC();
    private final Object writeLock = new Object();
    private final Map<Integer, Dictionary> verified = new ConcurrentHashMap<>();
    private final RegistryFollower follower;
    private volatile boolean closed;
    private KafkaProducer<String, byte[]> producer;
    private Admin admin;

    /**
     * Opens the registry in {@code topic} on the cluster at {@code bootstrapServers}, creating the topic
     * (compacted, one partition) if missing, and returns once it has read the topic to its end. If the
     * cluster cannot be reached in time it serves the local copy, if there is one.
     *
     * @param clientConfig settings for the registry's own Kafka clients (security and the like), plus
     *     optionally {@value #CACHE_DIR_CONFIG}, {@value #INIT_TIMEOUT_MS_CONFIG} and {@value
     *     #REMOVE_GRACE_MS_CONFIG}
     * @throws RegistryException if the topic cannot be read in time and there is no local copy, or if
     *     the topic has more than one partition
     */
    public static KafkaDictionaryRegistry open(
            String bootstrapServers, String topic, Map<String, Object> clientConfig) {
        KafkaDictionaryRegistry registry = new KafkaDictionaryRegistry(bootstrapServers, topic, clientConfig);
        try {
            registry.start();
            return registry;
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    private KafkaDictionaryRegistry(String bootstrapServers, String topic, Map<String, Object> clientConfig) {
        if (bootstrapServers == null || bootstrapServers.isBlank() || topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("A Kafka registry needs bootstrap servers and a topic, got '"
                    + bootstrapServers + "' and '" + topic + "'");
        }
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.partition = new TopicPartition(topic, 0);
        Map<String, Object> config = new HashMap<>(clientConfig == null ? Map.of() : clientConfig);
        Object cacheDir = config.remove(CACHE_DIR_CONFIG);
        Object timeout = config.remove(INIT_TIMEOUT_MS_CONFIG);
        Object grace = config.remove(REMOVE_GRACE_MS_CONFIG);
        config.keySet().removeIf(k -> k.startsWith("zdict."));
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        this.clientConfig = Map.copyOf(config);
        this.timeoutMs = timeout == null ? DEFAULT_INIT_TIMEOUT_MS : Long.parseLong(timeout.toString());
        this.removeGraceMs = grace == null ? DEFAULT_REMOVE_GRACE_MS : Long.parseLong(grace.toString());
        this.cache = new RegistryCache(
                cacheDir == null || cacheDir.toString().isBlank()
                        ? defaultCacheDir(bootstrapServers, topic)
                        : Path.of(cacheDir.toString()));
        this.follower = new RegistryFollower(describe(), topic, consumerConfig(), cache);
    }

    /** {@code <java.io.tmpdir>/zdict-registry-cache/<servers>_<topic>}, with unsafe characters replaced. */
    public static Path defaultCacheDir(String bootstrapServers, String topic) {
        String name = (bootstrapServers + "_" + topic).replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "zdict-registry-cache", name);
    }

    public String topic() {
        return topic;
    }

    /** The folder of the local copy. */
    public Path cacheDir() {
        return cache.dir();
    }

    private void start() {
        boolean hasCache = !follower.view().state().versions().isEmpty();
        boolean reachable = true;
        try {
            ensureTopic();
        } catch (RegistryException e) {
            throw e;
        } catch (RuntimeException e) {
            if (!hasCache) {
                throw new RegistryException(
                        "Cannot reach or create the registry topic " + describe() + " (" + e.getMessage()
                                + ") and there is no local copy in " + cacheDir(),
                        e);
            }
            reachable = false;
            LOG.warn("Registry topic {} unavailable ({}); serving the local copy in {}", describe(), e, cacheDir());
        }
        follower.start();
        if (reachable && !follower.awaitCaughtUp(timeoutMs)) {
            if (!hasCache) {
                throw new RegistryException("Could not read the registry topic " + describe() + " to its end within "
                        + timeoutMs + " ms (" + INIT_TIMEOUT_MS_CONFIG + ") and there is no local copy in "
                        + cacheDir() + (follower.problem() == null ? "" : ": " + follower.problem()));
            }
            LOG.warn(
                    "Registry topic {} not read to its end in {} ms; serving the local copy in {} meanwhile",
                    describe(),
                    timeoutMs,
                    cacheDir());
        }
    }

    private void ensureTopic() {
        Admin a = admin();
        NewTopic newTopic = new NewTopic(topic, Optional.of(1), Optional.empty())
                .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
        try {
            a.createTopics(List.of(newTopic)).all().get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(e.getCause());
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out after " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        TopicDescription description =
                retrying(() -> a.describeTopics(List.of(topic)).allTopicNames()).get(topic);
        if (description.partitions().size() != 1) {
            throw new RegistryException("Registry topic " + describe() + " has "
                    + description.partitions().size()
                    + " partitions; a registry topic must have exactly one (its order is the registry's history)");
        }
    }

    /**
     * Waits up to {@code timeout} for {@code version} to be published (or to arrive from the topic).
     *
     * @return whether the registry now holds it
     */
    public boolean awaitVersion(int version, Duration timeout) {
        return follower.awaitVersion(version, timeout);
    }

    /** Reads the topic up to its current end; afterwards this instance has seen every earlier change. */
    public void sync() {
        awaitPosition(endOffset());
    }

    private long endOffset() {
        return retrying(() -> admin().listOffsets(Map.of(partition, OffsetSpec.latest()))
                        .partitionResult(partition))
                .offset();
    }

    /** Awaits a request, repeating it while it fails retriably (a topic just created is not known everywhere yet). */
    private <T> T retrying(java.util.function.Supplier<org.apache.kafka.common.KafkaFuture<T>> request) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            try {
                return await(request.get());
            } catch (RegistryException e) {
                if (!(e.getCause() instanceof RetriableException) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private void awaitPosition(long offset) {
        checkOpen();
        follower.awaitPosition(offset, timeoutMs);
    }

    @Override
    public DictionaryInfo publish(byte[] content, int level, Map<String, String> metadata) {
        VersionTable.checkPublishable(content, level, metadata);
        byte[] copy = content.clone();
        String sha256 = DictionaryContent.sha256(copy);
        synchronized (writeLock) {
            checkOpen();
            for (int attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
                sync();
                int version = follower.read(log -> log.view().nextVersion());
                String key = RegistryRecords.dictKey(version, UUID.randomUUID().toString());
                Published record = new Published(
                        version, sha256, level, clock.instant(), metadata == null ? Map.of() : metadata, copy);
                long offset = send(key, RegistryRecords.write(record));
                awaitPosition(offset + 1);
                DictionaryInfo won = follower.read(
                        log -> key.equals(log.winner(version)) ? log.view().require(version, describe()) : null);
                if (won != null) {
                    return won;
                }
                send(key, null);
            }
        }
        throw new RegistryException("Could not claim a version number in " + describe() + " after " + MAX_WRITE_ATTEMPTS
                + " attempts: too many concurrent publishers");
    }

    @Override
    public void activate(int version) {
        changeState(state -> state.withActive(version, describe()));
    }

    @Override
    public void retire(int version) {
        changeState(state -> state.withRetired(version, describe()));
    }

    /**
     * Removes {@code version} for good. Besides the rules of {@link VersionTable}, refuses a version
     * that was active at some time unless it has been retired for at least {@value
     * #REMOVE_GRACE_MS_CONFIG} (default 7 days): records inside the topics' retention may still use it.
     */
    @Override
    public void remove(int version) {
        changeState(state -> {
            checkRemovable(version);
            return state.withRemoved(version, describe());
        });
        String key = follower.read(log -> log.winner(version));
        if (key != null) {
            send(key, null);
        }
        verified.remove(version);
    }

    private void checkRemovable(int version) {
        State record = follower.read(RegistryLog::state);
        VersionTable state = follower.read(RegistryLog::view);
        DictionaryInfo info = state.require(version, describe());
        if (!record.everActive().contains(version) || info.status() == DictionaryStatus.ACTIVE) {
            return;
        }
        Long retiredAt = record.retiredAt().get(version);
        if (info.status() != DictionaryStatus.RETIRED || retiredAt == null) {
            throw new RegistryException("Cannot remove version " + version + " in " + describe()
                    + ": it has been active, so records may use it; retire it first, then remove it once records"
                    + " written with it have left every topic's retention");
        }
        long age = clock.millis() - retiredAt;
        if (age < removeGraceMs) {
            throw new RegistryException("Cannot remove version " + version + " in " + describe() + ": it was retired "
                    + java.time.Instant.ofEpochMilli(retiredAt) + ", " + age / 1000 + " s ago, less than the "
                    + removeGraceMs / 1000 + " s grace (" + REMOVE_GRACE_MS_CONFIG + ", by default Kafka's default"
                    + " retention of 7 days); records inside a topic's retention may still use it");
        }
    }

    private void changeState(UnaryOperator<VersionTable> change) {
        synchronized (writeLock) {
            checkOpen();
            for (int attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
                sync();
                record Snapshot(VersionTable view, State record, long offset) {}
                Snapshot before = follower.read(log -> new Snapshot(log.view(), log.state(), log.stateOffset()));
                VersionTable after = change.apply(before.view());
                State next = before.record().next(before.view(), after, before.offset(), clock.millis());
                long offset = send(RegistryRecords.STATE_KEY, RegistryRecords.write(next));
                awaitPosition(offset + 1);
                if (follower.read(RegistryLog::stateOffset) == offset) {
                    return;
                }
            }
        }
        throw new RegistryException("Could not change the state of " + describe() + " after " + MAX_WRITE_ATTEMPTS
                + " attempts: too many concurrent writers");
    }

    @Override
    public List<DictionaryInfo> list() {
        return follower.view().state().list();
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return Optional.ofNullable(follower.view().state().versions().get(version));
    }

    @Override
    public Dictionary get(int version) {
        RegistryFollower.View current = follower.view();
        DictionaryInfo info = current.state().versions().get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, describe());
        }
        Dictionary cached = verified.get(version);
        if (cached != null) {
            return new Dictionary(info, cached.content());
        }
        byte[] content = current.contents().get(version);
        String sha256 = DictionaryContent.sha256(content);
        if (!sha256.equals(info.sha256())) {
            throw new CorruptDictionaryException(
                    version,
                    "its bytes in " + describe() + " have SHA-256 " + sha256 + " but its record says " + info.sha256());
        }
        Dictionary dictionary = new Dictionary(info, content);
        verified.put(version, dictionary);
        return dictionary;
    }

    @Override
    public OptionalInt activeVersion() {
        return follower.view().active();
    }

    @Override
    public String describe() {
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
        synchronized (this) {
            if (producer != null) {
                producer.close(Duration.ofSeconds(5));
            }
            if (admin != null) {
                admin.close(Duration.ofSeconds(5));
            }
        }
    }

    private long send(String key, byte[] value) {
        return await(producer().send(new ProducerRecord<>(topic, 0, key, value)))
                .offset();
    }

    private synchronized KafkaProducer<String, byte[]> producer() {
        checkOpen();
        if (producer == null) {
            Map<String, Object> config = new HashMap<>(clientConfig);
            config.put(ProducerConfig.ACKS_CONFIG, "all");
            config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
            config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
            config.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "zdict-registry-writer-" + topic);
            producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        }
        return producer;
    }

    private synchronized Admin admin() {
        checkOpen();
        if (admin == null) {
            Map<String, Object> config = new HashMap<>(clientConfig);
            config.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) Math.min(timeoutMs, Integer.MAX_VALUE));
            config.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(timeoutMs, Integer.MAX_VALUE));
            admin = Admin.create(config);
        }
        return admin;
    }

    private Map<String, Object> consumerConfig() {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "zdict-registry-follower-" + topic);
        return config;
    }

    private <T> T await(org.apache.kafka.common.KafkaFuture<T> future) {
        return await(future.toCompletionStage().toCompletableFuture());
    }

    private <T> T await(java.util.concurrent.Future<T> future) {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new RegistryException("Kafka request to " + describe() + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new RegistryException("Kafka request to " + describe() + " timed out after " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while waiting for " + describe(), e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + describe() + ") is closed");
        }
    }
}
