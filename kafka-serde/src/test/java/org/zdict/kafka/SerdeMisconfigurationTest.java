package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.CorruptPayloadException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** Settings a careless user gets wrong: each is refused, or explained, at the point it bites. */
class SerdeMisconfigurationTest {
    @TempDir
    Path dir;

    private Path registryWith(String name, long... seeds) {
        Path folder = dir.resolve(name);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(folder)) {
            for (long seed : seeds) {
                registry.publish(TestDictionaries.trained(seed), 3, Map.of());
            }
            registry.activate(1);
        }
        return folder;
    }

    @Test
    void refusesToPinARetiredOrMissingVersion() {
        Path folder = registryWith("pinned", 1, 2);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(folder)) {
            registry.activate(2);
            registry.retire(1);
        }
        for (int version : new int[] {1, 7}) {
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer())) {
                ConfigException e = assertThrows(
                        ConfigException.class,
                        () -> serializer.configure(
                                Map.of(
                                        ZdictSerdeConfig.REGISTRY_CONFIG,
                                        folder.toString(),
                                        ZdictSerdeConfig.PINNED_VERSION_CONFIG,
                                        version),
                                false));
                assertTrue(e.getMessage().contains(ZdictSerdeConfig.PINNED_VERSION_CONFIG), e.getMessage());
                assertTrue(e.getMessage().contains(version == 1 ? "is retired" : "holds no version 7"), e.getMessage());
            }
        }
        assertTrue(SharedRegistries.users(folder.toString()) == 0, "a refused configure kept the registry open");
    }

    @Test
    void saysWhichSettingToCheckWhenTheRegistryIsNotTheProducers() {
        Path producers = registryWith("producers", 1);
        Path rebuilt = registryWith("rebuilt", 5);
        byte[] event = SampleEvents.synthetic(1, 3).get(0);
        byte[] value;
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer())) {
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, producers.toString()), false);
            value = serializer.serialize("events", event);
        }
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer())) {
            deserializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, rebuilt.toString()), false);
            SerializationException e =
                    assertThrows(SerializationException.class, () -> deserializer.deserialize("events", value));
            assertTrue(e.getMessage().contains("Wrong dictionary"), e.getMessage());
            assertTrue(e.getMessage().contains("Check " + ZdictSerdeConfig.REGISTRY_CONFIG), e.getMessage());
        }
    }
    /** A value cut short is not a registry problem: the error says so and points at no setting. */
    @Test
    void aValueCutShortDoesNotBlameTheRegistry() {
        Path registry = registryWith("producers", 1);
        byte[] event = SampleEvents.synthetic(1, 3).get(0);
        byte[] value;
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer())) {
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString()), false);
            value = serializer.serialize("events", event);
        }
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>(new ByteArrayDeserializer())) {
            deserializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, registry.toString()), false);
            for (byte[] cut : List.of(
                    Arrays.copyOf(value, 1), // the version varint missing
                    new byte[] {value[0], (byte) 0x80}, // a varint that never ends
                    Arrays.copyOf(value, value.length - 2))) {
                SerializationException e =
                        assertThrows(SerializationException.class, () -> deserializer.deserialize("events", cut));
                assertTrue(
                        e.getCause() instanceof CorruptPayloadException c
                                && c.kind() == CorruptPayloadException.Kind.TRUNCATED,
                        e.toString());
                assertTrue(!e.getMessage().contains("Check " + ZdictSerdeConfig.REGISTRY_CONFIG), e.getMessage());
            }
        }
    }
}
