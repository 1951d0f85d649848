package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegistryLocationTest {
    @TempDir
    Path dir;

    @Test
    void parsesAFolder() {
        RegistryLocation location = RegistryLocation.parse(dir.resolve("reg").toString());
        assertFalse(location.isKafka());
        assertEquals(dir.resolve("reg"), location.directory());
        assertFalse(location.exists());
    }

    @Test
    void parsesKafkaServersTopicAndClientSettings() {
        RegistryLocation location =
                RegistryLocation.parse("kafka://b1:9092,b2:9093/zdict-dictionaries?security.protocol=SSL&acks=all");
        assertTrue(location.isKafka());
        assertEquals("b1:9092,b2:9093", location.bootstrapServers());
        assertEquals("zdict-dictionaries", location.topic());
        assertEquals(Map.of("security.protocol", "SSL", "acks", "all"), location.clientConfig());
        assertTrue(location.exists());
    }

    @Test
    void rejectsMalformedKafkaLocationsNamingThem() {
        for (String bad : new String[] {
            "kafka://",
            "kafka://host:9092",
            "kafka://host:9092/",
            "kafka://host/topic",
            "kafka://h:9092/a/b",
            "kafka://h:9092/bad topic",
            "kafka://h:9092/t?novalue"
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> RegistryLocation.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void rejectsOtherSchemesAndFiles() throws IOException {
        assertThrows(IllegalArgumentException.class, () -> RegistryLocation.parse("http://example.com/reg"));
        assertThrows(IllegalArgumentException.class, () -> RegistryLocation.parse(""));
        Path file = Files.writeString(dir.resolve("file"), "x");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RegistryLocation.parse(file.toString()));
        assertTrue(e.getMessage().contains("is a file"), e.getMessage());
    }
}
