package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.internal.PayloadKind;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

class ZdictSerdeTest {
    @TempDir
    Path temp;

    private DictionaryRegistry registry;
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @BeforeEach
    void publishTwoVersions() {
        registry = DictionaryRegistries.openFolder(temp.resolve("reg"));
        registry.publish(TestDictionaries.trained(1), 3, Map.of());
        registry.publish(TestDictionaries.trained(2), 3, Map.of());
        registry.activate(1);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
        registry.close();
    }

    private Map<String, Object> props(Object... keyValues) {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.resolve("reg").toString());
        props.put("client.id", "unit");
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put((String) keyValues[i], keyValues[i + 1]);
        }
        return props;
    }

    private static Double fallbackValue(String config, String clientId, String version, String name) {
        return ZdictMetrics.value(
                ZdictMetrics.fallback(),
                name,
                Map.of(
                        ZdictMetrics.CONFIG_TAG,
                        config,
                        ZdictMetrics.CLIENT_ID_TAG,
                        clientId,
                        ZdictMetrics.VERSION_TAG,
                        version));
    }

    private <T> ZdictSerializer<T> serializer(Map<String, Object> props) {
        ZdictSerializer<T> serializer = new ZdictSerializer<>();
        serializer.configure(props, false);
        toClose.add(serializer);
        return serializer;
    }

    private <T> ZdictDeserializer<T> deserializer(Map<String, Object> props) {
        ZdictDeserializer<T> deserializer = new ZdictDeserializer<>();
        deserializer.configure(props, false);
        toClose.add(deserializer);
        return deserializer;
    }

    @Test
    void roundTripsBytesStringsAndAUserClass() {
        byte[] event = SampleEvents.synthetic(1, 9).get(0);
        ZdictSerializer<byte[]> bytesOut = serializer(props());
        ZdictDeserializer<byte[]> bytesIn = deserializer(props());
        byte[] payload = bytesOut.serialize("t", event);
        assertEquals(PayloadKind.DICTIONARY_FRAME.marker(), payload[0] & 0xFF);
        assertTrue(payload.length < event.length / 2, "a trained dictionary should more than halve " + event.length);
        assertArrayEquals(event, bytesIn.deserialize("t", payload));

        Map<String, Object> strings = props(
                "zdict.inner.serializer", StringSerializer.class.getName(),
                "zdict.inner.deserializer", StringDeserializer.class.getName());
        String text = new String(event, StandardCharsets.UTF_8);
        ZdictSerializer<String> stringOut = serializer(strings);
        ZdictDeserializer<String> stringIn = deserializer(strings);
        assertEquals(
                text,
                stringIn.deserialize("t", new RecordHeaders(), stringOut.serialize("t", new RecordHeaders(), text)));

        Map<String, Object> events = props(
                "zdict.inner.serializer", Event.EventSerializer.class,
                "zdict.inner.deserializer", Event.EventDeserializer.class);
        ZdictSerializer<Event> eventOut = serializer(events);
        ZdictDeserializer<Event> eventIn = deserializer(events);
        assertEquals(Event.of(42), eventIn.deserialize("t", eventOut.serialize("t", Event.of(42))));
    }

    @Test
    void nullStaysNull() {
        assertNull(serializer(props()).serialize("t", null));
        ZdictDeserializer<byte[]> in = deserializer(props());
        assertNull(in.deserialize("t", (byte[]) null));
        assertNull(in.deserialize("t", new RecordHeaders(), (ByteBuffer) null));
    }

    @Test
    void storesRecordsBelowTheMinimumSize() {
        byte[] tiny = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] payload = serializer(props()).serialize("t", tiny);
        assertEquals(PayloadKind.STORED.marker(), payload[0] & 0xFF);
        assertEquals(tiny.length + 1, payload.length);
        assertArrayEquals(tiny, this.<byte[]>deserializer(props()).deserialize("t", payload));
    }

    @Test
    void followsTheActiveVersionUnlessPinned() throws InterruptedException {
        byte[] event = SampleEvents.synthetic(1, 3).get(0);
        ZdictSerializer<byte[]> following = serializer(props());
        ZdictSerializer<byte[]> pinned = serializer(props("zdict.pinned.version", "2"));
        assertEquals(1, prefixVersion(following.serialize("t", event)));
        assertEquals(2, prefixVersion(pinned.serialize("t", event)));
        registry.activate(2);
        long deadline = System.nanoTime() + 10_000_000_000L; // the shared registry re-reads every second
        while (prefixVersion(following.serialize("t", event)) != 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(2, prefixVersion(following.serialize("t", event)));
    }

    @Test
    void decodesAByteBufferSliceWithoutTouchingTheRest() {
        byte[] event = SampleEvents.synthetic(1, 4).get(0);
        byte[] payload = serializer(props()).serialize("t", event);
        ByteBuffer buffer = ByteBuffer.allocate(payload.length + 10);
        buffer.position(5);
        buffer.put(payload);
        buffer.position(5).limit(5 + payload.length);
        assertArrayEquals(
                event, this.<byte[]>deserializer(props()).deserialize("t", new RecordHeaders(), buffer.slice()));
    }

    /** {@code bytes} as the remaining bytes of a direct buffer, away from its start. */
    private static ByteBuffer direct(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length + 10);
        buffer.position(7);
        buffer.put(bytes);
        return buffer.position(7).limit(7 + bytes.length);
    }

    @Test
    void decodesADirectBufferWhereItLiesAndLeavesItsPosition() {
        byte[] event = SampleEvents.synthetic(1, 4).get(0);
        byte[] payload = serializer(props()).serialize("t", event);
        ByteBuffer buffer = direct(payload);
        ZdictDeserializer<byte[]> in = deserializer(props());
        assertArrayEquals(event, in.deserialize("t", new RecordHeaders(), buffer));
        assertEquals(7, buffer.position());
        assertArrayEquals(event, in.deserialize("t", new RecordHeaders(), buffer));
        assertEquals(2.0, fallbackValue("value.deserializer", "unit", "1", ZdictMetrics.RECORDS));
    }

    @Test
    void failsABufferRecordAsAnArrayRecordAndCountsItOnce() {
        byte[] event = SampleEvents.synthetic(1, 6).get(0);
        byte[] payload = serializer(props("zdict.pinned.version", "2")).serialize("t", event);
        byte[] truncated = java.util.Arrays.copyOf(payload, payload.length - 3);
        ZdictDeserializer<byte[]> in = deserializer(props());
        for (ByteBuffer buffer : List.of(ByteBuffer.wrap(truncated), direct(truncated))) {
            SerializationException e = assertThrows(
                    SerializationException.class, () -> in.deserialize("clicks", new RecordHeaders(), buffer));
            assertTrue(e.getMessage().contains("topic clicks (dictionary version 2)"), e.getMessage());
        }
        assertEquals(2.0, fallbackValue("value.deserializer", "unit", "2", ZdictMetrics.ERRORS));
        byte[] json = SampleEvents.synthetic(1, 5).get(0);
        ZdictDeserializer<byte[]> migrating = deserializer(props("zdict.accept.unframed", "true"));
        assertArrayEquals(json, migrating.deserialize("orders", new RecordHeaders(), direct(json)));
        assertArrayEquals(json, migrating.deserialize("orders", new RecordHeaders(), direct(Zstd.compress(json, 3))));
    }

    @Test
    void refusesUnframedValuesUnlessMigrating() {
        byte[] json = SampleEvents.synthetic(1, 5).get(0);
        SerializationException e = assertThrows(SerializationException.class, () -> this.<byte[]>deserializer(props())
                .deserialize("orders", json));
        assertTrue(e.getMessage().contains("topic orders"), e.getMessage());
        assertTrue(e.getMessage().contains("zdict.accept.unframed=true"), e.getMessage());

        ZdictDeserializer<byte[]> migrating = deserializer(props("zdict.accept.unframed", "true"));
        assertArrayEquals(json, migrating.deserialize("orders", json));
        assertArrayEquals(json, migrating.deserialize("orders", Zstd.compress(json, 3)));
        byte[] framed = serializer(props()).serialize("orders", json);
        assertArrayEquals(json, migrating.deserialize("orders", framed));
    }

    @Test
    void failsAnUnknownVersionAfterTheWaitNamingTopicAndVersion() {
        byte[] event = SampleEvents.synthetic(1, 6).get(0);
        byte[] payload = serializer(props("zdict.pinned.version", "2")).serialize("t", event);
        payload[1] = 9; // version 9, never published
        ZdictDeserializer<byte[]> in = deserializer(props("zdict.unknown.version.wait.ms", "200"));
        SerializationException e = assertThrows(SerializationException.class, () -> in.deserialize("clicks", payload));
        assertTrue(e.getMessage().contains("Unknown dictionary version 9"), e.getMessage());
        assertTrue(e.getMessage().contains("topic clicks"), e.getMessage());
        assertTrue(e.getMessage().contains("200 ms"), e.getMessage());
        assertEquals(1.0, fallbackValue("value.deserializer", "unit", "9", ZdictMetrics.ERRORS));
    }

    @Test
    void waitsForAVersionPublishedAfterTheConsumerStarted() throws Exception {
        Path other = temp.resolve("producer-side");
        DictionaryRegistry producerSide = DictionaryRegistries.openFolder(other);
        producerSide.publish(TestDictionaries.trained(1), 3, Map.of());
        producerSide.publish(TestDictionaries.trained(2), 3, Map.of());
        producerSide.publish(TestDictionaries.trained(3), 3, Map.of());
        byte[] event = SampleEvents.synthetic(1, 7).get(0);
        Map<String, Object> producerProps = props("zdict.registry", other.toString(), "zdict.pinned.version", "3");
        byte[] payload = serializer(producerProps).serialize("t", event);

        ZdictDeserializer<byte[]> in = deserializer(props("zdict.unknown.version.wait.ms", "10000"));
        ExecutorService publisher = Executors.newSingleThreadExecutor();
        try {
            Future<?> later = publisher.submit(() -> {
                Thread.sleep(300);
                return registry.publish(TestDictionaries.trained(3), 3, Map.of());
            });
            assertArrayEquals(event, in.deserialize("t", payload));
            later.get();
        } finally {
            publisher.shutdownNow();
        }
    }

    @Test
    void isSafeWhenOneProducerIsSharedByManyThreads() throws Exception {
        ZdictSerializer<byte[]> out = serializer(props());
        ZdictDeserializer<byte[]> in = deserializer(props());
        List<byte[]> events = SampleEvents.synthetic(800, 11);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int first = t * 100;
                results.add(pool.submit(() -> {
                    for (int i = first; i < first + 100; i++) {
                        if (i == first + 50) {
                            registry.activate(i % 2 == 0 ? 2 : 1);
                        }
                        if (!java.util.Arrays.equals(
                                events.get(i), in.deserialize("t", out.serialize("t", events.get(i))))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertTrue(result.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void countsRecordsAndBytesPerVersion() {
        Map<String, Object> metered = props("client.id", "metered");
        ZdictSerializer<byte[]> out = serializer(metered);
        long before = 0;
        List<byte[]> events = SampleEvents.synthetic(20, 12);
        for (byte[] event : events) {
            out.serialize("t", event);
            before += event.length;
        }
        assertEquals(20.0, fallbackValue("value.serializer", "metered", "1", ZdictMetrics.RECORDS));
        assertEquals((double) before, fallbackValue("value.serializer", "metered", "1", ZdictMetrics.ORIGINAL_BYTES));
        assertTrue(fallbackValue("value.serializer", "metered", "1", ZdictMetrics.RATIO) > 2.0);
    }

    @Test
    void aVersionPublishedForLz4IsWrittenAsLz4BlocksAndCountedAsSuch() {
        registry.publish(TestDictionaries.trained(3), 3, Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4"));
        registry.activate(3);
        ZdictSerializer<byte[]> out = serializer(props("client.id", "lz4"));
        ZdictDeserializer<byte[]> in = deserializer(props("client.id", "lz4"));
        List<byte[]> events = SampleEvents.synthetic(20, 13);
        for (byte[] event : events) {
            byte[] payload = out.serialize("t", event);
            assertEquals(0xD0, payload[0] & 0xFF, "an LZ4 payload of version 3");
            assertEquals(3, payload[1]);
            assertArrayEquals(event, in.deserialize("t", payload));
        }
        for (String config : List.of("value.serializer", "value.deserializer")) {
            assertEquals(20.0, fallbackValue(config, "lz4", "3", ZdictMetrics.RECORDS), config);
            assertEquals(20.0, fallbackValue(config, "lz4", "3", ZdictMetrics.LZ4_RECORDS), config);
        }
    }

    @Test
    void sharesOneRegistryPerLocationAndClosesIdempotently() {
        String location = temp.resolve("reg").toString();
        ZdictSerializer<byte[]> out = serializer(props());
        ZdictDeserializer<byte[]> in = deserializer(props());
        assertEquals(2, SharedRegistries.users(location));
        out.close();
        out.close();
        assertEquals(1, SharedRegistries.users(location));
        in.close();
        assertEquals(0, SharedRegistries.users(location));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> out.serialize("t", new byte[100]));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void readsARegistryFromTheClasspath() throws Exception {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {temp.toUri().toURL()}, previous)) {
            Thread.currentThread().setContextClassLoader(loader);
            Map<String, Object> classpath = props("zdict.registry", "classpath:reg");
            byte[] event = SampleEvents.synthetic(1, 13).get(0);
            byte[] payload = serializer(classpath).serialize("t", event);
            assertEquals(1, prefixVersion(payload));
            assertArrayEquals(event, this.<byte[]>deserializer(classpath).deserialize("t", payload));
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    @Test
    void refusesAFolderThatHoldsNoRegistry() {
        org.apache.kafka.common.config.ConfigException e = assertThrows(
                org.apache.kafka.common.config.ConfigException.class,
                () -> serializer(props("zdict.registry", temp.resolve("typo").toString())));
        assertTrue(e.getMessage().contains("zdict.registry"), e.getMessage());
        assertTrue(e.getMessage().contains("No registry at " + temp.resolve("typo")), e.getMessage());
    }

    @Test
    void aSecondConfigureReplacesTheFirst() {
        String location = temp.resolve("reg").toString();
        ZdictSerializer<byte[]> out = serializer(props());
        out.configure(props("zdict.pinned.version", "2"), false);
        assertEquals(1, SharedRegistries.users(location));
        assertEquals(
                2,
                prefixVersion(out.serialize("t", SampleEvents.synthetic(1, 14).get(0))));
    }

    @Test
    void refusesToWorkBeforeConfigure() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> new ZdictSerializer<byte[]>().serialize("t", new byte[10]));
        assertTrue(e.getMessage().contains("configure"), e.getMessage());
    }

    private static int prefixVersion(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }
}
