package org.zdict.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.ChildBroker;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Spark's own Kafka source ({@code spark-sql-kafka-0-10}, with the kafka-clients it brings) reads a zdict
 * topic written across a v1 → v2 roll-out from the build's broker in a child JVM, and {@code zdict_decode}
 * gives back every value exactly, in order; SQL and {@link ZdictFunctions} alike.
 *
 * <p>As in {@link ZdictFunctionsTest}, Maven puts zdict's zstd-jni before Spark's older one on this class
 * path; under {@code spark-submit} Spark's own comes first, which spark-it's SparkInstallationIT covers.
 */
class SparkKafkaSourceIT {
    private static final String TOPIC = "events";
    private static final String SINK_TOPIC = "encoded";
    private static final int PER_VERSION = 60;

    @TempDir
    static Path temp;

    private static ChildBroker broker;
    private static SparkSession spark;

    @BeforeAll
    static void start() throws Exception {
        broker = ChildBroker.start(temp.resolve("broker"));
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1), new NewTopic(SINK_TOPIC, 1, (short) 1)))
                    .all()
                    .get();
        }
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("zdict-spark-kafka-it")
                .config("spark.sql.extensions", ZdictExtensions.class.getName())
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }

    @AfterAll
    static void stop() throws Exception {
        if (spark != null) {
            spark.stop();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theKafkaSourceReadsEveryValueOfARolloutThroughZdictDecode() throws Exception {
        assertEquals("3.9.2", AppInfoParser.getVersion(), "the kafka-clients of spark-sql-kafka-0-10 4.2.0");
        String registry = temp.resolve("registry").toString();
        List<byte[]> samples = SampleEvents.synthetic(1200, 5);
        List<byte[]> events = samples.subList(1000, 1200);
        List<byte[]> sent = new ArrayList<>();
        try (DictionaryRegistry admin = DictionaryRegistries.openOrCreate(registry, Map.of())) {
            admin.publish(TestTrainer.train(samples.subList(0, 500), 4096, 3), 3, Map.of());
            admin.activate(1);
            produce(registry, events.subList(0, PER_VERSION), sent);
            admin.publish(TestTrainer.train(samples.subList(500, 1000), 4096, 3), 3, Map.of());
            admin.activate(2);
            // a producer configured after the activation compresses with v2 from its first record
            produce(registry, events.subList(PER_VERSION, 2 * PER_VERSION), sent);
        }

        List<Row> raw = kafka().select(col("value")).collectAsList();
        assertEquals(sent.size(), raw.size());
        for (int i = 0; i < raw.size(); i++) {
            byte[] value = (byte[]) raw.get(i).get(0);
            assertEquals(
                    i < PER_VERSION ? 1 : 2,
                    PayloadPrefix.read(value, 0, value.length).version(),
                    "record " + i);
        }

        kafka().createOrReplaceTempView("events");
        List<Row> bySql = spark.sql(
                        "SELECT offset, zdict_decode(value, '" + registry + "') FROM events ORDER BY offset")
                .collectAsList();
        List<Row> byColumn = kafka().select(col("offset"), ZdictFunctions.zdict_decode(col("value"), registry))
                .orderBy(col("offset"))
                .collectAsList();
        for (List<Row> decoded : List.of(bySql, byColumn)) {
            assertEquals(sent.size(), decoded.size());
            for (int i = 0; i < sent.size(); i++) {
                assertEquals(i, decoded.get(i).getLong(0));
                assertArrayEquals(sent.get(i), (byte[]) decoded.get(i).get(1), "record " + i);
            }
        }
        System.out.printf(
                "spark-kafka-it: %d records (v1 %d, v2 %d) decoded from Spark's Kafka source, kafka-clients %s%n",
                sent.size(), PER_VERSION, PER_VERSION, AppInfoParser.getVersion());
    }

    @Test
    void valuesWrittenThroughTheKafkaSinkWithZdictEncodeAreReadByAPlainConsumer() throws Exception {
        String registry = temp.resolve("sink-registry").toString();
        List<byte[]> samples = SampleEvents.synthetic(700, 9);
        List<byte[]> events = samples.subList(500, 700);
        try (DictionaryRegistry admin = DictionaryRegistries.openOrCreate(registry, Map.of())) {
            admin.publish(TestTrainer.train(samples.subList(0, 500), 4096, 3), 3, Map.of());
            admin.activate(1);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            rows.add(RowFactory.create(i, events.get(i)));
        }
        StructType schema =
                new StructType().add("id", DataTypes.IntegerType, false).add("value", DataTypes.BinaryType, true);
        spark.createDataFrame(rows, schema)
                .orderBy(col("id"))
                .coalesce(1)
                .select(ZdictFunctions.zdict_encode(col("value"), registry).as("value"))
                .write()
                .format("kafka")
                .option("kafka.bootstrap.servers", broker.bootstrapServers())
                .option("topic", SINK_TOPIC)
                .save();

        Map<String, Object> settings = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ZdictSerdeConfig.REGISTRY_CONFIG,
                registry);
        List<byte[]> read = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), deserializer(registry))) {
            TopicPartition partition = new TopicPartition(SINK_TOPIC, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (read.size() < events.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    read.add(record.value());
                }
            }
        }
        assertEquals(events.size(), read.size());
        for (int i = 0; i < events.size(); i++) {
            assertArrayEquals(events.get(i), read.get(i), "record " + i);
        }
    }

    private static ZdictDeserializer<byte[]> deserializer(String registry) {
        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>();
        deserializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry), false);
        return deserializer;
    }

    /** The topic, read from its beginning to its end by the Kafka source (a batch query). */
    private static org.apache.spark.sql.Dataset<Row> kafka() {
        return spark.read()
                .format("kafka")
                .option("kafka.bootstrap.servers", broker.bootstrapServers())
                .option("subscribe", TOPIC)
                .option("startingOffsets", "earliest")
                .option("endingOffsets", "latest")
                .load();
    }

    private static void produce(String registry, List<byte[]> values, List<byte[]> sent) {
        Map<String, Object> settings = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class.getName(),
                ZdictSerdeConfig.REGISTRY_CONFIG, registry);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(settings)) {
            for (byte[] value : values) {
                producer.send(new ProducerRecord<>(TOPIC, value));
                sent.add(value);
            }
        }
    }
}
