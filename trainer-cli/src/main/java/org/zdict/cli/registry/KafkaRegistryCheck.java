package org.zdict.cli.registry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.zdict.cli.CliException;
import org.zdict.kafka.internal.KafkaLocation;

/**
 * {@code zdict registry check} of a {@code kafka://} registry: the topic's configuration against the
 * cluster ({@link TopicDurability}), its records ({@link TopicRecordsCheck}) and the caller's operations
 * ({@link TopicAccess}). Reads only: describes the topic, its configuration and the cluster with one admin
 * client, and reads the records with a consumer outside any group. A cluster that cannot be reached, or a
 * topic that does not exist or cannot be described, is a {@link CliException} (exit 1).
 */
final class KafkaRegistryCheck {
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KafkaLocation location;
    private final Map<String, Object> clientSettings;

    /** {@code location} with every client setting it is to be read with (the --command-config file's too). */
    KafkaRegistryCheck(KafkaLocation location) {
        this.location = location;
        this.clientSettings = location.clientSettings();
    }

    List<Finding> run() {
        Map<String, Object> settings = new HashMap<>(clientSettings);
        settings.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        settings.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        String topic = location.topic();
        String where = location.withoutSettings();
        List<Finding> findings = new ArrayList<>();
        try (Admin admin = Admin.create(settings)) {
            TopicDescription description = await(
                            admin.describeTopics(
                                            List.of(topic),
                                            new DescribeTopicsOptions().includeAuthorizedOperations(true))
                                    .allTopicNames(),
                            "describe topic " + topic)
                    .get(topic);
            DescribeClusterResult cluster =
                    admin.describeCluster(new DescribeClusterOptions().includeAuthorizedOperations(true));
            Collection<Node> brokers = await(cluster.nodes(), "describe the cluster");
            Set<AclOperation> onCluster = await(cluster.authorizedOperations(), "describe the cluster");
            Map<String, String> config = config(admin, topic);
            TopicDurability durability = new TopicDurability(config == null ? Map.of() : config, where);
            if (description.partitions().size() != 1) {
                findings.add(Finding.problem(
                        "topic " + topic + " has " + description.partitions().size()
                                + " partitions: every reader refuses it (a registry topic has exactly one)"));
            }
            if (config == null) {
                findings.add(Finding.unknown("cannot read the configuration of topic " + topic + ": this caller"
                        + " lacks DescribeConfigs on it; run zdict registry check as a principal that has it"));
            } else {
                findings.addAll(durability.retention());
            }
            TopicPartitionInfo partition = description.partitions().get(0);
            if (partition.leader() == null || partition.leader().isEmpty()) {
                findings.add(Finding.problem("topic " + topic + " has no leader now: it cannot be read"));
            }
            findings.addAll(durability.replication(
                    brokers.size(), partition.replicas().size(), partition.isr().size()));
            if (config != null) {
                findings.addAll(durability.inSyncSettings(partition.replicas().size()));
            }
            findings.addAll(new TopicRecordsCheck(clientSettings, topic, TIMEOUT, where)
                    .run(config == null || durability.compacted()));
            findings.addAll(TopicAccess.of(topic, description.authorizedOperations(), onCluster));
        }
        return findings;
    }

    /** The topic's configuration, each entry's value in force; null if this caller may not describe it. */
    private Map<String, String> config(Admin admin, String topic) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config;
        try {
            config = await(admin.describeConfigs(List.of(resource)).all(), "describe the configuration of " + topic)
                    .get(resource);
        } catch (CliException e) {
            if (e.getCause() instanceof AuthorizationException) {
                return null;
            }
            throw e;
        }
        Map<String, String> values = new HashMap<>();
        for (ConfigEntry entry : config.entries()) {
            if (entry.value() != null) {
                values.put(entry.name(), entry.value());
            }
        }
        return values;
    }

    /** The result of a request; a refusal, a missing topic or no answer within the timeout is a CliException. */
    private <T> T await(KafkaFuture<T> future, String what) {
        String where = location.withoutSettings();
        try {
            return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UnknownTopicOrPartitionException) {
                throw new CliException("No registry topic '" + location.topic() + "' on " + location.bootstrapServers()
                        + ": nothing to check (" + where + ")");
            }
            if (cause instanceof AuthorizationException) {
                throw new CliException(
                        "Not authorized to " + what + " on " + where + " ("
                                + cause.getClass().getSimpleName()
                                + "): zdict registry check needs Describe (Read implies it) and, to judge the"
                                + " configuration, DescribeConfigs on the topic",
                        cause);
            }
            if (cause instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw new CliException(
                        "Cannot " + what + " on " + where + ": no answer in time (" + cause.getMessage()
                                + "); is the cluster reachable?",
                        cause);
            }
            throw new CliException("Cannot " + what + " on " + where + ": " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new CliException("Cannot " + what + " on " + where + ": no answer within " + TIMEOUT.toSeconds()
                    + " s; is the cluster reachable?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("Interrupted while waiting to " + what + " on " + where);
        }
    }
}
