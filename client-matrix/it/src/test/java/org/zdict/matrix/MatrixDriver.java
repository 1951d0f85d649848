package org.zdict.matrix;

import com.github.luben.zstd.Zstd;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.ZdictDeserializer;
import org.zdict.kafka.ZdictMetrics;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.kafka.ZdictSerializer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The client matrix's child: runs in a JVM whose class path is one user project's (one kafka-clients
 * release), against the broker of the parent JVM. Compiled against the build's kafka-clients, it calls only
 * API that kafka-clients 3.4 has, and nothing from test jars (they are not on its class path).
 *
 * <p>{@code roundtrip BOOTSTRAP EXPECTED_VERSION RUN CACHE_DIR}: checks that the class path holds
 * kafka-clients EXPECTED_VERSION, publishes and activates dictionary v1 in a Kafka registry, produces with
 * ZdictSerializer, rolls out v2 while producing, consumes everything with ZdictDeserializer, checks every
 * value and the per-version JMX metrics of both serdes, and prints one {@code RESULT} line.
 *
 * <p>{@code roundtrip-client-metrics BOOTSTRAP EXPECTED_VERSION RUN CACHE_DIR} (kafka-clients 4.1+): the same
 * with MonitorableZdictSerializer and MonitorableZdictDeserializer, named by class name only, reading the
 * counts from {@code producer.metrics()} and {@code consumer.metrics()}, and checking that nothing of those
 * clients is under {@code zdict:} in JMX.
 *
 * <p>{@code refused BOOTSTRAP EXPECTED_VERSION RUN CACHE_DIR}: for a class path zdict does not support (kafka-clients
 * below the floor). Opens the Kafka registry, trains a dictionary,
 * configures a ZdictSerializer and a ZdictDeserializer, and prints one line per step: {@code REFUSED step:}
 * with every cause's class and message, or {@code ACCEPTED step}.
 *
 * <p>Exit code 0 when the mode's run completed (for {@code refused}: every step's line printed), 1 with a
 * {@code FAILED} line and every cause otherwise.
 */
public final class MatrixDriver {
    private static final int RECORDS_BEFORE_ROLLOUT = 200;
    private static final int RECORDS_AFTER_ROLLOUT = 200;
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    private final String bootstrap;
    private final String run;
    private final String location;
    private final String cacheDir;
    /** The Monitorable serdes, counted in the clients' own metrics; else the 3.4-loadable ones, over JMX. */
    private final boolean clientMetrics;

    private final String serializerClass;
    private final String deserializerClass;

    private MatrixDriver(String bootstrap, String run, String cacheDir, boolean clientMetrics) {
        this.bootstrap = bootstrap;
        this.clientMetrics = clientMetrics;
        // by name: the Monitorable classes do not load below kafka-clients 4.1
        this.serializerClass = "org.zdict.kafka." + (clientMetrics ? "Monitorable" : "") + "ZdictSerializer";
        this.deserializerClass = "org.zdict.kafka." + (clientMetrics ? "Monitorable" : "") + "ZdictDeserializer";
        this.run = run;
        this.location = "kafka://" + bootstrap + "/_zdict_matrix_" + run;
        this.cacheDir = cacheDir;
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            System.out.println("FAILED: usage: MatrixDriver roundtrip|roundtrip-client-metrics|refused BOOTSTRAP"
                    + " EXPECTED_VERSION RUN CACHE_DIR");
            System.exit(1);
        }
        try {
            String found = AppInfoParser.getVersion();
            if (!found.equals(args[2])) {
                throw new IllegalStateException("the class path has kafka-clients " + found + ", expected " + args[2]);
            }
            MatrixDriver driver =
                    new MatrixDriver(args[1], args[3], args[4], args[0].equals("roundtrip-client-metrics"));
            if (args[0].equals("refused")) {
                driver.tryRefusedSteps();
            } else {
                System.out.println("RESULT kafka-clients " + found + ": " + driver.roundTrip());
            }
            System.exit(0);
        } catch (Throwable t) {
            System.out.println("FAILED: " + causes(t));
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }

    /** Every cause of {@code t}, outermost first, as {@code class: message} joined by " <- ". */
    private static String causes(Throwable t) {
        List<String> parts = new ArrayList<>();
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            parts.add(cause.getClass().getName() + ": " + cause.getMessage());
        }
        return String.join(" <- ", parts);
    }

    private String roundTrip() throws Exception {
        String producerId = "matrix-producer-" + run;
        String consumerId = "matrix-consumer-" + run;
        String topic = "matrix-" + run;
        List<String> sent = new ArrayList<>();
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(location, registrySettings())) {
            registry.publish(trainedDictionary(1), 3, Map.of("run", run));
            registry.activate(1);

            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerSettings(producerId))) {
                send(producer, topic, sent, RECORDS_BEFORE_ROLLOUT);
                registry.publish(trainedDictionary(2), 3, Map.of("run", run));
                registry.activate(2);
                long deadline = System.nanoTime() + DEADLINE.toNanos();
                while (records(producer.metrics(), producerId, "value.serializer", serializerClass, 2) == 0) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the serializer did not switch to version 2 within " + DEADLINE
                                + " of its activation (" + sent.size() + " records sent)");
                    }
                    send(producer, topic, sent, 1);
                    Thread.sleep(10);
                }
                long v1AtSwitch = records(producer.metrics(), producerId, "value.serializer", serializerClass, 1);
                send(producer, topic, sent, RECORDS_AFTER_ROLLOUT);
                producer.flush();
                long v1 = records(producer.metrics(), producerId, "value.serializer", serializerClass, 1);
                long v2 = records(producer.metrics(), producerId, "value.serializer", serializerClass, 2);
                check(
                        v1 == v1AtSwitch,
                        "the serializer wrote " + (v1 - v1AtSwitch) + " records with v1 after the switch");
                check(v1 >= RECORDS_BEFORE_ROLLOUT, "the serializer counted " + v1 + " records of v1");
                check(v1 + v2 == sent.size(), "the serializer counted " + v1 + " v1 + " + v2 + " v2 of " + sent.size());
                checkOnePlace(producer.metrics(), producerId);
                consumeAndCheck(topic, consumerId, sent, v1, v2);
                return "OK " + sent.size() + " records (v1 " + v1 + ", v2 " + v2 + "), zstd-jni "
                        + com.github.luben.zstd.Zstd.class.getPackage().getImplementationVersion()
                        + (clientMetrics ? ", metrics in the clients' metrics()" : ", metrics in JMX")
                        + " for client-ids " + producerId + " and " + consumerId;
            }
        }
    }

    private void consumeAndCheck(String topic, String clientId, List<String> sent, long v1, long v2) throws Exception {
        Map<String, Object> settings = new HashMap<>(zdictSettings());
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, "matrix-" + run);
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        settings.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        settings.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, deserializerClass);
        settings.put(ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(settings)) {
            consumer.subscribe(List.of(topic));
            int received = 0;
            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (received < sent.size()) {
                check(
                        System.nanoTime() < deadline,
                        "read " + received + " of " + sent.size() + " records in " + DEADLINE);
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    int index = Integer.parseInt(record.key());
                    check(index == received, "record " + index + " arrived where " + received + " was due");
                    check(sent.get(index).equals(record.value()), "record " + index + " differs from what was sent");
                    received++;
                }
            }
            long read1 = records(consumer.metrics(), clientId, "value.deserializer", deserializerClass, 1);
            long read2 = records(consumer.metrics(), clientId, "value.deserializer", deserializerClass, 2);
            check(
                    read1 == v1 && read2 == v2,
                    "the deserializer counted v1 " + read1 + ", v2 " + read2 + "; sent v1 " + v1 + ", v2 " + v2);
            checkOnePlace(consumer.metrics(), clientId);
        }
    }

    private Map<String, Object> producerSettings(String clientId) {
        Map<String, Object> settings = new HashMap<>(zdictSettings());
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, serializerClass);
        settings.put(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG, StringSerializer.class.getName());
        settings.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return settings;
    }

    private Map<String, Object> zdictSettings() {
        Map<String, Object> settings = new HashMap<>(registrySettings());
        settings.put(ZdictSerdeConfig.REGISTRY_CONFIG, location);
        return settings;
    }

    private Map<String, Object> registrySettings() {
        return Map.of(KafkaRegistryConfig.CACHE_DIR_CONFIG, cacheDir);
    }

    private static void send(KafkaProducer<String, String> producer, String topic, List<String> sent, int count) {
        for (int i = 0; i < count; i++) {
            String value = event(sent.size(), new Random(sent.size()));
            producer.send(new ProducerRecord<>(topic, String.valueOf(sent.size()), value));
            sent.add(value);
        }
    }

    /**
     * The count {@code records-total} of a serde of client {@code clientId} for dictionary {@code version}
     * ({@code serdeClass} its class name): from the client's own {@code metrics} with the Monitorable serdes,
     * else from this JVM's platform MBeanServer under {@code zdict:}; 0 if there is no such metric.
     */
    private long records(
            Map<MetricName, ? extends Metric> metrics, String clientId, String config, String serdeClass, int version)
            throws Exception {
        String simpleName = serdeClass.substring(serdeClass.lastIndexOf('.') + 1);
        if (clientMetrics) {
            Double value = ZdictMetrics.value(
                    metrics,
                    ZdictMetrics.RECORDS,
                    Map.of(
                            ZdictMetrics.CLIENT_ID_TAG, clientId,
                            ZdictMetrics.CONFIG_TAG, config,
                            ZdictMetrics.CLASS_TAG, simpleName,
                            ZdictMetrics.VERSION_TAG, Integer.toString(version)));
            return value == null ? 0 : value.longValue();
        }
        ObjectName name = new ObjectName("zdict:type=plugins,client-id=" + clientId + ",config=" + config + ",class="
                + simpleName + ",version=" + version);
        if (!JMX.isRegistered(name)) {
            return 0;
        }
        return ((Number) JMX.getAttribute(name, "records-total")).longValue();
    }

    /**
     * The serde's metrics are in one place only: with the Monitorable serdes none of client {@code clientId}
     * is under {@code zdict:} in JMX; otherwise none is in the client's own {@code metrics}.
     */
    private void checkOnePlace(Map<MetricName, ? extends Metric> metrics, String clientId) throws Exception {
        if (clientMetrics) {
            ObjectName pattern = new ObjectName("zdict:type=plugins,client-id=" + clientId + ",*");
            check(JMX.queryNames(pattern, null).isEmpty(), "the serde of " + clientId + " published in JMX too");
        } else {
            Double inClient = ZdictMetrics.value(metrics, ZdictMetrics.RECORDS, Map.of());
            check(inClient == null, "a serde of " + clientId + " published in the client's metrics()");
        }
    }

    /** Throws an {@link IllegalStateException} saying {@code problem} unless {@code condition} holds. */
    private static void check(boolean condition, String problem) {
        if (!condition) {
            throw new IllegalStateException(problem);
        }
    }

    private static byte[] trainedDictionary(long seed) {
        List<byte[]> samples = new ArrayList<>();
        Random random = new Random(seed);
        for (int i = 0; i < 1500; i++) {
            samples.add(event(i, random).getBytes(StandardCharsets.UTF_8));
        }
        // zstd's trainer itself: zdict's (zdict-train) is no dependency of the serde a client brings
        byte[] buffer = new byte[4096];
        long written = Zstd.trainFromBuffer(samples.toArray(new byte[0][]), buffer, false);
        check(!Zstd.isError(written), "zstd could not train: " + Zstd.getErrorName(written));
        return Arrays.copyOf(buffer, (int) written);
    }

    /** A JSON event of about 300 bytes, with the shared structure that makes a dictionary pay. */
    private static String event(int index, Random random) {
        return "{\"event_id\":\"" + Long.toHexString(random.nextLong()) + "\",\"seq\":" + index
                + ",\"type\":\"" + (random.nextBoolean() ? "page_view" : "click") + "\",\"ts\":"
                + (1_700_000_000_000L + index * 137L) + ",\"user\":{\"id\":" + random.nextInt(1_000_000)
                + ",\"country\":\"" + (random.nextBoolean() ? "DE" : "US") + "\",\"premium\":" + random.nextBoolean()
                + "},\"page\":\"/products/" + random.nextInt(5000) + "\",\"duration_ms\":" + random.nextInt(30_000)
                + ",\"tags\":[\"web\",\"stable\"]}";
    }

    /**
     * Each step that zdict must refuse on a class path it does not support, one line each (in this order, so
     * that the registry exists when the serdes are configured); never throws for a refusal.
     */
    private void tryRefusedSteps() {
        attempt("DictionaryRegistries.openOrCreate", () -> {
            DictionaryRegistries.openOrCreate(location, registrySettings()).close();
        });
        Map<String, Object> settings = new HashMap<>(zdictSettings());
        settings.put(ProducerConfig.CLIENT_ID_CONFIG, "matrix-refused-" + run);
        attempt("ZdictSerializer.configure", () -> {
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
                serializer.configure(settings, false);
            }
        });
        attempt("ZdictDeserializer.configure", () -> {
            try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
                deserializer.configure(settings, false);
            }
        });
    }

    private interface Step {
        void run() throws Exception;
    }

    private static void attempt(String what, Step step) {
        try {
            step.run();
            System.out.println("ACCEPTED " + what);
        } catch (Throwable t) {
            System.out.println("REFUSED " + what + ": " + causes(t));
        }
    }
}
