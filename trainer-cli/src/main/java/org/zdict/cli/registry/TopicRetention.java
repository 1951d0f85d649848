package org.zdict.cli.registry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.zdict.cli.CliException;

/**
 * How long the topics a registry's versions serve keep their records: {@code retention.ms} of each, read
 * with one {@code describeConfigs} call. A topic that keeps records forever (retention -1, or compaction
 * without deletion) is refused: no version its records use can ever be removed safely.
 */
final class TopicRetention {
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private TopicRetention() {}

    /** The retention of each topic, by name, in the order given. */
    static Map<String, Duration> read(Map<String, Object> clientSettings, List<String> topics) {
        Map<String, Object> settings = new java.util.HashMap<>(clientSettings);
        settings.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        settings.putIfAbsent(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        Object servers = settings.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        List<ConfigResource> resources = new ArrayList<>();
        for (String topic : topics) {
            resources.add(new ConfigResource(ConfigResource.Type.TOPIC, topic));
        }
        Map<String, Duration> retention = new LinkedHashMap<>();
        try (Admin admin = Admin.create(settings)) {
            Map<ConfigResource, KafkaFuture<Config>> configs =
                    admin.describeConfigs(resources).values();
            for (ConfigResource resource : resources) {
                retention.put(resource.name(), retentionOf(resource.name(), configOf(resource, configs, servers)));
            }
        } catch (TimeoutException e) {
            throw new CliException("Cannot read the retention of --topic " + topics + " on " + servers + " within "
                    + TIMEOUT.toSeconds() + " s: is the cluster reachable? Nothing was removed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("Interrupted while reading topic retention; nothing was removed");
        }
        return retention;
    }

    /** The configuration of one topic; a topic that does not exist is named. */
    private static Config configOf(
            ConfigResource topic, Map<ConfigResource, KafkaFuture<Config>> configs, Object servers)
            throws InterruptedException, TimeoutException {
        try {
            return configs.get(topic).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new CliException("Cannot read the retention of --topic " + topic.name() + ": no topic '"
                        + topic.name() + "' on " + servers + "; nothing was removed");
            }
            throw new CliException(
                    "Cannot read the retention of --topic " + topic.name() + " on " + servers + ": "
                            + e.getCause().getMessage() + "; nothing was removed",
                    e.getCause());
        }
    }

    private static Duration retentionOf(String topic, Config config) {
        ConfigEntry policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
        if (policy != null && policy.value() != null && !policy.value().contains(TopicConfig.CLEANUP_POLICY_DELETE)) {
            throw new CliException("Topic " + topic + " has cleanup.policy=" + policy.value()
                    + ": it keeps records until they are overwritten, so no retention tells when a version's"
                    + " records are gone; give --older-than DURATION if you know, or --force. Nothing was removed");
        }
        ConfigEntry entry = config.get(TopicConfig.RETENTION_MS_CONFIG);
        long ms = entry == null || entry.value() == null ? -1 : Long.parseLong(entry.value());
        if (ms < 0) {
            throw new CliException(String.format(
                    Locale.ROOT,
                    "Topic %s has retention.ms=%d: it keeps records forever, so versions they use must stay;"
                            + " nothing was removed",
                    topic,
                    ms));
        }
        return Duration.ofMillis(ms);
    }
}
