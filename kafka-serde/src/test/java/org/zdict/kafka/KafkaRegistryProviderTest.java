package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistries;

class KafkaRegistryProviderTest {

    @Test
    void parsesServersTopicAndUrlEncodedSettings() {
        KafkaLocation location = KafkaRegistryProvider.parse(
                "kafka://b1:9092,b2:9093/zdict-dictionaries?security.protocol=SSL&client.id=x%20y");
        assertEquals("b1:9092,b2:9093", location.bootstrapServers());
        assertEquals("zdict-dictionaries", location.topic());
        assertEquals(Map.of("security.protocol", "SSL", "client.id", "x y"), location.settings());
    }

    @Test
    void givesOtherClientsTheClusterAndClientSettingsButNotTheRegistrysOwn() {
        java.util.Map<String, Object> client = KafkaRegistryProvider.clientSettings(
                "kafka://b1:9092,b2:9093/reg?security.protocol=SSL&zdict.registry.remove.grace.ms=5"
                        + "&zdict.registry.client.sasl.mechanism=PLAIN");
        assertEquals(
                java.util.Map.of(
                        "bootstrap.servers", "b1:9092,b2:9093",
                        "security.protocol", "SSL",
                        "sasl.mechanism", "PLAIN"),
                client);
    }

    @Test
    void isFoundThroughDictionaryRegistriesWithOneSpellingPerRegistry() {
        assertEquals("kafka://h:9092/t?a=1&b=2", DictionaryRegistries.canonical("KAFKA://h:9092/t?b=2&a=1"));
        assertEquals(
                DictionaryRegistries.canonical("kafka://h:9092/t"),
                DictionaryRegistries.canonical(" kafka://h:9092/t"));
    }

    @Test
    void settingsGivenToOpenOverrideTheLocationQuery() {
        KafkaLocation location = KafkaRegistryProvider.parse("kafka://h:9092/t?security.protocol=SSL&acks=all");
        assertEquals(
                Map.of("security.protocol", "PLAINTEXT", "acks", "all", "zdict.registry.init.timeout.ms", 5L),
                KafkaRegistryProvider.settings(
                        location, Map.of("security.protocol", "PLAINTEXT", "zdict.registry.init.timeout.ms", 5L)));
    }

    @Test
    void rejectsMalformedLocationsNamingThemAndTheBadPart() {
        Map<String, String> bad = Map.of(
                "kafka://", "expected kafka://HOST:PORT[,HOST:PORT...]/TOPIC",
                "kafka://host:9092", "expected kafka://HOST:PORT",
                "kafka://host:9092/", "expected kafka://HOST:PORT",
                "kafka://host/topic", "'host' is not HOST:PORT",
                "kafka://h:9092,/topic", "'' is not HOST:PORT",
                "kafka://h:99999/topic", "'h:99999' is not HOST:PORT",
                "kafka://h:9092/a/b", "expected kafka://HOST:PORT",
                "kafka://h:9092/bad topic", "'bad topic' is not a valid Kafka topic name",
                "kafka://h:9092/..", "'..' is not a valid Kafka topic name",
                "kafka://h:9092/t?novalue", "setting 1 of the query is not key=value");
        bad.forEach((location, reason) -> {
            RegistryException e = assertThrows(RegistryException.class, () -> DictionaryRegistries.canonical(location));
            assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
            String shown = location.contains("?") ? location.substring(0, location.indexOf('?')) + "?..." : location;
            assertTrue(e.getMessage().startsWith("Registry location '" + shown + "': "), e.getMessage());
            assertTrue(e.getMessage().contains(reason), e.getMessage());
        });
    }

    /** The query may hold secrets (a SASL JAAS config, a key password): no error shows any part of it. */
    @Test
    void noLocationErrorShowsTheQueryString() {
        String secret = "hunter2";
        String jaas = "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule+required+password%3D"
                + secret;
        Map<String, String> bad = Map.of(
                "kafka://host/topic?" + jaas, "'host' is not HOST:PORT",
                "kafka://h:9092/bad topic?" + jaas, "not a valid Kafka topic name",
                "kafka://h:9092/t?" + jaas + "&" + secret, "setting 2 of the query is not key=value",
                "kafka://h:9092/t?ssl.key.password=" + secret + "%zz",
                        "the value of setting 'ssl.key.password' in the query is not URL-encoded",
                "kafka://h:9092/t?" + secret + "%zz=1", "the name of setting 1 in the query is not URL-encoded",
                "kafkaa://h:9092/t?" + jaas, "unknown scheme");
        bad.forEach((location, reason) -> {
            RegistryException e = assertThrows(RegistryException.class, () -> DictionaryRegistries.canonical(location));
            assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
            assertFalse(e.getMessage().contains(secret), e.getMessage());
            assertFalse(e.reason().contains(secret), e.reason());
            assertTrue(e.getMessage().contains(reason), e.getMessage());
            assertTrue(e.getMessage().contains("?...'"), "says there was a query: " + e.getMessage());
        });
        ConfigException config = assertThrows(
                ConfigException.class,
                () -> new ZdictSerdeConfig(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, "kafka://host/t?" + jaas)));
        assertFalse(config.getMessage().contains(secret), config.getMessage());
        assertTrue(config.getMessage().contains("'host' is not HOST:PORT"), config.getMessage());
    }

    @Test
    void anUnknownSchemeListsKafkaAmongTheAvailableOnes() {
        RegistryException e =
                assertThrows(RegistryException.class, () -> DictionaryRegistries.canonical("kafkaa://h:1/t"));
        assertEquals(RegistryException.Kind.BAD_LOCATION, e.kind());
        assertEquals(
                "unknown scheme 'kafkaa://'; give a folder path, classpath:FOLDER or " + KafkaRegistryProvider.FORM,
                e.reason());
    }
}
