package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySource;
import org.zdict.testing.SampleEvents;

class MissingVersionsTest {
    @TempDir
    Path temp;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    @Test
    void aVersionMissingAfterTheWaitStaysMissingUntilTheRegistryChanges() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        MissingVersions missing = new MissingVersions();
        AtomicInteger waits = new AtomicInteger();

        assertFalse(missing.arrived(registry, 9, 50, waits::incrementAndGet));
        assertFalse(missing.arrived(registry, 9, 50, waits::incrementAndGet));
        assertFalse(missing.arrived(registry, 9, 50, waits::incrementAndGet));
        assertEquals(1, waits.get(), "one wait, then known-missing");

        registry.publish(TestDictionaries.trained(1), 3, Map.of()); // version 1: the registry changed
        assertFalse(missing.arrived(registry, 9, 50, waits::incrementAndGet));
        assertFalse(missing.arrived(registry, 9, 50, waits::incrementAndGet));
        assertEquals(2, waits.get(), "one more wait after the change, then known-missing again");

        assertTrue(missing.arrived(registry, 1, 50, waits::incrementAndGet));
    }

    @Test
    void aVersionPublishedAfterItWasFoundMissingDecodes() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        MissingVersions missing = new MissingVersions();
        assertFalse(missing.arrived(registry, 1, 0, () -> {}));
        registry.publish(TestDictionaries.trained(1), 3, Map.of());
        assertTrue(missing.arrived(registry, 1, 0, () -> {}));
    }

    @Test
    void aSourceThatDoesNotCountItsChangesIsAskedAgainAfterTheWait() throws Exception {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        DictionarySource uncounted = new Uncounted(registry);
        MissingVersions missing = new MissingVersions();
        AtomicInteger waits = new AtomicInteger();
        assertFalse(missing.arrived(uncounted, 9, 20, waits::incrementAndGet));
        Thread.sleep(40);
        assertFalse(missing.arrived(uncounted, 9, 20, waits::incrementAndGet));
        assertEquals(2, waits.get());
    }

    @Test
    void bytesWithAVersionPrefixButNoFrameAreNotAPayload() {
        byte[] noFrame = {(byte) 0xD1, 9, 'h', 'e', 'l', 'l', 'o'};
        assertNotNull(notAPayload(noFrame, 1 << 20));
        byte[] noBlockHeader = {(byte) 0xD0, 9};
        assertNotNull(notAPayload(noBlockHeader, 1 << 20));
    }

    @Test
    void aPayloadOfAnUnknownVersionCouldBeOne() {
        byte[] payload = payloadOfVersion(9);
        assertNull(notAPayload(payload, 1 << 20));
        assertNotNull(notAPayload(payload, 1), "declares more than the limit");
    }

    /** What the deserializer finds of {@code data} with a codec whose limit is {@code maxDecompressedSize}. */
    private static org.zdict.ZdictException notAPayload(byte[] data, int maxDecompressedSize) {
        try (org.zdict.codec.ZdictCodec codec = org.zdict.codec.ZdictCodec.builder(DictionaryRegistries.inMemory())
                .maxDecompressedSize(maxDecompressedSize)
                .build()) {
            return MissingVersions.notAPayload(data, codec);
        }
    }

    @Test
    void theDeserializerWaitsOncePerMissingVersionAndNeverForBytesThatAreNoPayload() {
        byte[] payload = payloadOfVersion(9);
        byte[] noise = {(byte) 0xD1, 12, 'n', 'o', 't', ' ', 'z', 's', 't', 'd'};
        try (DictionaryRegistry reader = DictionaryRegistries.openFolder(temp.resolve("reg"))) {
            reader.publish(TestDictionaries.trained(1), 3, Map.of()); // holds version 1 only
        }
        ZdictDeserializer<byte[]> in = new ZdictDeserializer<>();
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.resolve("reg").toString());
        props.put(ZdictSerdeConfig.UNKNOWN_VERSION_WAIT_MS_CONFIG, "200");
        props.put("client.id", "missing-versions");
        in.configure(props, false);
        toClose.add(in);

        for (int i = 0; i < 5; i++) {
            SerializationException e = assertThrows(SerializationException.class, () -> in.deserialize("t", payload));
            assertTrue(e.getMessage().contains("until the registry changes"), e.getMessage());
        }
        assertEquals(1.0, metric("9", ZdictMetrics.WAITS), "waited once for version 9");
        assertEquals(5.0, metric("9", ZdictMetrics.ERRORS));

        SerializationException e = assertThrows(SerializationException.class, () -> in.deserialize("t", noise));
        assertTrue(e.getMessage().contains("zstd"), e.getMessage());
        assertEquals(0.0, metric("12", ZdictMetrics.WAITS), "never waited for bytes that are no payload");
    }

    /** A payload of {@code version}, which the registry of the test does not hold. */
    private byte[] payloadOfVersion(int version) {
        DictionaryRegistry producerSide = DictionaryRegistries.openFolder(temp.resolve("producer"));
        toClose.add(producerSide);
        for (int i = 1; i <= version; i++) {
            producerSide.publish(TestDictionaries.trained(i), 3, Map.of());
        }
        ZdictSerializer<byte[]> out = new ZdictSerializer<>();
        out.configure(
                Map.of(
                        ZdictSerdeConfig.REGISTRY_CONFIG,
                        temp.resolve("producer").toString(),
                        "zdict.pinned.version",
                        Integer.toString(version)),
                false);
        toClose.add(out);
        byte[] payload = out.serialize("t", SampleEvents.synthetic(1, 5).get(0));
        assertArrayEquals(new byte[] {(byte) 0xD1, (byte) version}, java.util.Arrays.copyOf(payload, 2));
        return payload;
    }

    private static Double metric(String version, String name) {
        return ZdictMetrics.value(
                ZdictMetrics.fallback(),
                name,
                Map.of(
                        ZdictMetrics.CONFIG_TAG,
                        "value.deserializer",
                        ZdictMetrics.CLIENT_ID_TAG,
                        "missing-versions",
                        ZdictMetrics.VERSION_TAG,
                        version));
    }

    /** A source that does not count its changes (the interface's default). */
    private record Uncounted(DictionarySource inner) implements DictionarySource {
        @Override
        public Dictionary get(int version) {
            return inner.get(version);
        }

        @Override
        public Optional<DictionaryInfo> info(int version) {
            return inner.info(version);
        }

        @Override
        public OptionalInt activeVersion(String subject) {
            return inner.activeVersion(subject);
        }

        @Override
        public boolean awaitVersion(int version, Duration timeout) {
            return inner.awaitVersion(version, timeout);
        }

        @Override
        public String describe() {
            return "uncounted";
        }
    }
}
