package org.zdict.engine.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** A topic's values: zdict payloads decoded with the registry, others as they are, undecodable ones counted. */
class TopicEventsTest {
    private static TopicRecord record(long offset, byte[] value) {
        return new TopicRecord(0, offset, offset, value);
    }

    @Test
    void decodesZdictValuesTakesPlainOnesAndSkipsWhatCannotBeDecoded() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(300, 4);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(DictionaryTrainer.train(events, 4096, 3), 3, Map.of());
        byte[] plain = "{\"plain\":true}".getBytes(StandardCharsets.UTF_8);
        byte[] bareFrame = Zstd.compress(plain);
        byte[] encoded;
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            encoded = codec.compress(1, events.get(0));
        }
        byte[] unknownVersion = encoded.clone();
        unknownVersion[1] = 9; // the same frame, said to be of version 9, which the registry does not hold
        List<TopicRecord> records =
                List.of(record(0, plain), record(1, encoded), record(2, unknownVersion), record(3, bareFrame));
        List<MalformedEventException> skipped = new ArrayList<>();

        try (TopicEvents topic = new TopicEvents("kafka://h:1/t", records, registry, skipped::add)) {
            assertArrayEquals(plain, topic.next());
            assertArrayEquals(events.get(0), topic.next());
            assertArrayEquals(plain, topic.next());
            assertNull(topic.next());
            assertEquals(1, topic.skippedCount());
            assertEquals(plain.length * 2L + events.get(0).length + unknownVersion.length, topic.inputBytes());
        }
        assertEquals(1, skipped.size());
        String message = skipped.get(0).getMessage();
        assertTrue(message.startsWith("Undecodable value in kafka://h:1/t partition 0 at offset 2: "), message);
        assertTrue(message.contains("Unknown dictionary version 9"), message);
    }

    @Test
    void withoutARegistryZdictValuesAreSkippedSayingWhatWouldDecodeThem() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(300, 4);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.publish(DictionaryTrainer.train(events, 4096, 3), 3, Map.of());
        byte[] encoded;
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            encoded = codec.compress(1, events.get(0));
        }
        List<MalformedEventException> skipped = new ArrayList<>();
        try (TopicEvents topic = new TopicEvents("t", List.of(record(7, encoded)), null, skipped::add)) {
            assertNull(topic.next());
        }
        assertTrue(skipped.get(0).lacksRegistry(), skipped.get(0).getMessage());
        assertTrue(
                skipped.get(0).getMessage().contains("written by zdict with dictionary version 1"),
                skipped.get(0).getMessage());
    }
}
