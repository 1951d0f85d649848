package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * Serdes that name one registry with the same settings share one codec, so one dictionary cache (as Kafka
 * Streams' serde per task needs); it stays open until the last of them closes.
 */
class SharedCodecsTest {
    @TempDir
    Path temp;

    private String location;
    private final byte[] event = SampleEvents.synthetic(1, 7).get(0);

    @BeforeEach
    void publishVersionOne() {
        location = temp.resolve("reg").toString();
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp.resolve("reg"))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
    }

    @AfterEach
    void nothingLeftOpen() {
        assertEquals(0, SharedRegistries.users(location));
    }

    private Map<String, Object> props(String... more) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, location);
        for (int i = 0; i < more.length; i += 2) {
            props.put(more[i], more[i + 1]);
        }
        return props;
    }

    private static ZdictCodec codecOf(ZdictSerializer<?> serializer) {
        return serializer.lifecycle.ready().codec;
    }

    private static ZdictCodec codecOf(ZdictDeserializer<?> deserializer) {
        return deserializer.lifecycle.ready().codec;
    }

    @Test
    void serdesOfOneRegistryShareOneCodecAndDigestEachVersionOnce() {
        ZdictSerializer<byte[]> first = new ZdictSerializer<>();
        ZdictSerializer<byte[]> second = new ZdictSerializer<>();
        ZdictDeserializer<byte[]> reader = new ZdictDeserializer<>();
        try {
            first.configure(props(), false);
            second.configure(props(), false);
            reader.configure(props(), false);
            assertSame(codecOf(first), codecOf(second));
            assertSame(codecOf(first), codecOf(reader));

            byte[] payload = first.serialize("t", event);
            long loads = codecOf(second).cacheStats().loads();
            assertTrue(loads > 0, "the first serializer's digest of version 1 is in the second's cache");
            second.serialize("t", event);
            assertEquals(loads, codecOf(second).cacheStats().loads(), "the second did not digest version 1 again");
            assertArrayEquals(event, reader.deserialize("t", payload));
            assertEquals(codecOf(reader).cacheStats(), codecOf(first).cacheStats());
        } finally {
            first.close();
            second.close();
            reader.close();
        }
    }

    @Test
    void closingOneSerdeLeavesTheSharedCodecWorkingForTheOthers() {
        ZdictSerializer<byte[]> closing = new ZdictSerializer<>();
        ZdictSerializer<byte[]> staying = new ZdictSerializer<>();
        ZdictDeserializer<byte[]> reader = new ZdictDeserializer<>();
        try {
            closing.configure(props(), false);
            staying.configure(props(), false);
            reader.configure(props(), false);
            closing.serialize("t", event);
            closing.close();
            assertThrows(IllegalStateException.class, () -> closing.serialize("t", event));
            byte[] payload = staying.serialize("t", event);
            assertArrayEquals(event, reader.deserialize("t", payload));
        } finally {
            staying.close();
            reader.close();
        }
        // the last one closed the codec: a new serde gets a new one
        try (ZdictSerializer<byte[]> later = new ZdictSerializer<>()) {
            later.configure(props(), false);
            assertEquals(0, codecOf(later).cacheStats().loads());
            later.serialize("t", event);
        }
    }

    @Test
    void serdesWithOtherCodecSettingsGetTheirOwnCodec() {
        try (ZdictSerializer<byte[]> small = new ZdictSerializer<>();
                ZdictSerializer<byte[]> large = new ZdictSerializer<>();
                ZdictSerializer<byte[]> fast = new ZdictSerializer<>()) {
            small.configure(props(ZdictSerdeConfig.DICTIONARY_CACHE_BYTES_CONFIG, "1000000"), false);
            large.configure(props(ZdictSerdeConfig.DICTIONARY_CACHE_BYTES_CONFIG, "2000000"), false);
            fast.configure(props(ZdictSerdeConfig.LEVEL_CONFIG, "1"), false);
            assertNotSame(codecOf(small), codecOf(large));
            assertNotSame(codecOf(small), codecOf(fast));
            assertSame(codecOf(small).source(), codecOf(large).source(), "still one registry");
        }
    }
}
