package org.zdict.bench.e2e;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
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
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DirectoryDictionaryRegistry;

/**
 * Produces the same held-out events through a real in-process KRaft broker with each {@code
 * compression.type} and with zdict ({@link ZdictSerializer} and {@link ZdictDeserializer} over a
 * directory registry holding one trained dictionary, broker-side compression none), then consumes them all back, as {@code kafka-producer-perf-test} does. Writes one JSON row
 * per (scenario, variant).
 *
 * <pre>
 * KafkaEndToEnd [--dataset wikipedia_edits] [--scenarios small-1,small-4,...] [--variants none,lz4,...]
 *               [--dictionary zdict-trained] [--scale 1.0] [--held-out 100000] [--out results/e2e.json]
 * </pre>
 *
 * <p>Records cycle through the held-out events, the up to {@code --held-out} events after the training
 * events: fewer of them keeps the produced events close to the training window, as a dictionary
 * retrained on schedule would see them.
 */
public final class KafkaEndToEnd {
    static final List<String> VARIANTS = List.of("none", "gzip", "snappy", "lz4", "zstd", "zdict");
    private static final int LARGE_LIMIT = 16 << 20;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final KafkaClusterTestKit cluster;
    private final Path baseDirectory;
    private final List<byte[]> events;
    private final byte[] document;
    private final Map<String, Object> zdictConfig;
    private int clientNumber;

    private KafkaEndToEnd(
            KafkaClusterTestKit cluster, List<byte[]> events, byte[] document, Map<String, Object> zdictConfig) {
        this.cluster = cluster;
        this.baseDirectory = Paths.get(cluster.nodes().baseDirectory());
        this.events = events;
        this.document = document;
        this.zdictConfig = zdictConfig;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String dataset = options.getOrDefault("dataset", "wikipedia_edits");
        String label = options.getOrDefault("dictionary", "zdict-trained");
        List<Scenario> scenarios = Arrays.stream(options.getOrDefault(
                                "scenarios",
                                String.join(
                                        ",",
                                        Scenario.ALL.stream()
                                                .map(Scenario::name)
                                                .toList()))
                        .split(","))
                .map(Scenario::named)
                .toList();
        List<String> variants = List.of(
                options.getOrDefault("variants", String.join(",", VARIANTS)).split(","));
        Path out = Paths.get(options.getOrDefault("out", "results/e2e.json"));
        double scale = Double.parseDouble(options.getOrDefault("scale", "1"));

        int heldOut = Integer.parseInt(options.getOrDefault("held-out", "100000"));
        EventSplit split = EventSplit.load(dataset, EventSplit.TRAINING_EVENTS, heldOut);
        Codecs.DictionarySpec spec = Codecs.dictionaryOf(label);
        Codecs.TrainedDictionary dictionary = DictionaryCache.dictionary(split, spec);
        Path registryDir = Files.createTempDirectory("zdict-e2e-registry");
        try (DirectoryDictionaryRegistry registry = DirectoryDictionaryRegistry.open(registryDir)) {
            DictionaryInfo info =
                    registry.publish(dictionary.content(), dictionary.level(), Map.of("dataset", dataset));
            registry.activate(info.version());
        }
        Map<String, Object> zdictConfig = Map.of(
                ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString(),
                ZdictSerdeConfig.LEVEL_CONFIG, dictionary.level());

        List<Map<String, Object>> rows = new ArrayList<>();
        try (KafkaClusterTestKit cluster = startCluster()) {
            KafkaEndToEnd harness = new KafkaEndToEnd(cluster, split.heldOut(), document(split.heldOut()), zdictConfig);
            System.out.printf(
                    "Broker up; %d held-out %s events (avg %.0f B), dictionary %s (%s)%n",
                    split.heldOut().size(),
                    dataset,
                    split.heldOut().stream().mapToInt(e -> e.length).average().orElse(0),
                    label,
                    dictionary.describe());
            harness.warmUp(variants, Math.max(100, (int) (10_000 * scale)));
            for (Scenario scenario : scenarios) {
                for (String variant : variants) {
                    int records = Math.max(1, (int) Math.round(scenario.records() * scale));
                    Map<String, Object> row = harness.run(scenario, variant, records);
                    row.put("dataset", dataset);
                    row.put("zdict_dictionary", label + " (" + dictionary.describe() + ")");
                    rows.add(row);
                    System.out.println(row);
                    write(rows, out);
                }
            }
        }
        System.out.println("Results: " + out.toAbsolutePath());
    }

    private static KafkaClusterTestKit startCluster() throws Exception {
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                        .setCombined(true)
                        .setNumBrokerNodes(1)
                        .setNumControllerNodes(1)
                        .build())
                .setConfigProp("message.max.bytes", LARGE_LIMIT)
                .setConfigProp("replica.fetch.max.bytes", LARGE_LIMIT)
                .setConfigProp("socket.request.max.bytes", 128 << 20)
                .setConfigProp("num.partitions", 1)
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return cluster;
    }

    /** About 4 MB of held-out events as one JSON array: one large document. */
    static byte[] document(List<byte[]> events) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4_200_000);
        out.write('[');
        for (int i = 0; out.size() < 4_000_000; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(events.get(i % events.size()));
        }
        out.write(']');
        return out.toByteArray();
    }

    /** Brings the JIT and the broker to steady state for every variant before anything is measured. */
    private void warmUp(List<String> variants, int warmUpRecords) throws Exception {
        Scenario warm = new Scenario("warmup", 8, 0, 16_384, 0, 0, false);
        for (String variant : variants) {
            run(warm, variant, warmUpRecords);
        }
    }

    private Map<String, Object> run(Scenario scenario, String variant, int records) throws Exception {
        String topic = scenario.name() + "-" + variant;
        createTopic(topic, scenario);
        String clientId = "perf-" + (++clientNumber);
        long[] latencies = new long[records];
        long rawBytes = 0;

        long producerCpu;
        long start;
        long elapsed;
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(producerConfig(scenario, variant, clientId))) {
            producer.partitionsFor(topic); // metadata before the clock starts
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long ioCpuBefore = cpuOfThreads("kafka-producer-network-thread | " + clientId);
            start = System.nanoTime();
            for (int i = 0; i < records; i++) {
                byte[] value = scenario.document() ? document : events.get(i % events.size());
                rawBytes += value.length;
                ProducerRecord<byte[], byte[]> record;
                if (scenario.perRound() > 0) {
                    int partition = (i / scenario.perRound()) % scenario.partitions();
                    record = new ProducerRecord<>(topic, partition, null, value);
                } else {
                    record = new ProducerRecord<>(topic, value);
                }
                int index = i;
                long sent = System.nanoTime();
                producer.send(record, (metadata, e) -> {
                    if (e != null) {
                        throw new IllegalStateException("Send failed on " + topic, e);
                    }
                    latencies[index] = System.nanoTime() - sent;
                });
                if (scenario.perRound() > 0 && (i + 1) % (scenario.perRound() * scenario.partitions()) == 0) {
                    producer.flush();
                }
            }
            producer.flush();
            elapsed = System.nanoTime() - start;
            producerCpu = THREADS.getCurrentThreadCpuTime()
                    - cpuBefore
                    + cpuOfThreads("kafka-producer-network-thread | " + clientId)
                    - ioCpuBefore;
        }
        LogDirectory log = LogDirectory.of(baseDirectory, topic);

        Consumed consumed = consume(topic, scenario, variant, records);
        if (consumed.bytes() != rawBytes) {
            throw new IllegalStateException(
                    topic + ": consumed " + consumed.bytes() + " value bytes, produced " + rawBytes);
        }

        Percentiles latency = Percentiles.of(latencies);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("scenario", scenario.name());
        row.put("variant", variant);
        row.put("records", (double) records);
        row.put("raw_bytes_per_record", rawBytes / (double) records);
        row.put("produced_records_per_s", records / (elapsed / 1e9));
        row.put("produced_mb_per_s", rawBytes / 1e6 / (elapsed / 1e9));
        row.put("latency_avg_ms", latency.averageMs());
        row.put("latency_p99_ms", latency.p99Ms());
        row.put("latency_p999_ms", latency.p999Ms());
        row.put("producer_cpu_us_per_record", producerCpu / 1e3 / records);
        row.put("consumer_records_per_s", records / (consumed.nanos() / 1e9));
        row.put("consumer_cpu_us_per_record", consumed.cpuNanos() / 1e3 / records);
        row.put("stored_bytes_per_record", log.bytes() / (double) log.records());
        row.put("records_per_batch", log.records() / (double) log.batches());
        row.put("batch_header_bytes_per_record", LogDirectory.BATCH_HEADER * log.batches() / (double) log.records());
        if (log.records() != records) {
            throw new IllegalStateException(topic + ": the log holds " + log.records() + " records, sent " + records);
        }
        return row;
    }

    /** What consuming a topic back took, from the first fetch (offsets already resolved) to the last record. */
    private record Consumed(long bytes, long nanos, long cpuNanos) {}

    private Consumed consume(String topic, Scenario scenario, String variant, int records) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "consumer-" + (++clientNumber));
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, LARGE_LIMIT);
        config.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * LARGE_LIMIT);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        if (variant.equals("zdict")) {
            config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
            config.putAll(zdictConfig);
        } else {
            config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        }
        long bytes = 0;
        int count = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < scenario.partitions(); p++) {
                partitions.add(new TopicPartition(topic, p));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            partitions.forEach(consumer::position); // resolve offsets before the clock starts
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (count < records) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(topic + ": consumed only " + count + " of " + records);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    bytes += record.value().length;
                    count++;
                }
            }
            return new Consumed(bytes, System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - cpuBefore);
        }
    }

    private Properties producerConfig(Scenario scenario, String variant, String clientId) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        // Idempotence adds nothing on one broker and stalls the first sends to a fresh topic.
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, variant.equals("zdict") ? "none" : variant);
        config.put(ProducerConfig.LINGER_MS_CONFIG, scenario.lingerMs());
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, scenario.batchSize());
        config.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, LARGE_LIMIT);
        config.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 128L << 20);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        if (variant.equals("zdict")) {
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
            config.putAll(zdictConfig);
        } else {
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        }
        return config;
    }

    private void createTopic(String topic, Scenario scenario) throws Exception {
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(topic, scenario.partitions(), (short) 1)
                            .configs(Map.of("max.message.bytes", String.valueOf(LARGE_LIMIT)))))
                    .all()
                    .get();
            // Wait until the broker leads every partition, so no send meets NOT_LEADER_OR_FOLLOWER.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (true) {
                boolean led;
                try {
                    led = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().stream()
                            .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
                } catch (java.util.concurrent.ExecutionException e) {
                    led = false; // metadata not propagated yet
                }
                if (led || System.nanoTime() > deadline) {
                    break;
                }
                Thread.sleep(50);
            }
        }
        Thread.sleep(300);
    }

    private static long cpuOfThreads(String namePrefix) {
        long total = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(namePrefix)) {
                long cpu = THREADS.getThreadCpuTime(thread.getId());
                total += Math.max(cpu, 0);
            }
        }
        return total;
    }

    private static void write(List<Map<String, Object>> rows, Path out) throws java.io.IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (JsonGenerator json = new JsonFactory().createGenerator(out.toFile(), JsonEncoding.UTF8)) {
            json.useDefaultPrettyPrinter();
            json.writeStartArray();
            for (Map<String, Object> row : rows) {
                json.writeStartObject();
                for (Map.Entry<String, Object> field : row.entrySet()) {
                    if (field.getValue() instanceof Double d) {
                        json.writeNumberField(field.getKey(), d);
                    } else {
                        json.writeStringField(field.getKey(), String.valueOf(field.getValue()));
                    }
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        }
    }
}
