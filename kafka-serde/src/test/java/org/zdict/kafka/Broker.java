package org.zdict.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One real KRaft broker (combined with its controller) for a test class. Public for trainer-cli's
 * integration tests, which take it from this module's test jar.
 */
public final class Broker implements AutoCloseable {
    private final KafkaClusterTestKit cluster;

    private Broker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static Broker start() throws Exception {
        return start(Map.of());
    }

    /** A broker with {@code brokerConfig} on top of the single-broker defaults (which it may override). */
    public static Broker start(Map<String, String> brokerConfig) throws Exception {
        KafkaClusterTestKit.Builder builder = singleNode(new TestKitNodes.Builder());
        brokerConfig.forEach(builder::setConfigProp);
        return new Broker(started(builder));
    }

    /**
     * The test kit's builder for one node that is broker and controller, with the settings one broker
     * needs (replication factor 1, no rebalance delay, one partition per topic).
     *
     * @param nodes the node settings so far (a listener's security protocol, for example)
     */
    static KafkaClusterTestKit.Builder singleNode(TestKitNodes.Builder nodes) {
        return new KafkaClusterTestKit.Builder(nodes.setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("offsets.topic.num.partitions", "2")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("num.partitions", "1");
    }

    /** Builds, formats and starts the cluster, and waits until its broker is ready. */
    static KafkaClusterTestKit started(KafkaClusterTestKit.Builder builder) throws Exception {
        KafkaClusterTestKit cluster = builder.build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return cluster;
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** The broker's log folder(s), where segment files live. */
    public List<String> logDirs() {
        return cluster.brokers().values().iterator().next().config().logDirs();
    }

    public Admin admin() {
        return cluster.admin();
    }

    public void createTopic(String topic, int partitions) throws Exception {
        createTopic(topic, partitions, Map.of());
    }

    public void createTopic(String topic, int partitions, Map<String, String> configs) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty()).configs(configs)))
                    .all()
                    .get();
        }
    }

    public Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put("bootstrap.servers", bootstrapServers());
        return config;
    }

    /**
     * Every record of {@code topic}'s partition 0 as it is stored, tombstones included, read raw from its
     * first offset to the end it had when the read began.
     */
    public List<ConsumerRecord<String, byte[]>> records(String topic) {
        TopicPartition partition = new TopicPartition(topic, 0);
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(clientConfig(), new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        return records;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
