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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToDoubleFunction;
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
import org.zdict.bench.lz4dict.Lz4DictSerde;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Produces the same held-out events through a real in-process KRaft broker with each {@code
 * compression.type} and with zdict ({@link ZdictSerializer} and {@link ZdictDeserializer} over a
 * directory registry holding one trained dictionary, broker-side compression none), then consumes them
 * all back, as {@code kafka-producer-perf-test} does. The variants of a scenario are measured side by
 * side: {@code --producer-rounds} (3) rounds for each, then one consumer each reading its topic once and
 * then {@code --consumer-passes} (5) more times, variants alternating; rows give medians, and the
 * consumer's first pass apart. Writes one JSON row per (scenario, variant).
 *
 * <pre>
 * KafkaEndToEnd [--dataset wikipedia_edits] [--scenarios small-1,small-4,...] [--variants none,lz4,...]
 *               [--dictionary zdict-trained] [--scale 1.0] [--held-out 100000] [--out results/e2e.json]
 *               [--producer-rounds 3] [--consumer-passes 5]
 * </pre>
 *
 * <p>Records cycle through the held-out events, the up to {@code --held-out} events after the training
 * events: fewer of them keeps the produced events close to the training window, as a dictionary
 * retrained on schedule would see them.
 */
public final class KafkaEndToEnd {
    static final List<String> VARIANTS = List.of("none", "gzip", "snappy", "lz4", "zstd", "zdict");
    /**
     * Measured only when named, as {@code lz4dict-<mode>} ({@code fast}, {@code hc<depth>}): each value an
     * LZ4 block against the last 64 KiB of the same dictionary ({@link Lz4DictSerde}), {@code
     * compression.type=none}.
     */
    static final String LZ4DICT = "lz4dict-";
    /**
     * Measured only when named: {@code ZdictSerializer} and {@code ZdictDeserializer} with the same
     * dictionary published for LZ4 ({@code zdict.codec=lz4}), the product's opt-in LZ4 kind.
     */
    static final String ZDICT_LZ4 = "zdict-lz4";

    private static final int LARGE_LIMIT = 16 << 20;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final KafkaClusterTestKit cluster;
    private final Path baseDirectory;
    private final List<byte[]> events;
    private final byte[] document;
    /** The serde settings of {@code zdict} and {@code zdict-lz4}: each its own registry. */
    private final Map<String, Map<String, Object>> zdictConfigs;

    private final Map<String, Object> lz4dictConfig;
    private int clientNumber;

    private KafkaEndToEnd(
            KafkaClusterTestKit cluster,
            List<byte[]> events,
            byte[] document,
            Map<String, Map<String, Object>> zdictConfigs,
            Map<String, Object> lz4dictConfig) {
        this.cluster = cluster;
        this.baseDirectory = Paths.get(cluster.nodes().baseDirectory());
        this.events = events;
        this.document = document;
        this.zdictConfigs = zdictConfigs;
        this.lz4dictConfig = lz4dictConfig;
    }

    /** The command line; picocli refuses an unknown option or a value of the wrong type, naming it. */
    @Command(
            name = "KafkaEndToEnd",
            mixinStandardHelpOptions = true,
            description = "Produces and consumes held-out events through a real broker with each compression.")
    static final class Options {
        @Option(names = "--dataset", defaultValue = "wikipedia_edits", description = "shared data set")
        String dataset;

        @Option(names = "--dictionary", defaultValue = "zdict-trained", description = "dictionary label")
        String dictionary;

        @Option(names = "--scenarios", split = ",", description = "scenarios (default: all)")
        List<String> scenarios = Scenario.ALL.stream().map(Scenario::name).toList();

        @Option(names = "--variants", split = ",", description = "variants (default: all but lz4dict-<mode>)")
        List<String> variants = VARIANTS;

        @Option(names = "--out", defaultValue = "results/e2e.json", description = "JSON rows")
        Path out;

        @Option(names = "--scale", defaultValue = "1", description = "records per scenario, scaled")
        double scale;

        @Option(names = "--held-out", defaultValue = "100000", description = "held-out events cycled through")
        int heldOut;

        @Option(names = "--producer-rounds", defaultValue = "3", description = "producer rounds per variant")
        int producerRounds;

        @Option(names = "--consumer-passes", defaultValue = "5", description = "consumer passes per variant")
        int consumerPasses;
    }

    public static void main(String[] args) throws Exception {
        Options options = new Options();
        CommandLine commandLine = new CommandLine(options);
        List<Scenario> scenarios = List.of();
        try {
            commandLine.parseArgs(args);
            if (options.producerRounds < 1 || options.consumerPasses < 1) {
                throw new ParameterException(commandLine, "--producer-rounds and --consumer-passes must be 1 or more");
            }
            if (!options.variants.stream()
                    .allMatch(v -> VARIANTS.contains(v) || v.equals(ZDICT_LZ4) || v.matches("lz4dict-(fast|hc\\d+)"))) {
                throw new ParameterException(
                        commandLine,
                        "--variants: expected some of " + VARIANTS + ", " + ZDICT_LZ4
                                + " or lz4dict-fast, lz4dict-hc<depth>");
            }
            scenarios = options.scenarios.stream().map(Scenario::named).toList();
        } catch (ParameterException | IllegalArgumentException e) { // IllegalArgumentException: an unknown scenario
            System.err.println("KafkaEndToEnd: " + e.getMessage());
            commandLine.usage(System.err);
            System.exit(2);
        }
        if (commandLine.isUsageHelpRequested() || commandLine.isVersionHelpRequested()) {
            commandLine.usage(System.out);
            return;
        }
        String dataset = options.dataset;
        String label = options.dictionary;
        List<String> variants = options.variants;
        Path out = options.out;
        double scale = options.scale;
        int producerRounds = options.producerRounds;
        int consumerPasses = options.consumerPasses;
        int heldOut = options.heldOut;
        EventSplit split = EventSplit.load(dataset, EventSplit.TRAINING_EVENTS, heldOut);
        Codecs.DictionarySpec spec = Codecs.dictionaryOf(label);
        Codecs.TrainedDictionary dictionary = DictionaryCache.dictionary(split, spec);
        Path registryDir = Files.createTempDirectory("zdict-e2e-registry");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir)) {
            DictionaryInfo info =
                    registry.publish(dictionary.content(), dictionary.level(), Map.of("dataset", dataset));
            registry.activate(info.version());
        }
        Path lz4RegistryDir = Files.createTempDirectory("zdict-e2e-registry-lz4");
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(lz4RegistryDir)) {
            DictionaryInfo info = registry.publish(
                    dictionary.content(),
                    dictionary.level(),
                    Map.of("dataset", dataset, DictionaryInfo.Codec.METADATA_KEY, DictionaryInfo.Codec.LZ4.label()));
            registry.activate(info.version());
        }
        Map<String, Map<String, Object>> zdictConfigs = Map.of(
                "zdict",
                Map.of(
                        ZdictSerdeConfig.REGISTRY_CONFIG, registryDir.toString(),
                        ZdictSerdeConfig.LEVEL_CONFIG, dictionary.level()),
                ZDICT_LZ4,
                Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, lz4RegistryDir.toString()));
        Path lz4dictFile = registryDir.resolve("lz4dict.dict");
        Files.write(lz4dictFile, dictionary.content());
        Map<String, Object> lz4dictConfig = Map.of(Lz4DictSerde.DICTIONARY_CONFIG, lz4dictFile.toString());

        List<Map<String, Object>> rows = new ArrayList<>();
        try (KafkaClusterTestKit cluster = startCluster()) {
            KafkaEndToEnd harness =
                    new KafkaEndToEnd(cluster, split.heldOut(), document(split.heldOut()), zdictConfigs, lz4dictConfig);
            System.out.printf(
                    "Broker up; %d held-out %s events (avg %.0f B), dictionary %s (%s)%n",
                    split.heldOut().size(),
                    dataset,
                    split.heldOut().stream().mapToInt(e -> e.length).average().orElse(0),
                    label,
                    dictionary.describe());
            harness.warmUp(variants, Math.max(100, (int) (10_000 * scale)));
            for (Scenario scenario : scenarios) {
                int records = Math.max(1, (int) Math.round(scenario.records() * scale));
                for (Map<String, Object> row :
                        harness.run(scenario, variants, records, producerRounds, consumerPasses)) {
                    row.put("dataset", dataset);
                    row.put("zdict_dictionary", label + " (" + dictionary.describe() + ")");
                    rows.add(row);
                    System.out.println(row);
                }
                write(rows, out);
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
        run(warm, variants, warmUpRecords, 1, 1);
    }

    /**
     * Measures every variant on one scenario, side by side: {@code producerRounds} rounds in which each
     * variant produces {@code records} records into a fresh topic (which variant goes first rotates), then
     * one consumer per variant that reads its first round's topic {@code 1 + consumerPasses} times,
     * variants alternating pass by pass. A consumer's first pass includes one-time costs (fetch sessions,
     * loading a dictionary); the later passes are what a running consumer spends per record.
     */
    private List<Map<String, Object>> run(
            Scenario scenario, List<String> variants, int records, int producerRounds, int consumerPasses)
            throws Exception {
        Map<String, List<Produced>> produced = new LinkedHashMap<>();
        for (int round = 0; round < producerRounds; round++) {
            for (String variant : rotated(variants, round)) {
                produced.computeIfAbsent(variant, v -> new ArrayList<>())
                        .add(produce(scenario, variant, scenario.name() + "-" + variant + "-" + round, records));
            }
        }
        Map<String, TopicConsumer> consumers = new LinkedHashMap<>();
        try {
            for (String variant : variants) {
                consumers.put(variant, new TopicConsumer(produced.get(variant).get(0), scenario, variant, records));
            }
            for (int pass = 0; pass <= consumerPasses; pass++) {
                for (String variant : rotated(variants, pass)) {
                    consumers.get(variant).pass();
                }
            }
        } finally {
            consumers.values().forEach(TopicConsumer::close);
        }

        List<Map<String, Object>> rows = new ArrayList<>();
        for (String variant : variants) {
            List<Produced> rounds = produced.get(variant);
            TopicConsumer consumer = consumers.get(variant);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("scenario", scenario.name());
            row.put("variant", variant);
            row.put("records", (double) records);
            row.put("producer_rounds", (double) rounds.size());
            row.put("consumer_passes", (double) consumer.steady.size());
            row.put("raw_bytes_per_record", rounds.get(0).rawBytes() / (double) records);
            row.put("produced_records_per_s", median(rounds, p -> records / (p.nanos() / 1e9)));
            row.put("produced_mb_per_s", median(rounds, p -> p.rawBytes() / 1e6 / (p.nanos() / 1e9)));
            row.put("latency_avg_ms", median(rounds, p -> p.latency().averageMs()));
            row.put("latency_p99_ms", median(rounds, p -> p.latency().p99Ms()));
            row.put("latency_p999_ms", median(rounds, p -> p.latency().p999Ms()));
            row.put("producer_cpu_us_per_record", median(rounds, p -> p.cpuNanos() / 1e3 / records));
            row.put(
                    "producer_network_thread_cpu_us_per_record",
                    median(rounds, p -> p.networkCpuNanos() / 1e3 / records));
            row.put("consumer_records_per_s", median(consumer.steady, p -> records / (p.nanos() / 1e9)));
            row.put("consumer_cpu_us_per_record", median(consumer.steady, p -> p.cpuNanos() / 1e3 / records));
            row.put("consumer_first_pass_records_per_s", records / (consumer.first.nanos() / 1e9));
            row.put("consumer_first_pass_cpu_us_per_record", consumer.first.cpuNanos() / 1e3 / records);
            row.put(
                    "stored_bytes_per_record",
                    median(rounds, p -> p.log().bytes() / (double) p.log().records()));
            row.put(
                    "records_per_batch",
                    median(rounds, p -> p.log().records() / (double) p.log().batches()));
            row.put(
                    "batch_header_bytes_per_record",
                    median(
                            rounds,
                            p -> LogDirectory.BATCH_HEADER
                                    * p.log().batches()
                                    / (double) p.log().records()));
            rows.add(row);
        }
        return rows;
    }

    /** {@code items} starting at index {@code round} modulo their number, so no variant always goes first. */
    private static List<String> rotated(List<String> items, int round) {
        List<String> rotated = new ArrayList<>(items);
        Collections.rotate(rotated, -(round % items.size()));
        return rotated;
    }

    private static <T> double median(List<T> items, ToDoubleFunction<T> value) {
        double[] values = items.stream().mapToDouble(value).sorted().toArray();
        int mid = values.length / 2;
        return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
    }

    /** One producer round: a fresh producer's sends into a fresh topic, and what the broker stored. */
    private record Produced(
            String topic,
            long rawBytes,
            long nanos,
            long cpuNanos,
            long networkCpuNanos,
            Percentiles latency,
            LogDirectory log) {}

    private Produced produce(Scenario scenario, String variant, String topic, int records) throws Exception {
        createTopic(topic, scenario);
        String clientId = "perf-" + (++clientNumber);
        long[] latencies = new long[records];
        long rawBytes = 0;

        long producerCpu;
        long networkCpu;
        long elapsed;
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(producerConfig(scenario, variant, clientId))) {
            producer.partitionsFor(topic); // metadata before the clock starts
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long ioCpuBefore = cpuOfThreads("kafka-producer-network-thread | " + clientId);
            long start = System.nanoTime();
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
            networkCpu = cpuOfThreads("kafka-producer-network-thread | " + clientId) - ioCpuBefore;
            producerCpu = THREADS.getCurrentThreadCpuTime() - cpuBefore + networkCpu;
        }
        LogDirectory log = LogDirectory.of(baseDirectory, topic);
        if (log.records() != records) {
            throw new IllegalStateException(topic + ": the log holds " + log.records() + " records, sent " + records);
        }
        return new Produced(topic, rawBytes, elapsed, producerCpu, networkCpu, Percentiles.of(latencies), log);
    }

    /** One pass over a topic: wall-clock and consumer-thread CPU nanoseconds. */
    private record Pass(long nanos, long cpuNanos) {}

    /**
     * A consumer of one produced topic, kept open across passes. Each pass seeks to the start and reads
     * every record, timed from the first fetch (offsets already resolved) to the last record, and fails
     * unless it gets back exactly the value bytes produced.
     */
    private final class TopicConsumer implements AutoCloseable {
        private final KafkaConsumer<byte[], byte[]> consumer;
        private final List<TopicPartition> partitions = new ArrayList<>();
        private final Produced produced;
        private final int records;
        private Pass first;
        private final List<Pass> steady = new ArrayList<>();

        TopicConsumer(Produced produced, Scenario scenario, String variant, int records) {
            this.produced = produced;
            this.records = records;
            this.consumer = new KafkaConsumer<>(consumerConfig(variant));
            for (int p = 0; p < scenario.partitions(); p++) {
                partitions.add(new TopicPartition(produced.topic(), p));
            }
            consumer.assign(partitions);
        }

        void pass() {
            consumer.seekToBeginning(partitions);
            partitions.forEach(consumer::position); // resolve offsets before the clock starts
            long bytes = 0;
            int count = 0;
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            long deadline = start + Duration.ofMinutes(2).toNanos();
            while (count < records) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(produced.topic() + ": consumed only " + count + " of " + records);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    bytes += record.value().length;
                    count++;
                }
            }
            Pass pass = new Pass(System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - cpuBefore);
            if (bytes != produced.rawBytes()) {
                throw new IllegalStateException(
                        produced.topic() + ": consumed " + bytes + " value bytes, produced " + produced.rawBytes());
            }
            if (first == null) {
                first = pass;
            } else {
                steady.add(pass);
            }
        }

        @Override
        public void close() {
            consumer.close();
        }
    }

    private Properties consumerConfig(String variant) {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, "consumer-" + (++clientNumber));
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, LARGE_LIMIT);
        config.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * LARGE_LIMIT);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        if (zdictConfigs.containsKey(variant)) {
            config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
            config.putAll(zdictConfigs.get(variant));
        } else if (variant.startsWith(LZ4DICT)) {
            config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, Lz4DictSerde.Lz4DictDeserializer.class);
            config.putAll(lz4dictConfig);
            config.put(Lz4DictSerde.MODE_CONFIG, variant.substring(LZ4DICT.length()));
        } else {
            config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        }
        return config;
    }

    private Properties producerConfig(Scenario scenario, String variant, String clientId) {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        // Idempotence adds nothing on one broker and stalls the first sends to a fresh topic.
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        config.put(
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                zdictConfigs.containsKey(variant) || variant.startsWith(LZ4DICT) ? "none" : variant);
        config.put(ProducerConfig.LINGER_MS_CONFIG, scenario.lingerMs());
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, scenario.batchSize());
        config.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, LARGE_LIMIT);
        config.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 128L << 20);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        if (zdictConfigs.containsKey(variant)) {
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
            config.putAll(zdictConfigs.get(variant));
        } else if (variant.startsWith(LZ4DICT)) {
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, Lz4DictSerde.Lz4DictSerializer.class);
            config.putAll(lz4dictConfig);
            config.put(Lz4DictSerde.MODE_CONFIG, variant.substring(LZ4DICT.length()));
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
