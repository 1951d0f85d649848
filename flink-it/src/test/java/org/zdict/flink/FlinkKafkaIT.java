package org.zdict.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.ZdictBytesDeserializer;
import org.zdict.kafka.ZdictBytesSerializer;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.ChildBroker;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * A Flink job on a MiniCluster reads a zdict topic with {@code KafkaSource} and
 * {@code KafkaRecordDeserializationSchema.valueOnly(ZdictBytesDeserializer.class, settings)} and writes the values
 * with {@code KafkaSink} and {@code setKafkaValueSerializer(ZdictBytesSerializer.class, settings)}, against a real
 * broker (in a child JVM) and a {@code kafka://} registry on it. The input topic is written by a plain
 * producer that meets a roll-out (v2 activated halfway); a plain consumer reads the output, which must hold
 * every input value, unchanged and in order.
 */
class FlinkKafkaIT {
    private static final String INPUT = "flink-input";
    private static final String OUTPUT = "flink-output";
    private static final String REGISTRY_TOPIC = "_zdict_flink";
    private static final int EVENTS_PER_VERSION = 150;
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(1)
            .setNumberSlotsPerTaskManager(1)
            .build());

    @TempDir
    static Path temp;

    private static ChildBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = ChildBroker.start(temp.resolve("broker"));
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(INPUT, 1, (short) 1), new NewTopic(OUTPUT, 1, (short) 1)))
                    .all()
                    .get();
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aFlinkJobCopiesEveryValueThroughZdictSourceAndSinkAcrossARollout() throws Exception {
        assertEquals("4.2.0", AppInfoParser.getVersion(), "the kafka-clients of flink-connector-kafka 5.0.0-2.2");
        String location = "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC;
        Map<String, String> settings = Map.of(
                ZdictSerdeConfig.REGISTRY_CONFIG,
                location,
                KafkaRegistryConfig.CACHE_DIR_CONFIG,
                temp.resolve("registry-cache").toString());
        List<byte[]> samples = SampleEvents.synthetic(1400, 7);
        byte[] v1 = TestTrainer.train(samples.subList(0, 500), 4096, 3);
        byte[] v2 = TestTrainer.train(samples.subList(500, 1000), 4096, 3);
        List<byte[]> events = samples.subList(1000, 1400);

        List<byte[]> sent;
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(location, settings)) {
            registry.publish(v1, 3, Map.of());
            registry.activate(1);
            sent = produceWithRollout(settings, registry, v2, events);
        }
        List<Integer> inputVersions = versions(readRaw(INPUT, sent.size()));
        int firstV2 = inputVersions.indexOf(2);
        assertTrue(firstV2 >= EVENTS_PER_VERSION, "v1 records before the roll-out: " + firstV2);
        assertEquals(Collections.nCopies(firstV2, 1), inputVersions.subList(0, firstV2));
        assertEquals(
                Collections.nCopies(sent.size() - firstV2, 2), inputVersions.subList(firstV2, inputVersions.size()));

        assertEquals(List.of(), registryThreads(), "after the producer and the test's registry closed");
        runFlinkJob(broker.bootstrapServers(), settings);
        // Flink's wrappers never call close() on the serdes: zdict lets go of the registry once they are garbage
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!registryThreads().isEmpty() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(200);
        }
        assertEquals(List.of(), registryThreads(), "after the job's serdes were collected");

        List<byte[]> copied = readWithZdict(OUTPUT, sent.size(), settings);
        assertEquals(sent.size(), copied.size());
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(sent.get(i), copied.get(i), "value " + i + " of the output topic");
        }
        // the job's serializer compressed with the registry's active version, v2
        assertEquals(Collections.nCopies(sent.size(), 2), versions(readRaw(OUTPUT, sent.size())));
        System.out.printf(
                "flink-it: %d values (v1 %d, v2 %d) copied by a Flink job, kafka-clients %s%n",
                sent.size(), firstV2, sent.size() - firstV2, AppInfoParser.getVersion());
    }

    /** The job, as docs/KAFKA.md shows it: zdict values in, the same values out, zdict-compressed again. */
    private static void runFlinkJob(String bootstrapServers, Map<String, String> settings) throws Exception {
        KafkaSource<byte[]> source = KafkaSource.<byte[]>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopics(INPUT)
                .setGroupId("flink-it")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setDeserializer(KafkaRecordDeserializationSchema.valueOnly(ZdictBytesDeserializer.class, settings))
                .build();
        KafkaSink<byte[]> sink = KafkaSink.<byte[]>builder()
                .setBootstrapServers(bootstrapServers)
                .setRecordSerializer(KafkaRecordSerializationSchema.<byte[]>builder()
                        .setTopic(OUTPUT)
                        .setKafkaValueSerializer(ZdictBytesSerializer.class, settings)
                        .build())
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .build();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "zdict events").sinkTo(sink);
        env.execute("zdict round trip");
    }

    /**
     * Sends {@link #EVENTS_PER_VERSION} of {@code events} with v1 active, publishes and activates {@code v2}
     * and sends on until the producer's serializer has switched to it, then {@link #EVENTS_PER_VERSION} more.
     * Returns the values sent, in order.
     */
    private static List<byte[]> produceWithRollout(
            Map<String, String> settings, DictionaryRegistry registry, byte[] v2, List<byte[]> events)
            throws Exception {
        Map<String, Object> producerSettings = new HashMap<>(settings);
        producerSettings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        producerSettings.put(ProducerConfig.CLIENT_ID_CONFIG, "flink-it-producer");
        producerSettings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        producerSettings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class.getName());
        List<byte[]> sent = new ArrayList<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerSettings)) {
            send(producer, events, sent, EVENTS_PER_VERSION);
            registry.publish(v2, 3, Map.of());
            registry.activate(2);
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (serializedWithV2() == 0) {
                assertTrue(System.nanoTime() < deadline, "the producer did not switch to v2 within " + DEADLINE);
                send(producer, events, sent, 1);
                producer.flush();
                Thread.sleep(10);
            }
            send(producer, events, sent, EVENTS_PER_VERSION);
        }
        return sent;
    }

    private static void send(KafkaProducer<byte[], byte[]> producer, List<byte[]> events, List<byte[]> sent, int n) {
        for (int i = 0; i < n; i++) {
            byte[] value = events.get(sent.size() % events.size());
            producer.send(new ProducerRecord<>(INPUT, value));
            sent.add(value);
        }
    }

    /** How many records the producer's serializer wrote with v2, from its metrics in this JVM's JMX. */
    private static long serializedWithV2() throws Exception {
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("zdict:type=plugins,client-id=flink-it-producer,config=value.serializer,"
                + "class=ZdictSerializer,version=2");
        return jmx.isRegistered(name) ? ((Number) jmx.getAttribute(name, "records-total")).longValue() : 0;
    }

    private static List<byte[]> readWithZdict(String topic, int count, Map<String, String> settings) {
        Map<String, Object> consumerSettings = new HashMap<>(settings);
        consumerSettings.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class.getName());
        return read(topic, count, consumerSettings);
    }

    private static List<byte[]> readRaw(String topic, int count) {
        Map<String, Object> consumerSettings = new HashMap<>();
        consumerSettings.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return read(topic, count, consumerSettings);
    }

    /** The first {@code count} values of {@code topic}, in order; fails if it holds fewer or more. */
    private static List<byte[]> read(String topic, int count, Map<String, Object> consumerSettings) {
        consumerSettings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        consumerSettings.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        consumerSettings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerSettings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<byte[]> values = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerSettings)) {
            consumer.assign(List.of(new TopicPartition(topic, 0)));
            consumer.seekToBeginning(consumer.assignment());
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (values.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
            }
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                values.add(record.value());
            }
        }
        assertEquals(count, values.size(), "records in " + topic);
        return values;
    }

    /** The threads that follow a Kafka registry in this JVM (one per open registry). */
    private static List<String> registryThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> name.startsWith("zdict-registry-"))
                .toList();
    }

    /** The dictionary version named by each zdict value's prefix. */
    private static List<Integer> versions(List<byte[]> values) {
        return values.stream()
                .map(value -> PayloadPrefix.read(value, 0, value.length).version())
                .toList();
    }
}
