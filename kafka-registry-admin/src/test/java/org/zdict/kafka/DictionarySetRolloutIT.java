package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.previous.PreviousDictionaryStatus;
import org.zdict.previous.PreviousRegistryLog;
import org.zdict.registry.DictionarySet;

/**
 * A roll-out through a dictionary set on a real broker: a producer writes a topic of mixed events (a
 * {@code type} field of four kinds) while the registry goes from one dictionary, to a set routing on
 * {@code type} (three kinds with their own version, the fourth falling back), back to one dictionary. A
 * consumer decodes every record; the payloads' versions show each kind written with its member's version
 * while the set was active. The previous release's reader of the registry topic skips the set and sees
 * the fallback active.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DictionarySetRolloutIT {
    private static final String TOPIC = "set-events";
    private static final String REGISTRY_TOPIC = "_zdict_sets";
    private static final List<String> KINDS = List.of("login", "click", "purchase", "signup");
    private static final int PER_KIND = 25;
    private static Broker broker;

    @TempDir
    static Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
        broker.createTopic(TOPIC, 1);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private static byte[] event(String kind, String phase, int seq) {
        return ("{\"ts\":" + (1_700_000_000L + seq) + ",\"type\":\"" + kind + "\",\"phase\":\"" + phase
                        + "\",\"user\":{\"id\":" + (seq * 7919 % 1000) + ",\"country\":\"FR\"},\"page\":\"/products/"
                        + seq + "\",\"referrer\":null}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The serde settings; equal settings share one registry instance in the JVM (SharedRegistries). */
    private static Map<String, Object> serdeSettings() {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC);
        props.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("serde").toString());
        return props;
    }

    /** Waits until the producer's registry routes a {@code login} event to {@code version}. */
    private static void awaitRouting(ZdictSerializer<byte[]> probe, int version) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int seen = -1;
        while (System.nanoTime() < deadline) {
            byte[] payload = probe.serialize(TOPIC, event("login", "probe", 0));
            seen = PayloadPrefix.read(payload, 0, payload.length).version();
            if (seen == version) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the producer's registry still routes login to version " + seen + ", not " + version);
    }

    private static void send(KafkaProducer<String, byte[]> producer, String phase, Map<String, byte[]> sent) {
        for (int seq = 0; seq < PER_KIND; seq++) {
            for (String kind : KINDS) {
                String key = phase + "/" + kind + "/" + seq;
                byte[] value = event(kind, phase, seq);
                sent.put(key, value);
                producer.send(new ProducerRecord<>(TOPIC, key, value));
            }
        }
        producer.flush();
    }

    private static PreviousRegistryLog readWithPreviousRelease() {
        PreviousRegistryLog previous = new PreviousRegistryLog();
        for (ConsumerRecord<String, byte[]> record : broker.records(REGISTRY_TOPIC)) {
            previous.apply(record.offset(), record.key(), record.value());
        }
        return previous;
    }

    @Test
    void eachKindIsWrittenWithItsMembersVersionWhileTheSetIsActiveAndEveryRecordDecodes() throws Exception {
        Map<String, Object> admin = Map.of(
                KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("admin").toString());
        Map<String, byte[]> sent = new TreeMap<>();
        try (KafkaDictionaryRegistry registry =
                        KafkaDictionaryRegistry.open(broker.bootstrapServers(), REGISTRY_TOPIC, admin);
                ZdictSerializer<byte[]> probe = new ZdictSerializer<>()) {
            int single =
                    registry.publish(TestDictionaries.trained(1), 3, Map.of()).version();
            int login =
                    registry.publish(TestDictionaries.trained(2), 3, Map.of()).version();
            int click =
                    registry.publish(TestDictionaries.trained(3), 3, Map.of()).version();
            int purchase =
                    registry.publish(TestDictionaries.trained(4), 3, Map.of()).version();
            int fallback =
                    registry.publish(TestDictionaries.trained(5), 3, Map.of()).version();
            registry.activate(single);

            Map<String, Object> props = serdeSettings();
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
            props.put(ProducerConfig.CLIENT_ID_CONFIG, "set-producer");
            props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ZdictSerializer.class);
            probe.configure(props, false); // the producer's settings: it shares the producer's registry
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props)) {
                awaitRouting(probe, single);
                send(producer, "single", sent);

                DictionarySet set = new DictionarySet(
                        new DictionarySet.Rule.Field("type"),
                        fallback,
                        Map.of("login", login, "click", click, "purchase", purchase));
                registry.activateSet(set, OptionalInt.of(single), Optional.empty());
                assertEquals(Optional.of(set), registry.activeSet("default"));
                assertEquals(OptionalInt.of(fallback), registry.activeVersion());
                PreviousRegistryLog previous = readWithPreviousRelease();
                assertEquals(OptionalInt.of(fallback), previous.view().activeVersion());
                assertEquals(
                        PreviousDictionaryStatus.AVAILABLE,
                        previous.view().versions().get(login).status());
                awaitRouting(probe, login);
                send(producer, "set", sent);

                registry.activate(single);
                assertEquals(Optional.empty(), registry.activeSet("default"));
                assertEquals(
                        OptionalInt.of(single), readWithPreviousRelease().view().activeVersion());
                awaitRouting(probe, single);
                send(producer, "back", sent);
            }

            Map<String, Integer> expected = new TreeMap<>();
            for (String kind : KINDS) {
                expected.put("single/" + kind, single);
                expected.put("back/" + kind, single);
            }
            expected.put("set/login", login);
            expected.put("set/click", click);
            expected.put("set/purchase", purchase);
            expected.put("set/signup", fallback); // no member: a new kind appears with the fallback
            Map<String, Integer> counted = new TreeMap<>();
            for (ConsumerRecord<String, byte[]> record : broker.records(TOPIC)) {
                String group = record.key().substring(0, record.key().lastIndexOf('/'));
                int version = PayloadPrefix.read(record.value(), 0, record.value().length)
                        .version();
                assertEquals(expected.get(group), version, record.key());
                counted.merge(group, 1, Integer::sum);
            }
            for (String group : expected.keySet()) {
                assertEquals(PER_KIND, counted.get(group), group);
            }
        }

        List<String> decoded = new ArrayList<>();
        Map<String, Object> props = serdeSettings();
        props.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("consumer").toString());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "set-consumer");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (decoded.size() < sent.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    assertArrayEquals(sent.get(record.key()), record.value(), record.key());
                    decoded.add(record.key());
                }
            }
        }
        assertEquals(sent.size(), decoded.size());
        assertTrue(decoded.containsAll(sent.keySet()));
    }
}
