package org.zdict.kafka;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.AccessDenial;

/**
 * Reads a registry topic from the start on a background thread, then follows it, folding the records
 * into a {@link RegistryLog}. The bytes of each version are stored in the local copy as they are read
 * (a poll's worth at a time), not kept. Until it has read to the end once, it serves the local copy's
 * manifest; after that, the live table, which it also writes to the local copy's manifest after every
 * change. A record that the log's rules refuse is skipped, counted and logged ({@link RefusedRecords}); no
 * record stops it. The consumer's fetch limits are Kafka's defaults: a record larger than them still
 * arrives, alone in its fetch (Kafka returns the first record of a fetch whatever its size).
 */
final class RegistryFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryFollower.class);

    private final String where;
    private final TopicPartition partition;
    private final RegistryCache cache;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Thread thread;
    private final Object monitor = new Object();
    private final RefusedRecords refused;
    private final RegistryHealth health;
    private final long removeGraceMs;
    private final Clock clock;
    // guarded by monitor; replaced when the topic comes back after it was gone
    private RegistryLog log;

    // guarded by monitor
    private long position;
    private boolean caughtUp;

    private volatile RegistryCopy served;
    /** How many times {@link #served} has changed; written under monitor. */
    private volatile long revision;

    private volatile boolean closed;
    private volatile Exception problem;
    private volatile RuntimeException denial;

    /**
     * @param removeGraceMs the remove grace by which {@link RegistryLog} judges removals ({@value
     *     KafkaRegistryConfig#REMOVE_GRACE_MS_CONFIG})
     * @param clock the clock the remove grace is measured by
     */
    RegistryFollower(
            String where,
            String topic,
            Map<String, Object> consumerConfig,
            RegistryCache cache,
            long removeGraceMs,
            Clock clock) {
        this.where = where;
        this.partition = new TopicPartition(topic, 0);
        this.cache = cache;
        this.refused = new RefusedRecords(where);
        this.health = new RegistryHealth(where);
        this.clock = clock;
        this.removeGraceMs = removeGraceMs;
        this.log = new RegistryLog(refused, removeGraceMs, clock);
        this.served = cache.load();
        if (cache.isOfThisTopic()) {
            log.seed(cache.verified(served.table()));
        } else if (!served.isEmpty()) {
            LOG.warn(
                    "The local copy in {} is not marked as one of {} (file {}): it is served until the topic is"
                            + " read, but does not keep versions the topic lacks. Give each registry its own {}",
                    cache.dir(),
                    where,
                    RegistryCache.TOPIC_FILE,
                    KafkaRegistryConfig.CACHE_DIR_CONFIG);
        }
        this.consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());
        this.thread = new Thread(this::follow, "zdict-registry-" + topic);
        this.thread.setDaemon(true);
    }

    /** What readers see: the local copy until the first read to the end, the live contents after. */
    RegistryCopy served() {
        return served;
    }

    /** {@return how many times what readers see has changed} */
    long revision() {
        return revision;
    }

    /** The records of the topic skipped by the rules of {@link RegistryLog}, counted by reason. */
    RefusedRecords refused() {
        return refused;
    }

    /** What this client tells operators about the registry's durability. */
    RegistryHealth health() {
        return health;
    }

    Exception problem() {
        return problem;
    }

    /**
     * The cluster's refusal of this client ({@link AccessDenial}) if the last attempt to read met one, else
     * null. It ends {@link #awaitCaughtUp} at once; the follower keeps trying (ACLs may be granted later).
     */
    RuntimeException denial() {
        return denial;
    }

    void start() {
        health.publish(refused.publish(partition.topic()));
        thread.start();
    }

    /** Runs {@code reader} on the folded topic, with no record applied meanwhile. */
    <T> T read(Function<RegistryLog, T> reader) {
        synchronized (monitor) {
            return reader.apply(log);
        }
    }

    /** Waits for the first read to the end; returns whether it happened in time. */
    boolean awaitCaughtUp(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (monitor) {
            while (!caughtUp && !closed && denial == null) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                waitQuietly(left);
            }
            return caughtUp;
        }
    }

    /** Waits up to {@code timeout} for {@code version} to be served; returns whether it is. */
    boolean awaitVersion(int version, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (!served.table().versions().containsKey(version) && !closed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // Rounded up: a wait of 0 ms would be forever, and returning early would cut the timeout short.
                waitQuietly(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
            return served.table().versions().containsKey(version);
        }
    }

    /** Waits until every record before {@code offset} has been applied. */
    void awaitPosition(long offset, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        synchronized (monitor) {
            while (!(caughtUp && position >= offset)) {
                if (closed) {
                    throw new IllegalStateException("The follower of " + where + " is closed");
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new RegistryException("Timed out after " + timeoutMs + " ms reading " + where
                            + " up to offset " + offset + " (at " + position + ")"
                            + (problem == null ? "" : ": " + problem));
                }
                waitQuietly(left);
            }
        }
    }

    private void follow() {
        long end = -1;
        long nextCheck = 0;
        boolean assigned = false;
        try {
            while (!closed) {
                try {
                    if (System.nanoTime() - nextCheck >= 0) {
                        boolean exists = !consumer.partitionsFor(partition.topic(), Duration.ofSeconds(5))
                                .isEmpty();
                        nextCheck = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(exists ? 5_000 : 10_000);
                        if (!exists) {
                            // Fetching a missing partition logs a warning per fetch: wait for the topic instead.
                            if (assigned) {
                                consumer.unsubscribe();
                                assigned = false;
                            }
                            health.topicUnavailable(
                                    "no topic '" + partition.topic() + "' on the cluster",
                                    served.table().versions().size());
                            sleepQuietly(1_000);
                            continue;
                        }
                        if (!assigned) {
                            if (end >= 0) {
                                restartLog();
                            }
                            consumer.assign(List.of(partition));
                            consumer.seekToBeginning(List.of(partition));
                            assigned = true;
                            end = -1;
                        }
                        health.topicAvailable();
                    }
                    if (end < 0) {
                        end = consumer.endOffsets(List.of(partition), Duration.ofSeconds(5))
                                .get(partition);
                    }
                    ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(200));
                    long next = consumer.position(partition, Duration.ofSeconds(5));
                    apply(records, next, end);
                    problem = null;
                    denial = null;
                } catch (WakeupException e) {
                    if (closed) {
                        return;
                    }
                } catch (InterruptException e) {
                    return;
                } catch (RuntimeException e) {
                    problem = e;
                    RuntimeException refused = AccessDenial.in(e);
                    synchronized (monitor) {
                        if (refused != null && denial == null && caughtUp) {
                            // Before that, opening the registry fails with the refusal: nothing to log.
                            LOG.warn(
                                    "The cluster now refuses the registry follower of {} ({}); serving the"
                                            + " versions read before",
                                    where,
                                    refused.toString());
                        }
                        denial = refused;
                        monitor.notifyAll();
                    }
                    LOG.debug("Registry follower of {}: {}", where, e.toString());
                    sleepQuietly(200);
                }
            }
        } finally {
            consumer.close(Duration.ofSeconds(1));
        }
    }

    /**
     * A topic that comes back after it was gone is another topic (restored, or created anew): its offsets,
     * sequence numbers and claims start again, so it is read from its start into a new log, seeded with the
     * versions this client holds, as at start-up.
     */
    private void restartLog() {
        synchronized (monitor) {
            log = new RegistryLog(refused, removeGraceMs, clock);
            if (cache.isOfThisTopic()) {
                log.seed(cache.verified(served.table()));
            }
            position = 0;
        }
    }

    private void apply(ConsumerRecords<String, byte[]> records, long next, long end) {
        boolean changed = false;
        RegistryCopy written = null;
        synchronized (monitor) {
            for (ConsumerRecord<String, byte[]> r : records) {
                try {
                    long brokerTime = r.timestampType() == TimestampType.LOG_APPEND_TIME ? r.timestamp() : -1;
                    changed |= log.apply(r.offset(), brokerTime, r.key(), r.value());
                } catch (RuntimeException e) { // a rule's gap: the log refuses every record it knows to be bad
                    LOG.warn("Skipping record at offset {} of {}: {}", r.offset(), where, e.toString());
                }
            }
            cache.store(log.table(), log.takeNewContents());
            position = next;
            if (!caughtUp && position >= end) {
                caughtUp = true;
                changed = true;
            }
            if (changed && caughtUp) {
                served = RegistryCopy.of(log.table(), log.offsets());
                revision++;
                written = served;
                health.update(log.pendingRemovals(), log.localOnly(), clock.millis());
            }
            monitor.notifyAll();
        }
        if (written != null) {
            try {
                cache.writeManifest(written);
            } catch (java.io.IOException | RuntimeException e) {
                LOG.warn("Cannot update the local copy of {} in {}: {}", where, cache.dir(), e.toString());
            }
        }
    }

    /** Stops following and closes the consumer. Idempotent. */
    @Override
    public void close() {
        synchronized (monitor) {
            if (closed) {
                return;
            }
            closed = true;
            monitor.notifyAll();
        }
        refused.close();
        health.close();
        consumer.wakeup();
        if (thread.isAlive()) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            consumer.close(Duration.ZERO);
        }
    }

    private void waitQuietly(long millis) {
        try {
            monitor.wait(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while waiting for " + where, e);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
