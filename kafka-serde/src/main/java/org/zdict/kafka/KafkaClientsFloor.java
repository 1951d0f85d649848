package org.zdict.kafka;

import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * The oldest kafka-clients release zdict's Kafka parts (the serde, the Kafka registry and the Connect
 * converter) load and work on, and the check of the release on the class path. The floor is the oldest
 * release the client matrix tests; zdict compiles against the newest and touches nothing newer than the
 * floor on its load path. {@code configure} and the registry's {@code open} call {@link #check()} first,
 * so a class path below the floor fails with this message, never with a {@code NoClassDefFoundError}.
 */
final class KafkaClientsFloor {
    /** The oldest kafka-clients release zdict supports: docs/COMPATIBILITY.md gives the reason. */
    static final String FLOOR = "3.4";

    private static final int FLOOR_MAJOR = 3;
    private static final int FLOOR_MINOR = 4;

    private KafkaClientsFloor() {}

    /**
     * @throws ConfigException if the kafka-clients on the class path is older than {@value #FLOOR}
     */
    static void check() {
        check(AppInfoParser.getVersion());
    }

    /** As {@link #check()}, for the kafka-clients release {@code version} ("unknown" passes: it cannot be told). */
    static void check(String version) {
        int[] majorMinor = majorMinor(version);
        if (majorMinor == null) {
            return;
        }
        if (majorMinor[0] < FLOOR_MAJOR || (majorMinor[0] == FLOOR_MAJOR && majorMinor[1] < FLOOR_MINOR)) {
            throw new ConfigException("zdict needs kafka-clients " + FLOOR + " or newer, but this class path has"
                    + " kafka-clients " + version + ". Upgrade kafka-clients (or the framework that brings it);"
                    + " docs/COMPATIBILITY.md lists the tested releases");
        }
    }

    /** The major and minor number of a release such as {@code 3.9.1} or {@code 7.4.0-ccs}, or null if it has none. */
    private static int[] majorMinor(String version) {
        String[] parts = version == null ? new String[0] : version.split("[.-]");
        if (parts.length < 2) {
            return null;
        }
        try {
            return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
