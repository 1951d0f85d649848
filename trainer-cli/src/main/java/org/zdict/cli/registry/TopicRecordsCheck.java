package org.zdict.cli.registry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.zdict.kafka.admin.RegistryTopicAudit;
import org.zdict.kafka.admin.RegistryTopicAudit.Claim;

/**
 * Reads the registry topic from its first offset with a plain consumer (no group, nothing committed) and
 * says whether every version's dictionary record is there and verifies, by the rules every reader follows
 * ({@link RegistryTopicAudit}).
 */
final class TopicRecordsCheck {
    private final Map<String, Object> clientSettings;
    private final String topic;
    private final Duration timeout;
    private final String migrate;

    /**
     * @param clientSettings settings for a Kafka client of the cluster
     * @param location the registry, for the fix commands
     */
    TopicRecordsCheck(Map<String, Object> clientSettings, String topic, Duration timeout, String location) {
        this.clientSettings = clientSettings;
        this.topic = topic;
        this.timeout = timeout;
        this.migrate = TopicDurability.migrate(location);
    }

    /**
     * The findings about the records.
     *
     * @param compacted whether the topic is compacted, so that a later record under a dictionary's key
     *     erases it at the next compaction
     */
    List<Finding> run(boolean compacted) {
        RegistryTopicAudit audit = new RegistryTopicAudit();
        TopicPartition partition = new TopicPartition(topic, 0);
        long first;
        long end;
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(consumerSettings(), new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            first = consumer.beginningOffsets(List.of(partition), timeout).get(partition);
            end = consumer.endOffsets(List.of(partition), timeout).get(partition);
            consumer.seek(partition, first);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (consumer.position(partition, timeout) < end) {
                if (System.nanoTime() - deadline > 0) {
                    return List.of(Finding.problem("could not read the topic's records up to offset " + end
                            + " within " + timeout.toSeconds() + " s (read up to " + consumer.position(partition)
                            + ")"));
                }
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    audit.apply(record.offset(), record.key(), record.value());
                    deadline = System.nanoTime() + timeout.toNanos();
                }
            }
        } catch (KafkaException e) {
            return List.of(Finding.problem("cannot read the topic's records: " + e.getMessage()
                    + " (reading it needs Read on topic " + topic + ")"));
        }
        return findings(audit, first, end, compacted, migrate);
    }

    static List<Finding> findings(RegistryTopicAudit audit, long first, long end, boolean compacted, String migrate) {
        List<Finding> findings = new ArrayList<>();
        findings.add(Finding.note("read " + audit.records() + " records, from offset " + first + " to the end offset "
                + end
                + (first > 0 && !compacted
                        ? " (the records before offset " + first
                                + " were deleted: zdict registry purge, retention or kafka-delete-records)"
                        : "")));
        for (int version : audit.missing()) {
            findings.add(Finding.problem("version " + version + " (" + audit.status(version) + "): its dictionary"
                    + " record is not in the topic (compacted away or deleted), and the registry never removed it;"
                    + " payloads written with it decode only where a local copy or a backup still holds it"));
        }
        SortedSet<Integer> verified = new TreeSet<>();
        for (Claim claim : audit.claims().values()) {
            if (audit.removed().contains(claim.version())) {
                continue;
            }
            verified.add(claim.version());
            if (claim.overwrittenAt() < 0) {
                continue;
            }
            String overwritten = "version " + claim.version() + ": a later record under its key " + claim.key()
                    + " (offset " + claim.overwrittenAt() + ")";
            findings.add(
                    compacted
                            ? Finding.problem(overwritten + " makes the next compaction erase its dictionary record"
                                    + " (offset " + claim.offset() + "); stop compaction now: " + migrate)
                            : Finding.note(overwritten + " changes nothing: the topic is not compacted"));
        }
        if (verified.isEmpty() && audit.missing().isEmpty()) {
            findings.add(Finding.note("no versions: nothing published yet"));
        } else if (!verified.isEmpty()) {
            findings.add(Finding.ok("versions " + join(verified) + ": each dictionary record present, its bytes"
                    + " matching its SHA-256 (the first valid claim of each number, as every reader takes it)"));
        }
        SortedSet<Integer> removedKept = new TreeSet<>(audit.removed());
        removedKept.retainAll(audit.claims().keySet());
        if (!removedKept.isEmpty()) {
            findings.add(Finding.note("removed versions " + join(removedKept) + ": their records are still in the"
                    + " topic; readers no longer serve them"));
        }
        if (!audit.skipped().isEmpty()) {
            findings.add(Finding.note("records every reader skips, by reason: "
                    + audit.skipped().entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", "))
                    + " (docs/SECURITY.md)"));
        }
        return findings;
    }

    private Map<String, Object> consumerSettings() {
        Map<String, Object> config = new HashMap<>(clientSettings);
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "zdict-registry-check-" + topic);
        config.putIfAbsent(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        config.putIfAbsent(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        return config;
    }

    private static String join(SortedSet<Integer> versions) {
        return versions.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
