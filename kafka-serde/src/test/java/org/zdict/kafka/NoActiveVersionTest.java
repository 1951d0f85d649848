package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.zdict.format.PayloadPrefix;
import org.zdict.kafka.internal.NoActiveVersionWarning;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * A serializer whose subject has no active version: it writes plain zstd (readable), warns once per
 * subject, and counts the records per subject in {@code records-without-dictionary-total}.
 */
class NoActiveVersionTest {
    @TempDir
    Path temp;

    private final byte[] event = SampleEvents.synthetic(1, 5).get(0);

    @BeforeEach
    void publishOnlyOrders() {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish("orders-value", TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
            registry.publish("payments-value", TestDictionaries.trained(2), 3, Map.of()); // not activated
        }
    }

    private Map<String, Object> props(String clientId) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString());
        props.put(ZdictSerdeConfig.SUBJECT_STRATEGY_CONFIG, "topic");
        props.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        return props;
    }

    private static Double withoutDictionary(String clientId, String subject) {
        return ZdictMetrics.value(
                ZdictMetrics.fallback(),
                ZdictMetrics.RECORDS_WITHOUT_DICTIONARY,
                Map.of(ZdictMetrics.CLIENT_ID_TAG, clientId, ZdictMetrics.SUBJECT_TAG, subject));
    }

    @Test
    void warnsOncePerSubjectAndCountsEveryRecordPerSubject() {
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>()) {
            serializer.configure(props("no-active-producer"), false);
            String log = LoggedWarnings.of(() -> {
                for (int i = 0; i < 3; i++) {
                    byte[] payload = serializer.serialize("payments", event);
                    assertTrue(PayloadPrefix.read(payload, 0, payload.length).isPlainFrame());
                    serializer.serialize("refunds", event);
                    serializer.serialize("orders", event);
                }
            });
            List<String> warned = log.lines().filter(l -> l.contains("WARN")).toList();
            assertEquals(2, warned.size(), log);
            assertTrue(
                    warned.get(0)
                            .endsWith(NoActiveVersionWarning.message(
                                    "ZdictSerializer", "payments-value", "registry " + temp.toAbsolutePath())),
                    log);
            assertTrue(warned.get(1).contains("subject refunds-value as plain zstd"), log);
            assertTrue(warned.get(1).contains("zdict registry activate VERSION --subject refunds-value"), log);

            assertEquals(3.0, withoutDictionary("no-active-producer", "payments-value"));
            assertEquals(3.0, withoutDictionary("no-active-producer", "refunds-value"));
            assertNull(withoutDictionary("no-active-producer", "orders-value"), "orders-value has an active version");
        }
        assertNull(withoutDictionary("no-active-producer", "payments-value"), "removed with the serializer");
    }

    @Test
    void eachSerializerWarnsForItselfAndStopsCountingOnceAVersionIsActive() {
        try (ZdictSerializer<byte[]> first = new ZdictSerializer<>();
                ZdictSerializer<byte[]> second = new ZdictSerializer<>()) {
            first.configure(props("activating-producer"), false);
            second.configure(props("activating-producer"), false);
            String log = LoggedWarnings.of(() -> {
                first.serialize("payments", event);
                second.serialize("payments", event);
                second.serialize("payments", event);
            });
            assertEquals(2, log.lines().filter(l -> l.contains("WARN")).count(), log);
            assertEquals(3.0, withoutDictionary("activating-producer", "payments-value"), "shared by equal tags");

            try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
                registry.activate(2);
            }
            byte[] payload = waitForVersion(first, 2); // plain until the registry's refresh sees the activation
            assertEquals(2, PayloadPrefix.read(payload, 0, payload.length).version());
            double counted = withoutDictionary("activating-producer", "payments-value");
            assertTrue(counted >= 3.0, "counted: " + counted);
            first.serialize("payments", event);
            assertEquals(counted, withoutDictionary("activating-producer", "payments-value"));
        }
    }

    private byte[] waitForVersion(ZdictSerializer<byte[]> serializer, int version) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            byte[] payload = serializer.serialize("payments", event);
            PayloadPrefix prefix = PayloadPrefix.read(payload, 0, payload.length);
            if (!prefix.isPlainFrame() && prefix.version() == version || System.nanoTime() > deadline) {
                return payload;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return payload;
            }
        }
    }

    @Test
    void countingAndTheWarningAllocateNothingPerRecordOnceASubjectIsKnown() {
        NoActiveVersionWarning warning =
                new NoActiveVersionWarning(LoggerFactory.getLogger(NoActiveVersionTest.class), "test");
        try (SerdeMetrics metrics = new SerdeMetrics("ZdictSerializer", true);
                DictionaryRegistry registry = DictionaryRegistries.inMemory()) {
            metrics.configured(Map.of(ProducerConfig.CLIENT_ID_CONFIG, "allocation-producer"), false);
            LoggedWarnings.of(() -> {
                assertTrue(warning.noActiveVersion("s", registry));
                assertFalse(warning.noActiveVersion("s", registry));
            });
            String subject = "s";
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            for (int round = 0; round < 3; round++) { // warm up, then measure
                long before = threads.getThreadAllocatedBytes(thread);
                for (int i = 0; i < 100_000; i++) {
                    metrics.withoutDictionary(subject);
                    warning.noActiveVersion(subject, registry);
                }
                long allocated = threads.getThreadAllocatedBytes(thread) - before;
                if (round == 2) {
                    assertTrue(allocated < 1_000, "bytes allocated for 100,000 records: " + allocated);
                }
            }
            assertEquals(300_000.0, withoutDictionary("allocation-producer", "s"));
        }
    }
}
