package org.zdict.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.KafkaRequests;

/**
 * The registry topic as a reader reaches it: an admin client, created on first use, that checks and
 * describes the topic and reads its end offset, and consumers' settings. Writing it is the registry admin
 * module's part. Every request waits at most the registry's timeout. Thread-safe.
 */
final class RegistryTopic implements AutoCloseable {
    private final String where;
    private final String topic;
    private final TopicPartition partition;
    private final Map<String, Object> clientSettings;
    private final long timeoutMs;
    private final KafkaRequests requests;
    private boolean closed;
    private Admin admin;

    /**
     * @param where the registry's description, for messages
     * @param clientSettings settings for every client, {@code bootstrap.servers} included
     */
    RegistryTopic(String where, String topic, Map<String, Object> clientSettings, long timeoutMs) {
        this.where = where;
        this.topic = topic;
        this.partition = new TopicPartition(topic, 0);
        this.clientSettings = Map.copyOf(clientSettings);
        this.timeoutMs = timeoutMs;
        this.requests = new KafkaRequests(where, timeoutMs);
    }

    String name() {
        return topic;
    }

    /**
     * Whether the topic exists, creating nothing: false as soon as the cluster answers that it has no
     * such topic (no retries, no waiting for it to appear).
     *
     * @throws RegistryException if the topic has more than one partition
     * @throws RuntimeException (not a {@link RegistryException}) if the cluster cannot be reached in time
     */
    boolean exists() {
        TopicDescription description;
        try {
            description = admin().describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(timeoutMs, TimeUnit.MILLISECONDS)
                    .get(topic);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return false;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out after " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        checkOnePartition(description);
        return true;
    }

    private void checkOnePartition(TopicDescription description) {
        if (description.partitions().size() != 1) {
            throw new RegistryException("Registry topic " + where + " has "
                    + description.partitions().size()
                    + " partitions; a registry topic must have exactly one (its order is the registry's history)");
        }
    }

    /** The offset the next record will get. */
    long endOffset() {
        return requests.retrying(() -> admin().listOffsets(Map.of(partition, OffsetSpec.latest()))
                        .partitionResult(partition))
                .offset();
    }

    /**
     * Reads the record at {@code offset} with a consumer of its own, for a version whose bytes are
     * missing from the local copy.
     *
     * @return the record's value, or null if the topic no longer holds that record (removed)
     * @throws RegistryException if it cannot be read within the registry's timeout
     */
    byte[] readValue(long offset) {
        Map<String, Object> config = consumerSettings();
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "zdict-registry-refetch-" + topic);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seek(partition, offset);
            while (System.nanoTime() - deadline < 0) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    return r.offset() == offset ? r.value() : null;
                }
            }
        } catch (RuntimeException e) {
            throw new RegistryException("Cannot read offset " + offset + " of " + where + ": " + e, e);
        }
        throw new RegistryException("Timed out after " + timeoutMs + " ms reading offset " + offset + " of " + where);
    }

    /**
     * Settings for a consumer that reads the topic from the start, outside any group, and never creates
     * it (even where the brokers allow auto-creation).
     */
    Map<String, Object> consumerSettings() {
        Map<String, Object> config = new HashMap<>(clientSettings);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false); // only publishers create the topic
        config.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "zdict-registry-follower-" + topic);
        return config;
    }

    /** Closes the clients. Idempotent; afterwards no client is created. */
    @Override
    public synchronized void close() {
        closed = true;
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }

    private synchronized Admin admin() {
        checkOpen();
        if (admin == null) {
            admin = KafkaRequests.newAdmin(clientSettings, timeoutMs);
        }
        return admin;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + where + ") is closed");
        }
    }
}
