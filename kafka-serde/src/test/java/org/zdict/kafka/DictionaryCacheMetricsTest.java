package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * {@code zdict.dictionary.cache.bytes} reaches the serde's codec, and its cache shows in the serde's
 * metrics: the client's when it hands them over, JMX otherwise.
 */
class DictionaryCacheMetricsTest {
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    @TempDir
    Path temp;

    private final List<byte[]> events = SampleEvents.synthetic(4, 9);
    /** events.get(i) written with version i + 1. */
    private final List<byte[]> payloads = new ArrayList<>();

    @BeforeEach
    void publishFourVersions() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            for (int v = 1; v <= 4; v++) {
                registry.publish(TestDictionaries.trained(v), 3, Map.of());
            }
        }
        for (int v = 1; v <= 4; v++) {
            try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
                Map<String, Object> props = props("writer");
                props.put(ZdictSerdeConfig.PINNED_VERSION_CONFIG, v);
                serializer.configure(props, false);
                payloads.add(serializer.serialize("t", events.get(v - 1)));
            }
        }
    }

    private Map<String, Object> props(String clientId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        props.put("client.id", clientId);
        return props;
    }

    @Test
    void aBoundBelowTheWorkingSetEvictsAndTheMetricsShowIt() throws Exception {
        Map<String, Object> props = props("c1");
        props.put(ZdictSerdeConfig.DICTIONARY_CACHE_BYTES_CONFIG, "1"); // holds one dictionary at a time
        Map<String, String> tags = Map.of("client-id", "c1", "config", "value.deserializer");
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(props, false);
            for (int round = 0; round < 2; round++) {
                for (int v = 1; v <= 4; v++) {
                    assertArrayEquals(events.get(v - 1), deserializer.deserialize("t", payloads.get(v - 1)));
                }
            }
            assertEquals(8.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.CACHE_LOADS, tags));
            assertEquals(7.0, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.CACHE_EVICTIONS, tags));
            double bytes = ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.CACHE_BYTES, tags);
            assertTrue(bytes > 4096 && bytes < 2 * (4096 + 27_352), "one 4 KiB dictionary digested: " + bytes);
        }
        assertNull(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.CACHE_BYTES, tags));
    }

    @Test
    void theDefaultBoundHoldsEveryVersionAndJmxShowsIt() throws Exception {
        ObjectName name = new ObjectName(
                "zdict:type=plugins,client-id=cache-jmx,config=value.deserializer,class=ZdictDeserializer");
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(props("cache-jmx"), false);
            for (int round = 0; round < 2; round++) {
                for (int v = 1; v <= 4; v++) {
                    assertArrayEquals(events.get(v - 1), deserializer.deserialize("t", payloads.get(v - 1)));
                }
            }
            assertEquals(4.0, JMX.getAttribute(name, ZdictMetrics.CACHE_LOADS));
            assertEquals(0.0, JMX.getAttribute(name, ZdictMetrics.CACHE_EVICTIONS));
            assertTrue((double) JMX.getAttribute(name, ZdictMetrics.CACHE_BYTES) > 4 * 4096);
        }
        assertFalse(JMX.isRegistered(name), "the cache MBean is gone with the serde");
    }

    @Test
    void refusesABoundThatIsNotPositive() {
        Map<String, Object> props = props("bad");
        props.put(ZdictSerdeConfig.DICTIONARY_CACHE_BYTES_CONFIG, "0");
        ConfigException e = assertThrows(ConfigException.class, () -> new ZdictSerdeConfig(props));
        assertTrue(e.getMessage().contains("zdict.dictionary.cache.bytes"), e.getMessage());
        assertEquals(
                ZdictCodecBuilder.DEFAULT_DICTIONARY_CACHE_BYTES,
                new ZdictSerdeConfig(props("default")).dictionaryCacheBytes());
    }
}
