package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;

/**
 * A copy of a registry topic whose offsets differ from the source's, as MirrorMaker 2 makes one of a topic
 * that compaction has already thinned (records are copied, offsets are not): a client of the copy sees
 * the same versions, statuses and active versions as the source, and follows the changes made in the
 * source after the copy began.
 */
class RegistryMirrorIT {
    private static final String SOURCE = "_zdict_registry";
    private static final String COPY = "primary._zdict_registry";

    @TempDir
    static java.nio.file.Path temp;

    private static Broker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start();
        broker.createTopic(COPY, 1, Map.of("cleanup.policy", "compact"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aCopyWithOtherOffsetsFollowsTheSourcesStateChanges() throws Exception {
        long copied;
        try (KafkaDictionaryRegistry source =
                KafkaDictionaryRegistry.open(broker.bootstrapServers(), SOURCE, settings("source"))) {
            source.publish(TestDictionaries.trained(1), 3, Map.of());
            source.activate(1);
            source.publish(TestDictionaries.trained(2), 3, Map.of());
            source.activate(2);
            // Compaction would keep only the last state record: the copy starts without the first one.
            long firstState = firstStateOffset();
            copied = copy(0, record -> record.offset() != firstState);

            try (KafkaDictionaryRegistry mirrored =
                    KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), COPY, settings("copy"))) {
                assertEquals(source.list(), mirrored.list());

                source.publish(TestDictionaries.trained(3), 3, Map.of());
                source.activate(3);
                source.retire(1);
                copy(copied, record -> true);
                mirrored.sync();

                assertEquals(3, mirrored.activeVersion().getAsInt(), "the copy follows a later activation");
                assertEquals(
                        DictionaryInfo.Status.RETIRED,
                        mirrored.info(1).orElseThrow().status());
                assertEquals(source.list(), mirrored.list());
            }
            try (KafkaDictionaryRegistry fresh =
                    KafkaDictionaryRegistry.openExisting(broker.bootstrapServers(), COPY, settings("fresh"))) {
                assertEquals(source.list(), fresh.list(), "a new client of the copy reads the same table");
            }
        }
    }

    private static long firstStateOffset() {
        for (ConsumerRecord<String, byte[]> record : read(0)) {
            if (record.key().equals("state")) {
                return record.offset();
            }
        }
        throw new AssertionError("no state record in " + SOURCE);
    }

    /** Copies the source's records from {@code from} that {@code keep} accepts; returns the next offset to copy. */
    private static long copy(long from, java.util.function.Predicate<ConsumerRecord<String, byte[]>> keep)
            throws Exception {
        List<ConsumerRecord<String, byte[]>> records = read(from);
        Map<String, Object> config = broker.clientConfig();
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            for (ConsumerRecord<String, byte[]> record : records) {
                if (keep.test(record)) {
                    producer.send(new ProducerRecord<>(COPY, 0, record.key(), record.value()))
                            .get(30, TimeUnit.SECONDS);
                }
            }
        }
        assertTrue(!records.isEmpty(), "nothing to copy from offset " + from);
        return records.get(records.size() - 1).offset() + 1;
    }

    private static List<ConsumerRecord<String, byte[]>> read(long from) {
        TopicPartition partition = new TopicPartition(SOURCE, 0);
        Map<String, Object> config = broker.clientConfig();
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(partition));
            consumer.seek(partition, from);
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    records.add(record);
                }
            }
        }
        return records;
    }

    private static Map<String, Object> settings(String client) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("zdict.registry.cache.dir", temp.resolve(client).toString());
        settings.put("zdict.registry.init.timeout.ms", 20_000);
        return settings;
    }
}
