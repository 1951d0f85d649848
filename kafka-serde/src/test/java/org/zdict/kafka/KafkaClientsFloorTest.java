package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KafkaClientsFloorTest {
    @ParameterizedTest
    @ValueSource(strings = {"3.4.0", "3.4.1", "3.9.2", "4.0.0", "4.3.1", "5.0.0-SNAPSHOT", "7.6.0-ccs", "unknown", ""})
    void releasesFromTheFloorOnAndUnknownOnesPass(String version) {
        assertDoesNotThrow(() -> KafkaClientsFloor.check(version));
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.3.2", "3.0.0", "2.8.2", "2.13.0-rc1"})
    void olderReleasesAreRefusedNamingTheFloorAndTheReleaseFound(String version) {
        ConfigException e = assertThrows(ConfigException.class, () -> KafkaClientsFloor.check(version));
        assertTrue(
                e.getMessage()
                        .startsWith("zdict needs kafka-clients 3.4 or newer, but this class path has"
                                + " kafka-clients " + version + "."),
                e.getMessage());
    }

    @Test
    void theBuildsOwnClientPasses() {
        assertDoesNotThrow(() -> KafkaClientsFloor.check(AppInfoParser.getVersion()));
    }
}
