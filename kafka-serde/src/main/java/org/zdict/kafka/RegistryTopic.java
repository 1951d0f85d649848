package org.zdict.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.zdict.RegistryException;

/**
 * The registry topic and the Kafka clients that write it: an admin client (create or check and
 * describe the topic, read its end offset) and an idempotent producer, both created on first use. Every request
 * waits at most the registry's timeout. Thread-safe.
 */
final class RegistryTopic implements AutoCloseable {
    private final String where;
    private final String topic;
    private final TopicPartition partition;
    private final Map<String, Object> clientSettings;
    private final long timeoutMs;
    private boolean closed;
    private KafkaProducer<String, byte[]> producer;
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
    }

    String name() {
        return topic;
    }

    /**
     * Creates the topic (one partition, {@link RegistryTopicSettings#DURABLE}) if it is missing.
     *
     * @throws RegistryException if the topic has more than one partition
     * @throws RuntimeException if the cluster cannot be reached in time
     */
    void ensureExists() {
        if (exists()) {
            return; // checked first: a principal without CREATE may publish to a topic an administrator made
        }
        Admin a = admin();
        NewTopic newTopic =
                new NewTopic(topic, Optional.of(1), Optional.empty()).configs(RegistryTopicSettings.DURABLE);
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
        checkOnePartition(
                retrying(() -> a.describeTopics(List.of(topic)).allTopicNames()).get(topic));
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

    /** The topic's configuration: every entry the cluster reports, by name. */
    Map<String, String> config() {
        org.apache.kafka.common.config.ConfigResource resource = new org.apache.kafka.common.config.ConfigResource(
                org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
        Map<String, String> config = new HashMap<>();
        retrying(() -> admin().describeConfigs(List.of(resource)).values().get(resource))
                .entries()
                .forEach(entry -> config.put(entry.name(), entry.value()));
        return config;
    }

    /**
     * Sets {@code settings} on the topic (needs ALTER_CONFIGS on it) and returns those that changed, with
     * their value before.
     */
    Map<String, String> alterConfig(Map<String, String> settings) {
        Map<String, String> before = config();
        Map<String, String> changed = new java.util.TreeMap<>();
        List<org.apache.kafka.clients.admin.AlterConfigOp> ops = new java.util.ArrayList<>();
        settings.forEach((name, value) -> {
            if (!value.equals(before.get(name))) {
                changed.put(name, before.get(name));
                ops.add(new org.apache.kafka.clients.admin.AlterConfigOp(
                        new org.apache.kafka.clients.admin.ConfigEntry(name, value),
                        org.apache.kafka.clients.admin.AlterConfigOp.OpType.SET));
            }
        });
        if (!ops.isEmpty()) {
            org.apache.kafka.common.config.ConfigResource resource = new org.apache.kafka.common.config.ConfigResource(
                    org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
            await(admin().incrementalAlterConfigs(Map.of(resource, ops)).all());
        }
        return changed;
    }

    /** Deletes every record before {@code offset} (Kafka's deleteRecords; needs DELETE on the topic). */
    void deleteRecordsBefore(long offset) {
        await(admin().deleteRecords(
                        Map.of(partition, org.apache.kafka.clients.admin.RecordsToDelete.beforeOffset(offset)))
                .all());
    }

    /** The offset of the topic's first record. */
    long startOffset() {
        return retrying(() -> admin().listOffsets(Map.of(partition, OffsetSpec.earliest()))
                        .partitionResult(partition))
                .offset();
    }

    /** The offset the next record will get. */
    long endOffset() {
        return retrying(() -> admin().listOffsets(Map.of(partition, OffsetSpec.latest()))
                        .partitionResult(partition))
                .offset();
    }

    /** Appends a record (a tombstone if {@code value} is null) and returns its offset. */
    long send(String key, byte[] value) {
        try {
            return await(producer().send(new ProducerRecord<>(topic, 0, key, value)))
                    .offset();
        } catch (RuntimeException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial == null) {
                throw e;
            }
            throw AccessDenial.writing(
                    String.valueOf(clientSettings.get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)), topic, denial);
        }
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
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }

    /** Awaits a request, repeating it while it fails retriably (a topic just created is not known everywhere yet). */
    private <T> T retrying(Supplier<KafkaFuture<T>> request) {
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

    private synchronized KafkaProducer<String, byte[]> producer() {
        checkOpen();
        if (producer == null) {
            Map<String, Object> config = new HashMap<>(clientSettings);
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
            Map<String, Object> config = new HashMap<>(clientSettings);
            int timeout = (int) Math.min(timeoutMs, Integer.MAX_VALUE);
            config.put(CommonClientConfigs.DEFAULT_API_TIMEOUT_MS_CONFIG, timeout);
            config.put(CommonClientConfigs.REQUEST_TIMEOUT_MS_CONFIG, timeout);
            admin = Admin.create(config);
        }
        return admin;
    }

    private <T> T await(KafkaFuture<T> future) {
        return await(future.toCompletionStage().toCompletableFuture());
    }

    private <T> T await(Future<T> future) {
        try {
            return future.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (AccessDenial.in(e.getCause()) != null) {
                throw new RegistryException(
                        "Kafka refused a request to " + where + ": " + e.getCause()
                                + " (docs/SECURITY.md lists the ACLs each role needs)",
                        e.getCause());
            }
            throw new RegistryException("Kafka request to " + where + " failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new RegistryException("Kafka request to " + where + " timed out after " + timeoutMs + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while waiting for " + where, e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + where + ") is closed");
        }
    }
}
