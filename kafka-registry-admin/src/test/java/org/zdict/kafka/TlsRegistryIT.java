package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.RegistryException;
import org.zdict.testing.SampleEvents;

/**
 * A registry on a broker that speaks TLS only: clients that trust its certificate publish and round-trip
 * events; a client that does not is refused with one line naming the broker and the handshake, and is not
 * served the local copy that a trusting client left.
 */
class TlsRegistryIT {
    private static final String REGISTRY_TOPIC = "_zdict_registry";

    @TempDir
    static Path temp;

    private static TlsBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TlsBroker.start(Files.createDirectories(temp.resolve("certificates")));
        try (KafkaDictionaryRegistry registry = KafkaDictionaryRegistry.open(
                broker.bootstrapServers(), REGISTRY_TOPIC, new HashMap<>(TlsBroker.tlsSettings(broker.trustStore())))) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void serdesThatTrustTheBrokerReadTheRegistryOverTls() {
        byte[] event = SampleEvents.synthetic(1, 5).get(0);
        try (ZdictSerializer<byte[]> out = new ZdictSerializer<>();
                ZdictDeserializer<byte[]> in = new ZdictDeserializer<>()) {
            out.configure(serdeClient(broker.trustStore()), false);
            in.configure(serdeClient(broker.trustStore()), false);
            assertArrayEquals(event, in.deserialize("events", out.serialize("events", event)));
        }
    }

    @Test
    void aClientThatDoesNotTrustTheBrokerFailsTheHandshakeNotOverToTheLocalCopy() throws Exception {
        Path trustingCopy;
        try (KafkaDictionaryRegistry trusting = KafkaDictionaryRegistry.openExisting(
                broker.bootstrapServers(), REGISTRY_TOPIC, new HashMap<>(TlsBroker.tlsSettings(broker.trustStore())))) {
            trustingCopy = trusting.cacheDir();
        }
        Map<String, Object> settings = serdeClient(broker.strangerTrustStore());
        settings.put("zdict.registry.cache.dir", trustingCopy.toString());
        RegistryException refused =
                assertThrows(RegistryException.class, () -> new ZdictDeserializer<byte[]>().configure(settings, false));
        String message = refused.getMessage();
        assertTrue(
                message.startsWith("TLS handshake with the Kafka cluster at " + broker.bootstrapServers()
                        + " failed (SslAuthenticationException: "),
                message);
        assertTrue(message.contains("the registry's local copy is not used"), message);
        assertEquals(1, message.lines().count(), message);
    }

    private static Map<String, Object> serdeClient(Path trustStore) {
        Map<String, Object> settings = broker.clientSettings(trustStore);
        settings.put("zdict.registry", "kafka://" + broker.bootstrapServers() + "/" + REGISTRY_TOPIC);
        settings.put("zdict.registry.init.timeout.ms", 20_000);
        return settings;
    }
}
