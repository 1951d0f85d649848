package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * The serializer writes each record with the version its kind has in the subject's active dictionary set,
 * read from the record's bytes or, for a {@code header:NAME} rule, from its last header of that name; every
 * other record with the fallback. The deserializer needs no set: each payload names its version.
 */
class SetRoutingSerializerTest {
    @TempDir
    Path temp;

    private DictionaryRegistry registry;
    private ZdictSerializer<byte[]> serializer;
    private ZdictDeserializer<byte[]> deserializer;
    private int fallback;
    private int login;
    private int click;

    @BeforeEach
    void publish() {
        registry = DictionaryRegistries.openFolder(temp.resolve("reg"));
        fallback = registry.publish(TestDictionaries.trained(1), 3, Map.of()).version();
        login = registry.publish(TestDictionaries.trained(2), 3, Map.of()).version();
        click = registry.publish(TestDictionaries.trained(3), 3, Map.of()).version();
        registry.activate(fallback);
    }

    /** Opens the serde on the registry as it is now: it reads the folder when configured. */
    private void openSerde() {
        Map<String, Object> props = new HashMap<>();
        props.put(ZdictSerdeConfig.REGISTRY_CONFIG, temp.resolve("reg").toString());
        props.put("client.id", "set-routing");
        serializer = new ZdictSerializer<>();
        serializer.configure(props, false);
        deserializer = new ZdictDeserializer<>();
        deserializer.configure(props, false);
    }

    @AfterEach
    void close() {
        if (serializer != null) {
            serializer.close();
            deserializer.close();
        }
        registry.close();
    }

    private static byte[] event(String type) {
        return ("{\"ts\":1700000000,\"type\":\"" + type + "\",\"user\":{\"id\":42,\"country\":\"FR\"},"
                        + "\"page\":\"/products/1372\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private int versionOf(byte[] payload) {
        return PayloadPrefix.read(payload, 0, payload.length).version();
    }

    private byte[] roundTrip(byte[] event, RecordHeaders headers, int expectedVersion) {
        byte[] payload = serializer.serialize("events", headers, event);
        assertEquals(expectedVersion, versionOf(payload), new String(event, StandardCharsets.UTF_8));
        assertArrayEquals(event, deserializer.deserialize("events", headers, payload));
        return payload;
    }

    @Test
    void aFieldRuleRoutesEachKindToItsMemberAndEveryOtherEventToTheFallback() {
        registry.activateSet(new DictionarySet(
                new DictionarySet.Rule.Field("type"), fallback, Map.of("login", login, "click", click)));
        openSerde();
        roundTrip(event("login"), new RecordHeaders(), login);
        roundTrip(event("click"), null, click);
        roundTrip(event("purchase"), new RecordHeaders(), fallback);
        byte[] array =
                ("[" + new String(event("login"), StandardCharsets.UTF_8) + "]").getBytes(StandardCharsets.UTF_8);
        roundTrip(array, null, fallback); // not an object: no kind
        assertEquals(2.0, fallbackRouted());
    }

    private static Double fallbackRouted() {
        return ZdictMetrics.value(
                ZdictMetrics.fallback(),
                ZdictMetrics.RECORDS_FALLBACK_ROUTED,
                Map.of(ZdictMetrics.CLIENT_ID_TAG, "set-routing", ZdictMetrics.SUBJECT_TAG, "default"));
    }

    @Test
    void aHeaderRuleReadsTheLastHeaderOfItsNameAndANullOrMissingOneFallsBack() {
        registry.activateSet(new DictionarySet(
                new DictionarySet.Rule.Header("kind"), fallback, Map.of("login", login, "click", click)));
        openSerde();
        RecordHeaders headers = new RecordHeaders();
        headers.add("kind", "click".getBytes(StandardCharsets.UTF_8));
        headers.add("kind", "login".getBytes(StandardCharsets.UTF_8));
        roundTrip(event("click"), headers, login);
        RecordHeaders nullValue = new RecordHeaders();
        nullValue.add("kind", null);
        roundTrip(event("click"), nullValue, fallback);
        roundTrip(event("click"), new RecordHeaders(), fallback);
        roundTrip(event("click"), null, fallback);
    }

    @Test
    void routingAllocatesNothingMorePerRecordThanOneActiveVersion() {
        openSerde();
        long single = allocatedPerRecord();
        serializer.close();
        deserializer.close();
        registry.activateSet(new DictionarySet(
                new DictionarySet.Rule.Field("type"), fallback, Map.of("login", login, "click", click)));
        openSerde();
        assertEquals(login, versionOf(serializer.serialize("events", event("login"))));
        long routed = allocatedPerRecord();
        assertTrue(routed <= single + 8, "bytes per record: " + routed + " routed, " + single + " with one version");
    }

    private long allocatedPerRecord() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        byte[] event = event("login");
        RecordHeaders headers = new RecordHeaders();
        long allocated = 0;
        for (int round = 0; round < 3; round++) { // warm up, then measure
            long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 20_000; i++) {
                serializer.serialize("events", headers, event);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        return allocated / 20_000;
    }
}
