package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.common.internals.Plugin;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** Where a serde's metrics go (JMX, tagged as a client would tag them), and that they go away. */
class SerdeMetricsTest {
    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    @TempDir
    Path temp;

    private final byte[] event = SampleEvents.synthetic(1, 5).get(0);

    /** What other test classes in this JVM left (Streams' default serdes go only when garbage). */
    private Set<ObjectName> before;

    private int sharesBefore;

    @BeforeEach
    void publishVersionOne() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
        before = zdictMBeans();
        sharesBefore = JmxFallback.shares();
    }

    @AfterEach
    void everySerdeClosedLeavesNoZdictMBean() throws Exception {
        assertNoNewMBeans();
    }

    /** Others' MBeans may go meanwhile (when their serdes are garbage); none may come. */
    private void assertNoNewMBeans() throws Exception {
        Set<ObjectName> added = new HashSet<>(zdictMBeans());
        added.removeAll(before);
        assertEquals(Set.of(), added);
        assertTrue(JmxFallback.shares() <= sharesBefore, "shares left open: " + JmxFallback.shares());
    }

    static Set<ObjectName> zdictMBeans() throws Exception {
        return JMX.queryNames(new ObjectName(ZdictMetrics.JMX_DOMAIN + ":*"), null);
    }

    private Map<String, Object> props(String clientId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        props.put("client.id", clientId);
        return props;
    }

    private static ObjectName fallbackName(String clientId, String config, String className, String version)
            throws Exception {
        return new ObjectName("zdict:type=plugins,client-id=" + clientId + ",config=" + config + ",class=" + className
                + ",version=" + version);
    }

    @Test
    void aSerdeBuiltByHandPublishesThroughJmxUnderTheClientsNamesUntilItCloses() throws Exception {
        ObjectName name = fallbackName("by-hand", "value.serializer", "ZdictSerializer", "1");
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(props("by-hand"), false);
            serializer.serialize("t", event);
            serializer.serialize("t", event);
            assertEquals(2.0, JMX.getAttribute(name, ZdictMetrics.RECORDS));
            assertEquals((double) event.length * 2, JMX.getAttribute(name, ZdictMetrics.ORIGINAL_BYTES));
        }
        assertFalse(JMX.isRegistered(name), "the MBean is gone with the serde");
    }

    @Test
    void aKeyDeserializerIsNamedByItsKeySetting() throws Exception {
        byte[] payload;
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(props("keys"), true);
            payload = serializer.serialize("t", event);
            assertTrue(JMX.isRegistered(fallbackName("keys", "key.serializer", "ZdictSerializer", "1")));
        }
        try (ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>()) {
            deserializer.configure(props("keys"), true);
            deserializer.deserialize("t", payload);
            assertEquals(
                    1.0,
                    JMX.getAttribute(
                            fallbackName("keys", "key.deserializer", "ZdictDeserializer", "1"), ZdictMetrics.RECORDS));
        }
    }

    @Test
    void serdesWithTheSameNameShareOneMBeanUntilTheLastCloses() throws Exception {
        // as Kafka Streams does with default.value.serde: one instance per task and node, same settings
        ObjectName name = fallbackName("streams-app", "value.serializer", "ZdictSerializer", "1");
        ZdictSerializer<byte[]> first = new ZdictSerializer<>();
        ZdictSerializer<byte[]> second = new ZdictSerializer<>();
        first.configure(props("streams-app"), false);
        second.configure(props("streams-app"), false);
        first.serialize("t", event);
        second.serialize("t", event);
        assertEquals(2.0, JMX.getAttribute(name, ZdictMetrics.RECORDS));
        first.close();
        second.serialize("t", event);
        assertEquals(3.0, JMX.getAttribute(name, ZdictMetrics.RECORDS));
        second.close();
        assertFalse(JMX.isRegistered(name));
    }

    @Test
    void aClientThatWrapsTheSerdeAsAPluginLeavesItsMetricsInJmx() throws Exception {
        // what KafkaProducer 4.1+ does with a value serializer: configure, then Plugin.wrapInstance, which
        // hands its metrics only to a Monitorable plugin; ZdictSerializer is not (it loads on 3.x), its
        // MonitorableZdictSerializer subclass is (below)
        ObjectName name = fallbackName("p1", "value.serializer", "ZdictSerializer", "1");
        try (Metrics client = new Metrics(new MetricConfig().tags(Map.of("client-id", "p1")))) {
            ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
            serializer.configure(props("p1"), false);
            Plugin<ZdictSerializer<byte[]>> plugin = Plugin.wrapInstance(serializer, client, "value.serializer");
            serializer.serialize("t", event);
            assertEquals(1.0, JMX.getAttribute(name, ZdictMetrics.RECORDS));
            assertNull(ZdictMetrics.value(client.metrics(), ZdictMetrics.RECORDS, Map.of("client-id", "p1")));
            plugin.close();
            assertFalse(JMX.isRegistered(name), "closing the plugin closes the serde and its MBeans");
        }
    }

    @Test
    void aMonitorableSerdeWrappedByAClientPublishesInTheClientsRegistryNotJmx() throws Exception {
        // what KafkaProducer and KafkaConsumer 4.1+ do: configure, then Plugin.wrapInstance, which hands a
        // Monitorable plugin PluginMetrics that add the client's tags in the client's own Metrics
        Map<String, String> serialized = Map.of(
                "client-id", "p2", "config", "value.serializer", "class", "MonitorableZdictSerializer", "version", "1");
        Map<String, String> deserialized = Map.of(
                "client-id",
                "c2",
                "config",
                "value.deserializer",
                "class",
                "MonitorableZdictDeserializer",
                "version",
                "1");
        try (Metrics producer = new Metrics(new MetricConfig().tags(Map.of("client-id", "p2")));
                Metrics consumer = new Metrics(new MetricConfig().tags(Map.of("client-id", "c2")))) {
            MonitorableZdictSerializer<byte[]> serializer = new MonitorableZdictSerializer<>();
            serializer.configure(props("p2"), false);
            Plugin<?> producerPlugin = Plugin.wrapInstance(serializer, producer, "value.serializer");
            MonitorableZdictDeserializer<byte[]> deserializer = new MonitorableZdictDeserializer<>();
            deserializer.configure(props("c2"), false);
            Plugin<?> consumerPlugin = Plugin.wrapInstance(deserializer, consumer, "value.deserializer");

            byte[] payload = serializer.serialize("t", event);
            serializer.serialize("t", event);
            deserializer.deserialize("t", payload);

            assertEquals(2.0, ZdictMetrics.value(producer.metrics(), ZdictMetrics.RECORDS, serialized));
            assertEquals(
                    (double) event.length * 2,
                    ZdictMetrics.value(producer.metrics(), ZdictMetrics.ORIGINAL_BYTES, serialized));
            assertEquals(1.0, ZdictMetrics.value(consumer.metrics(), ZdictMetrics.RECORDS, deserialized));
            Map<String, String> cache = Map.of("client-id", "c2", "class", "MonitorableZdictDeserializer");
            assertTrue(ZdictMetrics.value(consumer.metrics(), ZdictMetrics.CACHE_BYTES, cache) > 0);
            assertNull(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, Map.of("client-id", "p2")));
            assertNull(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECORDS, Map.of("client-id", "c2")));

            producerPlugin.close();
            consumerPlugin.close();
            assertNull(ZdictMetrics.value(producer.metrics(), ZdictMetrics.RECORDS, serialized));
            assertNull(ZdictMetrics.value(consumer.metrics(), ZdictMetrics.CACHE_BYTES, cache));
            assertThrows(IllegalStateException.class, () -> serializer.serialize("t", event));
        }
    }

    @Test
    void aMonitorableSerdeThatNoClientWrapsPublishesThroughJmx() throws Exception {
        ObjectName name = fallbackName("alone", "value.serializer", "MonitorableZdictSerializer", "1");
        try (MonitorableZdictSerializer<byte[]> serializer = new MonitorableZdictSerializer<>()) {
            serializer.configure(props("alone"), false);
            serializer.serialize("t", event);
            assertEquals(1.0, JMX.getAttribute(name, ZdictMetrics.RECORDS));
        }
        assertFalse(JMX.isRegistered(name));
    }

    @Test
    void refusesRecordsBeforeConfigureAndAfterClose() {
        ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
        IllegalStateException early = assertThrows(IllegalStateException.class, () -> serializer.serialize("t", event));
        assertEquals("ZdictSerializer is not configured: call configure(Map, boolean) first", early.getMessage());
        serializer.configure(props("closing"), false);
        serializer.close();
        serializer.close();
        IllegalStateException late = assertThrows(IllegalStateException.class, () -> serializer.serialize("t", event));
        assertEquals("This ZdictSerializer is closed", late.getMessage());
        assertThrows(IllegalStateException.class, () -> serializer.configure(props("closing"), false));

        ZdictDeserializer<byte[]> deserializer = new ZdictDeserializer<>();
        IllegalStateException unconfigured =
                assertThrows(IllegalStateException.class, () -> deserializer.deserialize("t", new byte[] {1}));
        assertEquals(
                "ZdictDeserializer is not configured: call configure(Map, boolean) first", unconfigured.getMessage());
        deserializer.close();
        IllegalStateException closed =
                assertThrows(IllegalStateException.class, () -> deserializer.deserialize("t", new byte[] {1}));
        assertEquals("This ZdictDeserializer is closed", closed.getMessage());
    }

    @Test
    @Timeout(300)
    void tenThousandConfigureCloseCyclesLeaveNoMBeansAndNoGrowingHeap() throws Exception {
        // One deserializer stays open so the registry is shared and not reopened at every cycle.
        try (ZdictDeserializer<byte[]> holder = new ZdictDeserializer<>()) {
            holder.configure(props("holder"), false);
            cycles(0, 500); // warm up: classes, JIT, pools
            long heapBefore = usedHeapAfterGc();
            cycles(500, 10_500);
            long after = usedHeapAfterGc();
            assertNoNewMBeans();
            assertEquals(Set.of(), JMX.queryNames(new ObjectName("zdict:type=plugins,client-id=cycle-*,*"), null));
            // Measured: about 14 KiB in all. With the removal of metrics disabled, each cycle keeps 6 metrics,
            // an MBean and counters, and the heap grew by about 40 MiB.
            long growth = after - heapBefore;
            assertTrue(growth < 8L << 20, "used heap grew by " + growth + " bytes over 10,000 cycles");
        }
    }

    private void cycles(int from, int to) throws Exception {
        for (int i = from; i < to; i++) {
            ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
            serializer.configure(props("cycle-" + i), false);
            serializer.serialize("t", event);
            ObjectName name = fallbackName("cycle-" + i, "value.serializer", "ZdictSerializer", "1");
            assertTrue(JMX.isRegistered(name), name + " while the serializer is open");
            serializer.close();
            // close() itself unregisters, not the cleaner: the serializer is still reachable here
            assertFalse(JMX.isRegistered(name), name + " after close()");
            Reference.reachabilityFence(serializer);
        }
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
