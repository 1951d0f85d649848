package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.Broker;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * The scheduled loop against a real broker, closed: a producer writes events through the zdict
 * serializer to a live topic while a consumer reads them through the zdict deserializer, neither ever
 * restarted; the events drift from one source to another; {@code zdict retrain --input kafka://...}
 * samples the topic (decoding its values with the registry), promotes only when it pays, and both
 * clients switch to the new version on their own. Every record written before, during and after the
 * promotions decodes exactly. Retired versions are removed once the records written with them have
 * expired from the topic (short {@code retention.ms}), so the registry stays bounded.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RetrainLoopIT {
    private static final String EVENTS = "events";
    /** The records each retrain samples: the newest of the topic. */
    private static final int SAMPLE = 2000;
    /** Long enough that nothing expires while the loop runs; shortened for the removal step. */
    private static final long LOOP_RETENTION_MS = 3_600_000;

    private static final long SHORT_RETENTION_MS = 4000;

    static Broker cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        // Expiry in seconds, not minutes: check retention every 500 ms from the start.
        cluster = Broker.start(Map.of("log.retention.check.interval.ms", "500", "log.initial.task.delay.ms", "100"));
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(EVENTS, 1, (short) 1)
                            .configs(Map.of(
                                    "retention.ms", Long.toString(LOOP_RETENTION_MS),
                                    "segment.ms", "500",
                                    "file.delete.delay.ms", "0"))))
                    .all()
                    .get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * The registry, read by every client with the remove grace set to the topic's retention at the time of
     * the removal, as OPERATIONS.md says: a client keeps a removed version until its own grace has passed
     * since the version was retired. ({@code registry remove --expired --topic} judges by the topic's
     * retention itself.)
     */
    private static String registry() {
        return "kafka://" + cluster.bootstrapServers() + "/_zdict_registry?zdict.registry.cache.dir="
                + dir.resolve("cache") + "&zdict.registry.remove.grace.ms=" + SHORT_RETENTION_MS;
    }

    private static String topic() {
        return "kafka://" + cluster.bootstrapServers() + "/" + EVENTS;
    }

    private static List<String> lines(Path source, int skip, int count) throws IOException {
        try (var all = Files.lines(source)) {
            return all.filter(l -> !l.isBlank()).skip(skip).limit(count).toList();
        }
    }

    private static JsonNode retrain(String input, String... more) throws IOException {
        Path report = dir.resolve("report.json");
        List<String> args = new ArrayList<>(List.of(
                "retrain",
                "-q",
                "--input",
                input,
                "--kafka-records",
                Integer.toString(SAMPLE),
                "--registry",
                registry(),
                "--dict-size",
                "8K,32K",
                "--level",
                "3",
                "--batch",
                "1",
                "--min-mbps",
                "0",
                "--max-cpu-vs-lz4",
                "0",
                "--report-json",
                report.toString()));
        args.addAll(List.of(more));
        Cli.Result result = Cli.run(args.toArray(new String[0]));
        assertEquals(0, result.exitCode(), result.toString());
        assertFalse(result.err().contains("skipped"), "every sampled value should decode: " + result);
        return new ObjectMapper().readTree(report.toFile());
    }

    private static List<Integer> versions() {
        try (DictionaryRegistry r = DictionaryRegistries.open(registry(), Map.of())) {
            return r.list().stream().map(DictionaryInfo::version).toList();
        }
    }

    private static int versionOf(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    private static long offset(Admin admin, OffsetSpec spec) throws Exception {
        TopicPartition partition = new TopicPartition(EVENTS, 0);
        return admin.listOffsets(Map.of(partition, spec))
                .all()
                .get(30, TimeUnit.SECONDS)
                .get(partition)
                .offset();
    }

    private static void await(String what, Duration within, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.sleep(50);
        }
    }

    /** The events a producer cycles through, and how many it has written of them. */
    private record Source(List<byte[]> events, AtomicLong written) {
        Source(List<byte[]> events) {
            this(events, new AtomicLong());
        }
    }

    /**
     * Writes events through the zdict serializer, one at a time, until closed, recording the event and
     * the dictionary version of every record by offset. Never restarted: it switches versions on its own.
     */
    private static final class LiveProducer implements AutoCloseable {
        final Map<Long, byte[]> sent = new ConcurrentHashMap<>();
        final Map<Long, Integer> versions = new ConcurrentHashMap<>();
        private final KafkaProducer<byte[], byte[]> producer;
        private final ZdictSerializer<byte[]> serializer;
        private final Thread thread;
        private volatile Source source;
        private volatile int lastVersion;
        private volatile Throwable failure;
        private volatile boolean stopped;

        LiveProducer(Map<String, Object> serde, List<byte[]> events) {
            producer = new KafkaProducer<>(
                    Map.of("bootstrap.servers", cluster.bootstrapServers(), "linger.ms", 0),
                    new ByteArraySerializer(),
                    new ByteArraySerializer());
            serializer = new ZdictSerializer<>(new ByteArraySerializer());
            serializer.configure(serde, false);
            source = new Source(events);
            thread = new Thread(this::run, "live-producer");
            thread.start();
        }

        private void run() {
            try {
                for (long i = 0; !stopped; i++) {
                    Source current = source;
                    byte[] event =
                            current.events().get((int) (i % current.events().size()));
                    byte[] payload = serializer.serialize(EVENTS, event);
                    long offset = producer.send(new ProducerRecord<>(EVENTS, payload))
                            .get(30, TimeUnit.SECONDS)
                            .offset();
                    sent.put(offset, event);
                    lastVersion = versionOf(payload);
                    versions.put(offset, lastVersion);
                    current.written().incrementAndGet();
                }
            } catch (Throwable e) {
                failure = e;
            }
        }

        Source switchTo(List<byte[]> events) {
            Source next = new Source(events);
            source = next;
            return next;
        }

        void awaitWritten(Source from, long count) throws InterruptedException {
            await(count + " events of the new source were written", Duration.ofSeconds(90), () -> {
                checkRunning();
                return from.written().get() >= count;
            });
        }

        /** Waits until the producer writes with {@code version}, then for {@code count} records written with it. */
        void awaitWritingWith(int version, long count) throws InterruptedException {
            await("the producer switched to version " + version, Duration.ofSeconds(30), () -> {
                checkRunning();
                return lastVersion == version;
            });
            await(count + " records were written with version " + version, Duration.ofSeconds(30), () -> {
                checkRunning();
                return versions.values().stream().filter(v -> v == version).count() >= count;
            });
        }

        long lastOffsetWith(int version) {
            return versions.entrySet().stream()
                    .filter(e -> e.getValue() == version)
                    .mapToLong(Map.Entry::getKey)
                    .max()
                    .orElseThrow();
        }

        private void checkRunning() {
            assertTrue(failure == null, () -> "the producer failed: " + failure);
        }

        @Override
        public void close() throws Exception {
            stopped = true;
            thread.join(TimeUnit.SECONDS.toMillis(60));
            serializer.close();
            producer.close(Duration.ofSeconds(30));
            checkRunning();
        }
    }

    /** Reads the topic from its start through the zdict deserializer until closed; never restarted. */
    private static final class LiveConsumer implements AutoCloseable {
        final Map<Long, byte[]> decoded = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        private final ZdictDeserializer<byte[]> deserializer;
        private final Thread thread;
        private final AtomicLong position = new AtomicLong();
        private volatile boolean stopped;

        LiveConsumer(Map<String, Object> serde) {
            deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer());
            deserializer.configure(serde, false);
            thread = new Thread(this::run, "live-consumer");
            thread.start();
        }

        private void run() {
            TopicPartition partition = new TopicPartition(EVENTS, 0);
            try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                    Map.of("bootstrap.servers", cluster.bootstrapServers(), "auto.offset.reset", "earliest"),
                    new ByteArrayDeserializer(),
                    new ByteArrayDeserializer())) {
                consumer.assign(List.of(partition));
                consumer.seekToBeginning(List.of(partition));
                while (!stopped) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                        try {
                            decoded.put(record.offset(), deserializer.deserialize(EVENTS, record.value()));
                        } catch (RuntimeException e) {
                            failures.add("offset " + record.offset() + ": " + e);
                        }
                    }
                    position.set(consumer.position(partition));
                }
            } catch (Throwable e) {
                failures.add("the consumer failed: " + e);
            }
        }

        void awaitPosition(long end) throws InterruptedException {
            await("the consumer read up to offset " + end, Duration.ofSeconds(60), () -> position.get() >= end);
        }

        @Override
        public void close() throws Exception {
            stopped = true;
            thread.join(TimeUnit.SECONDS.toMillis(60));
            deserializer.close();
        }
    }

    /** Every record the producers wrote was decoded by the consumer to exactly the event written. */
    private static void assertEveryRecordDecodes(Map<Long, byte[]> sent, LiveConsumer consumer) {
        assertTrue(consumer.failures.isEmpty(), "records failed to decode: " + consumer.failures);
        assertEquals(sent.keySet(), new java.util.TreeSet<>(consumer.decoded.keySet()), "records decoded");
        sent.forEach((offset, event) ->
                assertArrayEquals(event, consumer.decoded.get(offset), "the record at offset " + offset));
    }

    private static Map<Integer, Long> countByVersion(Map<Long, Integer> versions) {
        Map<Integer, Long> counts = new TreeMap<>();
        versions.values().forEach(v -> counts.merge(v, 1L, Long::sum));
        return counts;
    }

    @Test
    void theLoopSamplesTheLiveTopicPromotesOnlyWhenItPaysAndRemovesVersionsOnceTheirRecordsHaveExpired()
            throws Exception {
        Path data = SampleEvents.sharedDataDir().orElse(null);
        assumeTrue(data != null, "needs ../shared/data");
        Path githubDump =
                Files.write(dir.resolve("github-1.jsonl"), lines(data.resolve("github_events.jsonl"), 0, 3000));
        List<byte[]> github = lines(data.resolve("github_events.jsonl"), 3000, 3000).stream()
                .map(line -> line.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .toList();
        List<byte[]> wikipedia = lines(data.resolve("wikipedia_edits.jsonl"), 0, 3000).stream()
                .map(line -> line.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .toList();
        Map<String, Object> serde = Map.of("zdict.registry", registry());
        Map<Long, byte[]> sent = new TreeMap<>();
        Map<Long, Integer> sentVersions = new TreeMap<>();
        int most = 0;
        long start = System.nanoTime();

        // No registry yet: the first version comes from a dump and is judged against plain zstd.
        JsonNode first = retrain(githubDump.toString(), "--create");
        assertEquals("promoted", first.get("decision").asText(), first.toString());
        assertEquals("zstd-3", first.get("active").get("comparedWith").asText());

        try (LiveConsumer consumer = new LiveConsumer(serde);
                Admin admin = cluster.admin()) {
            long lastOfVersion1;
            try (LiveProducer producer = new LiveProducer(serde, github)) {
                producer.awaitWritingWith(1, SAMPLE);

                // Retrain on the live topic right away: nothing to gain, or too soon; nothing published.
                JsonNode same = retrain(topic());
                assertEquals("kept", same.get("decision").asText(), same.toString());
                assertEquals(SAMPLE, same.get("samples").get("eventsRead").asInt(), same.toString());
                assertEquals(List.of(1), versions());

                // The events drift to another source; retrain samples the newest records, all of them of
                // the new source and written with version 1, while the producer keeps writing.
                Source drift = producer.switchTo(wikipedia);
                producer.awaitWritten(drift, SAMPLE);
                long beforeRetrain = offset(admin, OffsetSpec.latest());
                JsonNode drifted = retrain(topic(), "--min-interval", "0");
                long afterRetrain = offset(admin, OffsetSpec.latest());
                assertEquals("promoted", drifted.get("decision").asText(), drifted.toString());
                assertTrue(drifted.get("gain").asDouble() >= 0.05, drifted.toString());
                assertEquals(2, drifted.get("candidate").get("version").asInt());
                assertEquals(SAMPLE, drifted.get("samples").get("eventsRead").asInt(), drifted.toString());
                assertTrue(afterRetrain > beforeRetrain, "the producer wrote nothing during the retrain");
                most = Math.max(most, versions().size());
                // The running producer switches to version 2 on its own.
                producer.awaitWritingWith(2, 200);

                // Run again right away: kept, nothing published.
                JsonNode again = retrain(topic());
                assertEquals("kept", again.get("decision").asText(), again.toString());
                assertFalse(again.get("candidate").has("version"), again.toString());
                assertEquals(List.of(1, 2), versions());

                // Drifting back at once is a gain too, but the minimum interval holds it back.
                Source back = producer.switchTo(github);
                producer.awaitWritten(back, SAMPLE);
                JsonNode tooSoon = retrain(topic());
                assertEquals("kept", tooSoon.get("decision").asText(), tooSoon.toString());
                assertTrue(tooSoon.get("reason").asText().contains("--min-interval"), tooSoon.toString());
                assertEquals(List.of(1, 2), versions());

                JsonNode backAgain = retrain(topic(), "--min-interval", "0");
                assertEquals("promoted", backAgain.get("decision").asText(), backAgain.toString());
                assertEquals(3, backAgain.get("candidate").get("version").asInt(), backAgain.toString());
                assertEquals(1, backAgain.get("retired").get(0).asInt(), backAgain.toString());
                most = Math.max(most, versions().size());
                producer.awaitWritingWith(3, 200);

                // Version 1 is retired but its records are still inside the topic's retention: kept.
                Cli.Result early =
                        Cli.run("registry", "remove", "--expired", "--topic", EVENTS, "--registry", registry());
                assertEquals(0, early.exitCode(), early.toString());
                assertTrue(early.out().contains("Kept: version 1 was retired at"), early.out());
                assertEquals(List.of(1, 2, 3), versions());

                producer.close();
                sent.putAll(producer.sent);
                sentVersions.putAll(producer.versions);
                lastOfVersion1 = producer.lastOffsetWith(1);
                long during = sent.keySet().stream()
                        .filter(o -> o >= beforeRetrain && o < afterRetrain)
                        .count();
                assertTrue(during > 0, "no record written during the promoting retrain");
            }

            // Before, during and after the promotions: every record decodes exactly, with the version it
            // was written with, by a consumer that was never restarted.
            consumer.awaitPosition(offset(admin, OffsetSpec.latest()));
            assertEveryRecordDecodes(sent, consumer);
            Map<Integer, Long> byVersion = countByVersion(sentVersions);
            assertEquals(List.of(1, 2, 3), List.copyOf(byVersion.keySet()), byVersion.toString());
            System.out.printf(
                    "RetrainLoopIT: %d records written and decoded, by version %s, %d s into the test%n",
                    sent.size(), byVersion, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));

            // A short retention from now on: once the broker has deleted the segments that held the
            // records written with version 1, and the retention has passed since it was retired, it goes.
            admin.incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.TOPIC, EVENTS),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("retention.ms", Long.toString(SHORT_RETENTION_MS)),
                                    AlterConfigOp.OpType.SET))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            await(
                    "the records written with version 1 expired",
                    Duration.ofSeconds(120),
                    () -> earliest(admin) > lastOfVersion1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            Cli.Result removed;
            do {
                removed = Cli.run("registry", "remove", "--expired", "--topic", EVENTS, "--registry", registry());
                assertEquals(0, removed.exitCode(), removed.toString());
                Thread.sleep(250);
            } while (!removed.out().contains("Removed version 1.") && System.nanoTime() < deadline);
            assertTrue(removed.out().contains("Removed version 1."), removed.out());
            assertEquals(List.of(2, 3), versions());
            assertTrue(most <= 3, "the registry held " + most + " versions");

            // Producers keep writing with the active version after the removal, and it decodes.
            long end;
            try (LiveProducer after = new LiveProducer(serde, wikipedia)) {
                after.awaitWritingWith(3, 200);
                after.close();
                assertEquals(
                        List.of(3), List.copyOf(countByVersion(after.versions).keySet()));
                sent.putAll(after.sent);
                end = offset(admin, OffsetSpec.latest());
            }
            consumer.awaitPosition(end);
            assertEveryRecordDecodes(sent, consumer);
            assertNotNull(consumer.decoded.get(end - 1));
            System.out.printf(
                    "RetrainLoopIT: %d records decoded in all, the loop took %d s%n",
                    sent.size(), TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
        }
    }

    private static long earliest(Admin admin) {
        try {
            return offset(admin, OffsetSpec.earliest());
        } catch (Exception e) {
            throw new AssertionError("cannot list the earliest offset", e);
        }
    }
}
