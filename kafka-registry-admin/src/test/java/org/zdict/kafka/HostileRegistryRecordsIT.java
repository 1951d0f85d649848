package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.testing.SampleEvents;

/**
 * Whoever can write the registry topic writes one record of every kind {@link RegistryLog} refuses, with a
 * plain producer, between versions published and activated with the real API: the registry keeps
 * following, every payload written before decodes to the same bytes, each refusal is counted once, and a
 * client that reads the topic afresh gets the same table.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HostileRegistryRecordsIT {
    private static final String TOPIC = "reg-hostile";
    /** Room on the broker and in the topic for the huge record, which is larger than any registry record. */
    private static final int MAX_MESSAGE_BYTES = 2 * RegistryRecords.MAX_VALUE_BYTES;

    private static Broker broker;

    @TempDir
    Path temp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start(Map.of("message.max.bytes", Integer.toString(MAX_MESSAGE_BYTES)));
        broker.createTopic(
                TOPIC,
                1,
                Map.of("cleanup.policy", "compact", "max.message.bytes", Integer.toString(MAX_MESSAGE_BYTES)));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private KafkaDictionaryRegistry open(String cache) {
        Map<String, Object> config = new HashMap<>();
        config.put(KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve(cache).toString());
        config.put(KafkaRegistryConfig.INIT_TIMEOUT_MS_CONFIG, "30000");
        return KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), TOPIC, config);
    }

    @Test
    void hostileRecordsNeitherStopTheRegistryNorChangeADecodedByte() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(20, 99);
        Map<Integer, List<byte[]>> payloads = new TreeMap<>();
        List<DictionaryInfo> table;
        try (KafkaDictionaryRegistry registry = open("writer");
                KafkaDictionaryRegistry reader = open("reader")) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            registry.publish(TestDictionaries.trained(2), 3, Map.of());
            registry.activate(2); // 1 is available now, once active
            registry.publish(TestDictionaries.trained(3), 3, Map.of()); // never active
            // a publisher never writes a record the readers would skip as too large
            byte[] tooLarge = Arrays.copyOf(TestDictionaries.trained(5), RegistryRecords.MAX_VALUE_BYTES * 3 / 4);
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> registry.publish(tooLarge, 3, Map.of()));
            assertTrue(refused.getMessage().contains("too large for the Kafka registry"), refused.getMessage());
            try (ZdictCodec codec = ZdictCodec.of(registry)) {
                for (int version = 1; version <= 3; version++) {
                    List<byte[]> written = new ArrayList<>();
                    for (byte[] event : events) {
                        written.add(codec.compress(version, event));
                    }
                    payloads.put(version, written);
                }
            }

            writeHostileRecords();

            // the follower went past them: a version published after them arrives, under the number the
            // forged record did not claim, and the state chain still takes a legitimate change
            DictionaryInfo after = registry.publish(TestDictionaries.trained(4), 3, Map.of());
            assertEquals(4, after.version());
            registry.activate(4);
            registry.sync();
            reader.sync(); // both clients count on the same topic: the metric read below may be either's
            assertEquals(OptionalInt.of(4), registry.activeVersion());
            assertEquals(
                    List.of(1, 2, 3, 4),
                    registry.list().stream().map(DictionaryInfo::version).toList());
            assertDecodes(registry, events, payloads);
            for (RecordRefusal reason : RecordRefusal.values()) {
                assertEquals(1, registry.refusedRecords().count(reason), reason.tag());
                assertEquals(1.0, refusedMetric(reason), reason.tag());
            }
            table = registry.list();
            // a client that only follows the topic meanwhile, as a consumer's does, gets there too
            assertTrue(reader.awaitVersion(4, Duration.ofSeconds(30)));
            reader.sync();
            assertEquals(table, reader.list());
            assertDecodes(reader, events, payloads);
            for (RecordRefusal reason : RecordRefusal.values()) {
                assertEquals(1, reader.refusedRecords().count(reason), reason.tag());
            }
        }
        for (RecordRefusal reason : RecordRefusal.values()) {
            assertEquals(null, refusedMetric(reason), "removed with its registry: " + reason.tag());
        }

        try (KafkaDictionaryRegistry fresh = open("fresh")) {
            assertEquals(table, fresh.list());
            assertDecodes(fresh, events, payloads);
            for (RecordRefusal reason : RecordRefusal.values()) {
                assertEquals(1, fresh.refusedRecords().count(reason), reason.tag());
                assertEquals(1.0, refusedMetric(reason), reason.tag());
            }
        }
    }

    /** One record of every kind the registry refuses, written as anyone with write access could. */
    private void writeHostileRecords() throws Exception {
        Map<String, Object> config = broker.clientConfig();
        config.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MAX_MESSAGE_BYTES);
        config.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 4L * MAX_MESSAGE_BYTES);
        Map<Integer, String> winners = new TreeMap<>();
        long state = -1;
        for (ConsumerRecord<String, byte[]> r : broker.records(TOPIC)) {
            int version = RegistryKeys.versionOf(r.key());
            if (version > 0 && r.value() != null) {
                winners.putIfAbsent(version, r.key());
            } else if (RegistryKeys.STATE.equals(r.key())) {
                state = r.offset();
            }
        }
        assertEquals(3, winners.size(), winners.toString());
        byte[] other = TestDictionaries.trained(7);
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            List<ProducerRecord<String, byte[]>> records = List.of(
                    // 1. not JSON
                    record(RegistryKeys.STATE, "not a record".getBytes(StandardCharsets.UTF_8)),
                    // 2. larger than any record, several MB
                    record("dict/4/huge", new byte[RegistryRecords.MAX_VALUE_BYTES + 1]),
                    // 3. the number of an existing version, with other bytes
                    record("dict/1/claim", dictionaryRecord(1, other, Dictionary.sha256(other))),
                    // 4. the next number, with a hash its bytes do not have
                    record("dict/4/forged", dictionaryRecord(4, other, Dictionary.sha256(TestDictionaries.trained(4)))),
                    // 5. a key of no known shape
                    record("config/retention", "{}".getBytes(StandardCharsets.UTF_8)),
                    // 6. a tombstone on the active version's winning record
                    record(winners.get(2), null),
                    // 7. a state record, based on the one in force, that removes every version
                    record(
                            RegistryKeys.STATE,
                            RegistryRecords.write(new StateRecord(
                                    4,
                                    0,
                                    Map.of(),
                                    new TreeSet<>(),
                                    new TreeSet<>(List.of(1, 2, 3)),
                                    new TreeSet<>(),
                                    Map.of(),
                                    Map.of(),
                                    state,
                                    -1))),
                    // 8. a tombstone on the state record
                    record(RegistryKeys.STATE, null));
            for (ProducerRecord<String, byte[]> record : records) {
                producer.send(record).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static ProducerRecord<String, byte[]> record(String key, byte[] value) {
        return new ProducerRecord<>(TOPIC, 0, key, value);
    }

    private static byte[] dictionaryRecord(int version, byte[] content, String sha256) {
        return RegistryRecords.write(
                new DictionaryRecord(version, "default", sha256, 3, Instant.EPOCH, Map.of(), content));
    }

    private static void assertDecodes(
            KafkaDictionaryRegistry registry, List<byte[]> events, Map<Integer, List<byte[]>> payloads) {
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            payloads.forEach((version, written) -> {
                for (int i = 0; i < events.size(); i++) {
                    assertArrayEquals(events.get(i), codec.decompress(written.get(i)), "version " + version);
                }
            });
        }
    }

    /** The client's {@value ZdictMetrics#REFUSED_RECORDS} for {@code reason}, as JMX publishes it. */
    private static Double refusedMetric(RecordRefusal reason) {
        return ZdictMetrics.value(
                ZdictMetrics.fallback(),
                ZdictMetrics.REFUSED_RECORDS,
                Map.of(ZdictMetrics.TOPIC_TAG, TOPIC, ZdictMetrics.REASON_TAG, reason.tag()));
    }
}
