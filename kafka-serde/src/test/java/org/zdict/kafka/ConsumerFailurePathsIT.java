package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Bad record values through a real consumer: each fails that record alone with a {@link
 * RecordDeserializationException} naming topic, partition and offset and saying what is wrong, and the
 * consumer goes on after seeking past it.
 */
@Timeout(180)
class ConsumerFailurePathsIT {
    private static final String TOPIC = "failure-paths";
    private static final int LIMIT = 4096;
    private static Broker broker;

    @TempDir
    static Path temp;

    private static Path registry;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start();
        registry = temp.resolve("registry");
        try (DictionaryRegistry folder = DictionaryRegistries.openFolder(registry)) {
            folder.activate(
                    folder.publish(TestDictionaries.trained(1), 3, Map.of()).version());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        broker.close();
    }

    @Test
    void failsEachBadRecordAloneAndGoesOnAfterASeek() throws Exception {
        byte[] good = org.zdict.testing.SampleEvents.synthetic(1, 99).get(0);
        byte[] large = ("{\"blob\":\"" + "x".repeat(20_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        byte[] payload;
        byte[] largePayload;
        try (DictionaryRegistry folder = DictionaryRegistries.openFolder(registry);
                ZdictCodec codec = ZdictCodec.builder(folder).checksum(false).build()) {
            payload = codec.compress(good);
            largePayload = codec.compress(large);
        }
        assertEquals(0xD1, payload[0] & 0xFF, "the good event must compress with the dictionary");
        List<byte[]> values = List.of(
                payload, // 0: good
                Arrays.copyOf(payload, payload.length - 3), // 1: a framed value cut short
                Zstd.compress(good), // 2: a bare zstd frame, migration mode off
                new byte[0], // 3: an empty value
                largePayload, // 4: expands past zdict.max.decompressed.bytes
                payload); // 5: good
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer())) {
            for (byte[] value : values) {
                producer.send(new ProducerRecord<>(TOPIC, 0, "k", value)).get();
            }
        }

        Map<String, Object> props = new HashMap<>();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "g-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ZdictDeserializer.class);
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString());
        props.put(ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG, StringDeserializer.class);
        props.put(ZdictSerdeConfig.MAX_DECOMPRESSED_BYTES_CONFIG, LIMIT);
        List<String> decoded = new ArrayList<>();
        Map<Long, String> failures = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (decoded.size() + failures.size() < values.size() && System.nanoTime() < deadline) {
                try {
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                        decoded.add(record.offset() + ":" + record.value());
                    }
                } catch (RecordDeserializationException e) {
                    assertEquals(TOPIC, e.topicPartition().topic());
                    assertEquals(0, e.topicPartition().partition());
                    assertTrue(e.getMessage().contains("offset " + e.offset()), e.getMessage());
                    failures.put(e.offset(), e.getCause().getMessage());
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                }
            }
        }
        String text = new String(good, StandardCharsets.UTF_8);
        assertEquals(List.of("0:" + text, "5:" + text), decoded, "failures: " + failures);
        assertEquals(4, failures.size(), failures::toString);
        assertContains(failures.get(1L), "cannot decode a record of topic " + TOPIC, "cut short");
        assertContains(failures.get(2L), "bare zstd frame", ZdictSerdeConfig.ACCEPT_UNFRAMED_CONFIG);
        assertContains(failures.get(3L), "cannot decode a record of topic " + TOPIC, "empty");
        assertContains(
                failures.get(4L),
                "declares " + large.length + " decompressed bytes",
                ZdictSerdeConfig.MAX_DECOMPRESSED_BYTES_CONFIG);
    }

    private static void assertContains(String message, String... parts) {
        assertTrue(message != null, "no failure recorded");
        for (String part : parts) {
            assertTrue(message.contains(part), "'" + part + "' missing in: " + message);
        }
    }
}
