package org.zdict.cli.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zdict.cli.registry.Finding.Verdict;
import org.zdict.kafka.admin.RegistryTopicSettings;

class TopicDurabilityTest {
    private static final String LOCATION = "kafka://broker:9092/_zdict_registry";

    private static Map<String, String> durable(String... overrides) {
        Map<String, String> config = new HashMap<>(RegistryTopicSettings.DURABLE);
        config.put("min.insync.replicas", "2");
        config.put("unclean.leader.election.enable", "false");
        for (int i = 0; i < overrides.length; i += 2) {
            config.put(overrides[i], overrides[i + 1]);
        }
        return config;
    }

    private static List<Finding> all(Map<String, String> config, int brokers, int replicas) {
        TopicDurability durability = new TopicDurability(config, LOCATION);
        List<Finding> findings = new java.util.ArrayList<>(durability.retention());
        findings.addAll(durability.replication(brokers, replicas, replicas));
        findings.addAll(durability.inSyncSettings(replicas));
        return findings;
    }

    private static List<String> risks(List<Finding> findings) {
        return findings.stream()
                .filter(f -> f.verdict() == Verdict.RISK)
                .map(Finding::text)
                .toList();
    }

    @Test
    void theDurableSettingsOnThreeReplicasAreSound() {
        List<Finding> findings = all(durable(), 3, 3);

        assertEquals(List.of(), risks(findings));
        assertEquals(0, Finding.exitCode(findings));
    }

    @Test
    void oneReplicaOnOneBrokerIsANoteButOnThreeBrokersARisk() {
        assertEquals(0, Finding.exitCode(all(durable("min.insync.replicas", "1"), 1, 1)));
        assertEquals(
                List.of("replication factor 1 on a cluster of 3 brokers: losing the brokers that hold it loses the"
                        + " registry; give it 3 replicas (kafka-reassign-partitions.sh)"),
                risks(all(durable("min.insync.replicas", "1"), 3, 1)));
    }

    @Test
    void aCompactedTopicIsARiskNamingMigrate() {
        List<String> risks = risks(all(durable("cleanup.policy", "compact"), 3, 3));

        assertEquals(1, risks.size(), risks::toString);
        assertTrue(risks.get(0).startsWith("cleanup.policy=compact: compacted"), risks::toString);
        assertTrue(risks.get(0).endsWith("fix: zdict registry migrate --registry " + LOCATION), risks::toString);
    }

    @Test
    void finiteRetentionAndWriterTimestampsAreRisks() {
        List<String> risks = risks(all(
                durable("retention.ms", "604800000", "retention.bytes", "1000", "message.timestamp.type", "CreateTime"),
                3,
                3));

        assertEquals(3, risks.size(), risks::toString);
        assertTrue(risks.get(0).startsWith("retention.ms=604800000 (PT168H): "), risks::toString);
        assertTrue(risks.get(1).startsWith("retention.bytes=1000: "), risks::toString);
        assertTrue(risks.get(2).startsWith("message.timestamp.type=CreateTime: "), risks::toString);
    }

    @Test
    void oneInSyncReplicaOfThreeAndUncleanElectionAreRisks() {
        List<String> risks =
                risks(all(durable("min.insync.replicas", "1", "unclean.leader.election.enable", "true"), 3, 3));

        assertEquals(2, risks.size(), risks::toString);
        assertTrue(risks.get(0).startsWith("min.insync.replicas=1 with 3 replicas: "), risks::toString);
        assertTrue(risks.get(1).startsWith("unclean.leader.election.enable=true: "), risks::toString);
    }

    @Test
    void moreInSyncReplicasThanReplicasStopsPublishing() {
        List<String> risks = risks(all(durable("min.insync.replicas", "3"), 3, 2));

        assertTrue(
                risks.contains("min.insync.replicas=3 exceeds the replication factor 2: every publish fails"
                        + " (NotEnoughReplicas); lower it or add replicas"),
                risks::toString);
    }

    @Test
    void aReplicaOutOfSyncIsARisk() {
        List<Finding> findings = new TopicDurability(durable(), LOCATION).replication(3, 3, 2);

        assertEquals(List.of("only 2 of the 3 replicas are in sync now"), risks(findings));
    }
}
