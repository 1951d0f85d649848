package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.input.TopicReader;
import org.zdict.engine.input.TopicRecord;
import org.zdict.engine.input.TopicSampling;
import org.zdict.kafka.Broker;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * {@code --input kafka://...}: train and eval read the newest records of a real topic, decode what zdict
 * wrote, skip what cannot be decoded, and leave the topic's consumer groups as they were.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KafkaInputIT {
    static Broker cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = Broker.start(Map.of("offsets.topic.num.partitions", "1", "auto.create.topics.enable", "false"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String topic(String name) {
        return "kafka://" + cluster.bootstrapServers() + "/" + name;
    }

    private static void createTopic(String name, int partitions) throws Exception {
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(name, Optional.of(partitions), Optional.empty())))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            // A new partition takes a moment to get its leader; writing before would be retried. Under
            // load the new topic may even be missing from the metadata the describe reads for a moment.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!everyPartitionHasALeader(admin, name)) {
                assertTrue(System.nanoTime() < deadline, "no leader for every partition of " + name);
                Thread.sleep(50);
            }
        }
    }

    private static boolean everyPartitionHasALeader(Admin admin, String topic) throws Exception {
        try {
            return admin
                    .describeTopics(List.of(topic))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get(topic)
                    .partitions()
                    .stream()
                    .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return false;
            }
            throw e;
        }
    }

    /** Sends each value to partition {@code i % partitions} with timestamp {@code t0 + i}. */
    private static void send(String topic, int partitions, long t0, List<byte[]> values) throws Exception {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
        // The test kit's new partitions answer the first idempotent writes out of order: plain writes
        // one request at a time keep the counts exact.
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, i % partitions, t0 + i, null, values.get(i))));
            }
            for (java.util.concurrent.Future<?> future : sent) {
                future.get(60, TimeUnit.SECONDS);
            }
        }
    }

    private static Set<String> groups() throws Exception {
        try (Admin admin = cluster.admin()) {
            return admin.listGroups().all().get(30, TimeUnit.SECONDS).stream()
                    .map(GroupListing::groupId)
                    .collect(Collectors.toSet());
        }
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed(String group) throws Exception {
        try (Admin admin = cluster.admin()) {
            return admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /** A real consumer group of the topic, with offsets committed in the middle of each partition. */
    private static void commitMidway(String group, String topic, int partitions) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                offsets.put(new TopicPartition(topic, p), new OffsetAndMetadata(5 + p));
            }
            consumer.commitSync(offsets);
        }
    }

    @Test
    void trainsOnAMixedTopicDecodingZdictValuesSkippingUndecodableOnesAndJoiningNoGroup() throws Exception {
        Path registryDir = dir.resolve("mixed-registry");
        Path seedEvents = Cli.syntheticEvents(dir, "seed.jsonl", 1500, 3);
        assertEquals(0, Cli.trainSmall(seedEvents, registryDir).exitCode());

        List<byte[]> plain = SampleEvents.synthetic(600, 11);
        List<byte[]> encoded = new ArrayList<>();
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer())) {
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString()), false);
            for (byte[] event : SampleEvents.synthetic(600, 12)) {
                encoded.add(serializer.serialize("mixed", event)); // as producers write them: no checksum
            }
        }
        byte[] unknownVersion = encoded.get(1).clone();
        unknownVersion[1] = 99; // written with another registry's version 99
        byte[] damaged = java.util.Arrays.copyOf(encoded.get(0), encoded.get(0).length - 6); // truncated
        byte[] foreignMarker = {(byte) 0xDA, 9, 9, 9};
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            values.add(plain.get(i));
            values.add(encoded.get(i));
            if (i == 100) {
                values.add(unknownVersion);
            } else if (i == 300) {
                values.add(damaged);
            } else if (i == 500) {
                values.add(foreignMarker);
            }
        }
        createTopic("mixed", 3);
        send("mixed", 3, 1_700_000_000_000L, values);
        commitMidway("real-consumers", "mixed", 3);
        Set<String> groupsBefore = groups();
        Map<TopicPartition, OffsetAndMetadata> committedBefore = committed("real-consumers");

        Path report = dir.resolve("mixed-report.json");
        Cli.Result result = Cli.trainTiny(
                "--input",
                topic("mixed"),
                "--registry",
                registryDir.toString(),
                "--holdout-from",
                "latest",
                "--report-json",
                report.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.err().contains("zdict: skipped 3 event(s)"), result.toString());
        assertTrue(result.err().contains("partition"), "each skip names where it is: " + result);
        assertTrue(result.out().contains("Read 1,200 events"), result.toString());
        assertTrue(result.out().contains("Published as version 2"), result.toString());
        assertTrue(Files.readString(report).contains("\"kafka://" + cluster.bootstrapServers() + "/mixed\""));
        assertEquals(groupsBefore, groups(), "reading created or removed a consumer group");
        assertEquals(Set.of("real-consumers"), groups());
        assertEquals(committedBefore, committed("real-consumers"), "reading moved a group's committed offsets");
    }

    /**
     * A topic written by producers of another registry: most values cannot be decoded with the one given,
     * and the refusal says so, with how many, which registry and why, instead of blaming the events.
     */
    @Test
    void refusesATopicMostlyWrittenWithAnotherRegistrySayingWhatHappened() throws Exception {
        Path theirs = dir.resolve("producers-registry");
        assertEquals(
                0,
                Cli.trainSmall(Cli.syntheticEvents(dir, "theirs-1.jsonl", 1500, 31), theirs)
                        .exitCode());
        assertEquals(
                0,
                Cli.trainSmall(Cli.syntheticEvents(dir, "theirs-2.jsonl", 1500, 32), theirs)
                        .exitCode());
        Path ours = dir.resolve("other-registry");
        assertEquals(
                0,
                Cli.trainSmall(Cli.syntheticEvents(dir, "ours.jsonl", 1500, 33), ours)
                        .exitCode());
        List<byte[]> values = new ArrayList<>();
        List<byte[]> events = SampleEvents.synthetic(300, 34);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(theirs);
                ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            for (int i = 0; i < events.size(); i++) {
                values.add(i % 20 == 0 ? events.get(i) : codec.compress(i % 2 == 0 ? 1 : 2, events.get(i)));
            }
        }
        createTopic("foreign", 1);
        send("foreign", 1, 1_700_000_000_000L, values);

        Cli.Result result = Cli.trainTiny("--input", topic("foreign"), "--registry", ours.toString());

        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(
                result.err().contains("285 value(s) read from Kafka could not be decoded with registry " + ours),
                result.toString());
        assertTrue(result.err().contains("150 written with version(s) 2, which it does not hold"), result.toString());
        assertTrue(result.err().contains("135 written with another dictionary than its version(s) 1"), result.err());
        assertTrue(result.err().contains("15 event(s) were kept"), result.err());
        assertTrue(result.err().contains("give that one as --registry"), result.err());
        assertFalse(result.err().contains("JSON events zdict is for"), result.err());

        Cli.Result without = Cli.trainTiny("--input", topic("foreign"));
        assertEquals(1, without.exitCode(), without.toString());
        assertTrue(
                without.err()
                        .contains("could not be decoded without a registry (285 written by zdict with version(s)"
                                + " 1, 2)"),
                without.err());
    }

    @Test
    void readsTheNewestRecordsAcrossPartitionsInTheOrderTheyWereWritten() throws Exception {
        createTopic("ordered", 3);
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 90; i++) {
            values.add(("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8));
        }
        long t0 = 1_700_000_000_000L;
        send("ordered", 3, t0, values);
        KafkaLocation location = KafkaLocation.parse(topic("ordered"));

        List<TopicRecord> newest =
                new TopicReader(location, new TopicSampling(20, null, 1 << 20)).read(ProgressListener.NONE);
        List<String> read = newest.stream()
                .map(r -> new String(r.value(), StandardCharsets.UTF_8))
                .toList();
        List<String> expected = new ArrayList<>();
        for (int i = 70; i < 90; i++) {
            expected.add("{\"n\":" + i + "}");
        }
        assertEquals(expected, read);

        List<TopicRecord> since = new TopicReader(
                        location, new TopicSampling(1000, java.time.Instant.ofEpochMilli(t0 + 85), 1 << 20))
                .read(ProgressListener.NONE);
        assertEquals(5, since.size());
        assertEquals(t0 + 85, since.get(0).timestamp());
        assertTrue(groups().stream().noneMatch(g -> g.startsWith("zdict")), groups().toString());
    }

    @Test
    void evalMeasuresTheActiveVersionOnATopic() throws Exception {
        Path registryDir = dir.resolve("eval-registry");
        assertEquals(
                0,
                Cli.trainSmall(Cli.syntheticEvents(dir, "eval-seed.jsonl", 1500, 5), registryDir)
                        .exitCode());
        createTopic("eval-events", 2);
        send("eval-events", 2, 1_700_000_000_000L, SampleEvents.synthetic(400, 21));

        Cli.Result result = Cli.run(
                "eval", "-q", "--input", topic("eval-events"), "--registry", registryDir.toString(), "--batch", "1");

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("on 400 events"), result.toString());
        assertTrue(result.out().contains("from kafka://"), result.toString());
        assertTrue(result.out().contains("Quick candidate"), "says whether a retrain would pay: " + result);
    }

    @Test
    void aMissingTopicAnEmptyOneAndAnUnreachableClusterFailClearlyAndInTime() throws Exception {
        String secret = "hunter2";
        Cli.Result missing =
                Cli.trainTiny("--input", topic("no-such-topic") + "?ssl.key.password=" + secret + "&client.id=x");
        assertEquals(1, missing.exitCode(), missing.toString());
        assertTrue(missing.err().contains("No topic 'no-such-topic'"), missing.toString());
        assertFalse(missing.err().contains(secret), "the error shows a secret setting: " + missing);

        createTopic("empty", 2);
        Cli.Result empty = Cli.trainTiny("--input", topic("empty"));
        assertEquals(1, empty.exitCode(), empty.toString());
        assertTrue(empty.err().contains("has no records"), empty.toString());
        assertTrue(empty.err().contains("found 0 events, at least 10 are needed"), empty.toString());

        createTopic("few", 2);
        send("few", 2, 1_700_000_000_000L, SampleEvents.synthetic(5, 3));
        Cli.Result few = Cli.trainTiny("--input", topic("few"));
        assertEquals(1, few.exitCode(), few.toString());
        assertTrue(few.err().contains("Too few events to train on: 5 read, at least 10 are needed"), few.toString());

        // retrain reads its input the same way, before it changes anything.
        Path registryDir = dir.resolve("bad-input-registry");
        assertEquals(
                0,
                Cli.trainSmall(Cli.syntheticEvents(dir, "bad-input-seed.jsonl", 1500, 4), registryDir)
                        .exitCode());
        for (String name : new String[] {"no-such-topic", "empty", "few"}) {
            Cli.Result retrain = Cli.run(
                    "retrain", "-q", "--input", topic(name), "--registry", registryDir.toString(), "--min-mbps", "0");
            assertEquals(1, retrain.exitCode(), retrain.toString());
            assertTrue(
                    retrain.err().contains(name.equals("few") ? "5 read, at least 10" : "'" + name + "'")
                            || retrain.err().contains("found 0 events, at least 10"),
                    retrain.toString());
        }
        long retrainStart = System.nanoTime();
        Cli.Result retrainUnreachable = Cli.run(
                "retrain",
                "-q",
                "--input",
                "kafka://127.0.0.1:1/events?default.api.timeout.ms=2000&request.timeout.ms=1500",
                "--registry",
                registryDir.toString());
        assertEquals(1, retrainUnreachable.exitCode(), retrainUnreachable.toString());
        assertTrue(retrainUnreachable.err().contains("2000 ms"), retrainUnreachable.toString());
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - retrainStart) < 20_000);
        assertEquals(1, DictionaryRegistries.openFolder(registryDir).list().size(), "a failed retrain published");

        long start = System.nanoTime();
        Cli.Result unreachable = Cli.trainTiny(
                "--input", "kafka://127.0.0.1:1/events?default.api.timeout.ms=2000&request.timeout.ms=1500");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(1, unreachable.exitCode(), unreachable.toString());
        assertTrue(unreachable.err().contains("2000 ms"), unreachable.toString());
        assertTrue(millis < 20_000, "took " + millis + " ms to fail");

        Cli.Result malformed = Cli.trainTiny("--input", "kafka://host-without-port/events");
        assertEquals(2, malformed.exitCode(), malformed.toString());
        assertTrue(malformed.err().contains("'host-without-port' is not HOST:PORT"), malformed.toString());
    }
}
