package org.zdict.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.converters.ByteArrayConverter;
import org.apache.kafka.connect.data.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The converter routes as the serializer does when the subject's active state is a dictionary set: by the
 * record's bytes, or by the Kafka headers the worker converted from the Connect record's headers.
 */
class ZdictConverterSetRoutingTest {
    private static final String TOPIC = "events";

    @TempDir
    static Path fieldRegistry;

    @TempDir
    static Path headerRegistry;

    private final ZdictConverter converter = new ZdictConverter();

    @BeforeAll
    static void publishSets() throws Exception {
        publish(fieldRegistry, new DictionarySet.Rule.Field("type"));
        publish(headerRegistry, new DictionarySet.Rule.Header("kind"));
    }

    /** Versions 1 (fallback), 2 (login) and 3 (click), the set active. */
    private static void publish(Path dir, DictionarySet.Rule rule) throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openOrCreate(dir.toString(), Map.of())) {
            for (int seed = 1; seed <= 3; seed++) {
                registry.publish(TestTrainer.train(SampleEvents.synthetic(1500, seed), 4096, 3), 3, Map.of());
            }
            registry.activate(1);
            registry.activateSet(new DictionarySet(rule, 1, Map.of("login", 2, "click", 3)));
        }
    }

    @AfterEach
    void close() throws Exception {
        converter.close();
    }

    private void configure(Path registry) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("zdict.registry", registry.toString());
        settings.put("zdict.inner.converter", ByteArrayConverter.class.getName());
        converter.configure(settings, false);
    }

    private static byte[] event(String type) {
        return ("{\"type\":\"" + type + "\",\"ts\":1700000000,\"user\":{\"id\":42,\"country\":\"FR\"},"
                        + "\"page\":\"/products/1372\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private int written(RecordHeaders headers, byte[] event) {
        byte[] payload = headers == null
                ? converter.fromConnectData(TOPIC, Schema.BYTES_SCHEMA, event)
                : converter.fromConnectData(TOPIC, headers, Schema.BYTES_SCHEMA, event);
        assertArrayEquals(
                event, (byte[]) converter.toConnectData(TOPIC, headers, payload).value());
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    @Test
    void aFieldRuleRoutesByTheRecordsBytes() {
        configure(fieldRegistry);
        assertEquals(2, written(null, event("login")));
        assertEquals(3, written(new RecordHeaders(), event("click")));
        assertEquals(1, written(null, event("purchase")));
    }

    @Test
    void aHeaderRuleRoutesByTheRecordsLastHeaderOfThatName() {
        configure(headerRegistry);
        RecordHeaders headers = new RecordHeaders();
        headers.add("kind", "login".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, written(headers, event("click")));
        headers.add("kind", "click".getBytes(StandardCharsets.UTF_8));
        assertEquals(3, written(headers, event("login")));
        assertEquals(1, written(new RecordHeaders(), event("login")));
        assertEquals(1, written(null, event("login")));
    }
}
