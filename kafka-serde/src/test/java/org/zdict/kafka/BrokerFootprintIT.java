package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Measures, in one run on one broker, what single small events cost on the broker's disk and how fast one
 * producer sends them: zdict's serde versus Kafka's own lz4 and zstd batch compression (and none). Every
 * record travels alone in its batch ({@code batch.size=1}, {@code linger.ms=0}), as in a pipeline that
 * sends events one by one. Bytes are read from the partition's log segment files.
 *
 * <p>Opt-in, since it prints figures rather than checking behaviour: {@code mvn -pl kafka-serde verify
 * -Dit.test=BrokerFootprintIT -Dzdict.measure=true [-Dzdict.measure.records=20000] [-Dzdict.measure.rounds=4]}.
 */
class BrokerFootprintIT {
    @TempDir
    Path temp;

    private static final int ROUNDS = Integer.getInteger("zdict.measure.rounds", 4);

    private record Mode(String name, String compressionType, boolean zdict) {}

    private static String topic(Mode mode, int round) {
        return "footprint-" + mode.compressionType() + (mode.zdict() ? "-zdict" : "") + "-" + round;
    }

    private static String warmupTopic(Mode mode) {
        return "warmup-" + mode.compressionType() + (mode.zdict() ? "-zdict" : "");
    }

    @Test
    void measuresBytesPerRecordAndRecordsPerSecond() throws Exception {
        assumeTrue(Boolean.getBoolean("zdict.measure"), "opt-in: -Dzdict.measure=true");
        Optional<Path> data = SampleEvents.sharedDataDir().map(d -> d.resolve("wikipedia_edits.jsonl"));
        assumeTrue(data.isPresent() && Files.exists(data.get()), "needs ../shared/data/wikipedia_edits.jsonl");
        int count = Integer.getInteger("zdict.measure.records", 20_000);
        int trainCount = 5_000;
        List<byte[]> all = SampleEvents.readLines(data.get(), trainCount + count);
        List<byte[]> training = all.subList(0, trainCount);
        List<byte[]> events = all.subList(trainCount, all.size());
        long rawBytes = events.stream().mapToLong(e -> e.length).sum();

        Path registryDir = temp.resolve("registry");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir)) {
            registry.publish(TestTrainer.train(training, 16 * 1024, 3), 3, Map.of("source", "wikipedia_edits"));
            registry.activate(1);
        }
        List<Mode> modes = List.of(
                new Mode("none", "none", false),
                new Mode("lz4", "lz4", false),
                new Mode("zstd", "zstd", false),
                new Mode("zdict serde", "none", true));
        try (Broker broker = Broker.start()) {
            StringBuilder report = new StringBuilder();
            report.append(String.format(
                    "%d wikipedia_edits events (not in the 5,000 training events), %.1f bytes on average, one per"
                            + " batch (batch.size=1, linger.ms=0, acks=1); dictionary 16 KiB, level 3%n",
                    events.size(), (double) rawBytes / events.size()));
            report.append(String.format(
                    "%-12s %14s %10s %20s   %s%n",
                    "mode", "bytes/record", "vs none", "records/s (median)", "records/s of each round"));
            for (Mode mode : modes) {
                send(broker, registryDir, mode, warmupTopic(mode), events.subList(0, Math.min(2000, events.size())));
            }
            Map<Mode, double[]> rates = new HashMap<>();
            for (int round = 0; round < ROUNDS; round++) {
                for (Mode mode : modes) {
                    long nanos = send(broker, registryDir, mode, topic(mode, round), events);
                    rates.computeIfAbsent(mode, m -> new double[ROUNDS])[round] = events.size() / (nanos / 1e9);
                }
            }
            long noneBytes = segmentBytes(broker, topic(modes.get(0), 0) + "-0");
            for (Mode mode : modes) {
                long bytes = segmentBytes(broker, topic(mode, 0) + "-0");
                for (int round = 1; round < ROUNDS; round++) {
                    assertEquals(
                            bytes, segmentBytes(broker, topic(mode, round) + "-0"), "each round stores the same bytes");
                }
                double[] r = rates.get(mode);
                double[] sorted = r.clone();
                java.util.Arrays.sort(sorted);
                double median = (sorted[(ROUNDS - 1) / 2] + sorted[ROUNDS / 2]) / 2;
                StringBuilder each = new StringBuilder();
                for (double rate : r) {
                    each.append(String.format(" %.0f", rate));
                }
                report.append(String.format(
                        "%-12s %14.1f %9.1f%% %20.0f  %s%n",
                        mode.name(), (double) bytes / events.size(), 100.0 * bytes / noneBytes, median, each));
            }
            System.out.print(report);
            Files.writeString(Path.of("target", "broker-footprint.txt"), report.toString());
        }
    }

    private static long send(Broker broker, Path registryDir, Mode mode, String topic, List<byte[]> events)
            throws Exception {
        broker.createTopic(topic, 1);
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, mode.compressionType());
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 1);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        props.put(ProducerConfig.ACKS_CONFIG, "1");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        props.put(
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                mode.zdict() ? ZdictSerializer.class : ByteArraySerializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
            producer.send(new ProducerRecord<>(topic, events.get(0))).get(); // metadata fetched before timing
            List<java.util.concurrent.Future<?>> acks = new ArrayList<>(events.size());
            long start = System.nanoTime();
            for (int i = 1; i < events.size(); i++) {
                acks.add(producer.send(new ProducerRecord<>(topic, events.get(i))));
            }
            producer.flush();
            long nanos = System.nanoTime() - start;
            for (java.util.concurrent.Future<?> ack : acks) {
                ack.get();
            }
            return nanos * events.size() / Math.max(1, events.size() - 1);
        }
    }

    private static long segmentBytes(Broker broker, String partition) throws IOException {
        Path partitionDir = broker.logDirs().stream()
                .map(dir -> Path.of(dir, partition))
                .filter(Files::isDirectory)
                .findFirst()
                .orElseThrow(() -> new IOException("no folder " + partition + " in " + broker.logDirs()));
        try (Stream<Path> files = Files.list(partitionDir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log"))
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }
}
