package org.zdict.kafka.admin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.AccessDenial;
import org.zdict.kafka.internal.KafkaRequests;
import org.zdict.kafka.internal.RegistryAccess;

/**
 * The registry topic as its writers reach it: an idempotent producer, and an admin client that creates the
 * topic, reads and changes its settings and deletes records, both created on first use. Every request waits
 * at most the registry's timeout. Thread-safe.
 */
final class TopicWriter {
    private final RegistryAccess access;
    private final TopicPartition partition;
    private final KafkaRequests requests;
    private boolean closed;
    private KafkaProducer<String, byte[]> producer;
    private Admin admin;

    TopicWriter(RegistryAccess access) {
        this.access = access;
        this.partition = new TopicPartition(access.topicName(), 0);
        this.requests = new KafkaRequests(access.where(), access.timeoutMs());
    }

    /**
     * Creates the topic (one partition, {@link RegistryTopicSettings#DURABLE}) if it is missing.
     *
     * @throws RegistryException if the topic has more than one partition
     * @throws RuntimeException if the cluster cannot be reached in time
     */
    void ensureExists() {
        if (access.topicExists()) {
            return; // checked first: a principal without CREATE may publish to a topic an administrator made
        }
        NewTopic topic = new NewTopic(access.topicName(), Optional.of(1), Optional.empty())
                .configs(RegistryTopicSettings.DURABLE);
        try {
            requests.await(admin().createTopics(List.of(topic)).all());
        } catch (RegistryException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                // not a RegistryException: an opening publisher serves its local copy while the cluster is away
                throw new IllegalStateException(e.getMessage(), e.getCause() == null ? e : e.getCause());
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(access.timeoutMs());
        while (!access.topicExists()) { // a topic just created is not known to every broker at once
            if (System.nanoTime() - deadline > 0) {
                throw new RegistryException("The topic of " + access.where() + " was created, but the cluster"
                        + " does not describe it after " + access.timeoutMs() + " ms");
            }
            pause();
        }
    }

    /** The topic's configuration: every entry the cluster reports, by name. */
    Map<String, String> config() {
        ConfigResource resource = resource();
        Map<String, String> config = new HashMap<>();
        requests.retrying(() ->
                        admin().describeConfigs(List.of(resource)).values().get(resource))
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
        Map<String, String> changed = new TreeMap<>();
        List<AlterConfigOp> ops = new ArrayList<>();
        settings.forEach((name, value) -> {
            if (!value.equals(before.get(name))) {
                changed.put(name, before.get(name));
                ops.add(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET));
            }
        });
        if (!ops.isEmpty()) {
            requests.await(
                    admin().incrementalAlterConfigs(Map.of(resource(), ops)).all());
        }
        return changed;
    }

    /** Deletes every record before {@code offset} (Kafka's deleteRecords; needs DELETE on the topic). */
    void deleteRecordsBefore(long offset) {
        requests.await(admin().deleteRecords(Map.of(partition, RecordsToDelete.beforeOffset(offset)))
                .all());
    }

    /** The offset of the topic's first record. */
    long startOffset() {
        return requests.retrying(() -> admin().listOffsets(Map.of(partition, OffsetSpec.earliest()))
                        .partitionResult(partition))
                .offset();
    }

    /** Appends a record (a tombstone if {@code value} is null) and returns its offset. */
    long send(String key, byte[] value) {
        try {
            return requests.await(producer().send(new ProducerRecord<>(access.topicName(), 0, key, value)))
                    .offset();
        } catch (RuntimeException e) {
            RuntimeException denial = AccessDenial.in(e);
            if (denial == null) {
                throw e;
            }
            String servers = String.valueOf(access.clientSettings().get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG));
            throw AccessDenial.writing(servers, access.topicName(), denial);
        }
    }

    /** Closes the clients. Idempotent; afterwards no client is created. */
    synchronized void close() {
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

    private ConfigResource resource() {
        return new ConfigResource(ConfigResource.Type.TOPIC, access.topicName());
    }

    private synchronized KafkaProducer<String, byte[]> producer() {
        checkOpen();
        if (producer == null) {
            Map<String, Object> config = access.clientSettings();
            config.put(ProducerConfig.ACKS_CONFIG, "all");
            config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
            config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, access.timeoutMs());
            config.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "zdict-registry-writer-" + access.topicName());
            producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        }
        return producer;
    }

    private synchronized Admin admin() {
        checkOpen();
        if (admin == null) {
            admin = KafkaRequests.newAdmin(access.clientSettings(), access.timeoutMs());
        }
        return admin;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("This KafkaDictionaryRegistry (" + access.where() + ") is closed");
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while creating a registry topic", e);
        }
    }
}
