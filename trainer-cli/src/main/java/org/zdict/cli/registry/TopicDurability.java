package org.zdict.cli.registry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.zdict.kafka.admin.RegistryTopicSettings;

/**
 * What a registry topic's configuration means for its dictionaries: how records leave it (cleanup policy,
 * retention), whose clock stamps them, and how many brokers must fail to lose one (replication, {@code
 * min.insync.replicas}, unclean leader election). One finding per setting; what is wrong names the fix.
 * A topic on a one-broker cluster cannot have more than one replica: that is a note, not a risk.
 */
final class TopicDurability {
    /** The replication factor a registry topic should reach where the cluster allows it. */
    static final int WANTED_REPLICAS = 3;

    private final Map<String, String> config;
    private final String migrate;

    /**
     * @param config the topic's configuration, every entry with its value in force
     * @param location the registry, for the fix commands
     */
    TopicDurability(Map<String, String> config, String location) {
        this.config = config;
        this.migrate = migrate(location);
    }

    /** The findings about how records leave the topic and whose clock stamps them. */
    List<Finding> retention() {
        List<Finding> findings = new ArrayList<>();
        String policy = config.getOrDefault(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE);
        boolean compacted = policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT);
        boolean deletes = policy.contains(TopicConfig.CLEANUP_POLICY_DELETE);
        if (compacted) {
            findings.add(Finding.risk("cleanup.policy=" + policy + ": compacted (a topic created by hand"
                    + " or by another tool); a tombstone or any other record under a dictionary's key, from anyone who"
                    + " may write the topic, makes the next compaction erase that dictionary; fix: " + migrate));
        }
        long ms = longSetting(TopicConfig.RETENTION_MS_CONFIG);
        long bytes = longSetting(TopicConfig.RETENTION_BYTES_CONFIG);
        if (deletes && ms >= 0) {
            findings.add(Finding.risk("retention.ms=" + ms + " (" + Duration.ofMillis(ms) + "): the broker deletes"
                    + " every record older than that, dictionaries included; fix: " + migrate));
        }
        if (deletes && bytes >= 0) {
            findings.add(Finding.risk("retention.bytes=" + bytes + ": the broker deletes the oldest records past"
                    + " that size, dictionaries included; fix: " + migrate));
        }
        if (!compacted && ms < 0 && bytes < 0) {
            findings.add(Finding.ok("cleanup.policy=" + policy + ", retention.ms=-1, retention.bytes=-1:"
                    + " append-only; no later record erases a dictionary, and the broker deletes none"));
        }
        String timestamps = config.getOrDefault(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "CreateTime");
        if (timestamps.equals(RegistryTopicSettings.LOG_APPEND_TIME)) {
            findings.add(Finding.ok("message.timestamp.type=" + timestamps + ": the broker stamps each record as it"
                    + " appends it, so retirement and removal graces run on the broker's clock"));
        } else {
            findings.add(Finding.risk("message.timestamp.type=" + timestamps + ": each record carries the time its"
                    + " writer states, so a writer's clock decides when graces end; fix: " + migrate));
        }
        return findings;
    }

    /**
     * The findings about how many brokers hold each record (known without the topic's configuration).
     *
     * @param brokers the number of brokers in the cluster
     * @param replicas the topic's replication factor (replicas of its partition)
     * @param inSync how many of them are in sync now
     */
    List<Finding> replication(int brokers, int replicas, int inSync) {
        List<Finding> findings = new ArrayList<>();
        int wanted = Math.min(WANTED_REPLICAS, brokers);
        if (brokers == 1 && replicas == 1) {
            findings.add(Finding.note("replication factor 1 on a cluster of 1 broker, all it allows: losing that"
                    + " broker's disk loses the registry; keep backups (zdict registry export --all), and give the"
                    + " topic " + WANTED_REPLICAS + " replicas on a cluster of " + WANTED_REPLICAS + " brokers"));
        } else if (replicas < wanted) {
            findings.add(Finding.risk("replication factor " + replicas + " on a cluster of " + brokers + " brokers:"
                    + " losing the brokers that hold it loses the registry; give it " + wanted
                    + " replicas (kafka-reassign-partitions.sh)"));
        } else {
            findings.add(Finding.ok("replication factor " + replicas + " on a cluster of " + brokers + " brokers"));
        }
        if (inSync < replicas) {
            findings.add(Finding.risk("only " + inSync + " of the " + replicas + " replicas are in sync now"));
        }
        return findings;
    }

    /**
     * The findings about which replicas must hold a record before it counts, and which may lead.
     *
     * @param replicas the topic's replication factor
     */
    List<Finding> inSyncSettings(int replicas) {
        List<Finding> findings = new ArrayList<>();
        long minInSync = Math.max(1, longSetting(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG));
        if (minInSync > replicas) {
            findings.add(Finding.risk("min.insync.replicas=" + minInSync + " exceeds the replication factor " + replicas
                    + ": every publish fails (NotEnoughReplicas); lower it or add replicas"));
        } else if (replicas > 1 && minInSync < 2) {
            findings.add(Finding.risk("min.insync.replicas=" + minInSync + " with " + replicas + " replicas: a"
                    + " publish is acknowledged once one broker holds it, and lost with that broker; set"
                    + " min.insync.replicas=2 (publishers write with acks=all)"));
        } else {
            findings.add(Finding.ok("min.insync.replicas=" + minInSync + ", replication factor " + replicas
                    + ": a publish (acks=all) is acknowledged once that many brokers hold it"));
        }
        if (Boolean.parseBoolean(config.get(TopicConfig.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG))) {
            findings.add(Finding.risk("unclean.leader.election.enable=true: a replica that is not in sync may"
                    + " become leader and drop acknowledged records, dictionaries included; set it to false"));
        } else {
            findings.add(Finding.ok("unclean.leader.election.enable=false: only an in-sync replica becomes leader"));
        }
        return findings;
    }

    /** {@return the command that gives the registry at {@code location} the durable configuration} */
    static String migrate(String location) {
        return "zdict registry migrate --registry " + location;
    }

    /** Whether the topic is compacted (its cleanup policy includes compact). */
    boolean compacted() {
        return config.getOrDefault(TopicConfig.CLEANUP_POLICY_CONFIG, "").contains(TopicConfig.CLEANUP_POLICY_COMPACT);
    }

    private long longSetting(String name) {
        String value = config.get(name);
        try {
            return value == null ? -1 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
