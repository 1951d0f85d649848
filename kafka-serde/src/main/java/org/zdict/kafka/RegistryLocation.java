package org.zdict.kafka;

import java.nio.file.Path;
import org.apache.kafka.common.config.ConfigException;

/**
 * Where a registry lives, parsed from {@code zdict.registry}: a folder, a classpath folder, or a Kafka
 * topic.
 *
 * @param kind which of the three
 * @param path the folder (DIRECTORY), the resource folder without leading slash (CLASSPATH), or the
 *     topic name (KAFKA)
 * @param bootstrapServers HOST:PORT for KAFKA, null otherwise
 */
public record RegistryLocation(Kind kind, String path, String bootstrapServers) {
    public static final String KAFKA_SCHEME = "kafka://";
    public static final String CLASSPATH_SCHEME = "classpath:";

    /** The three places a registry can live. */
    public enum Kind {
        DIRECTORY,
        CLASSPATH,
        KAFKA
    }

    /**
     * Parses {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC}, {@code classpath:FOLDER} or a folder path.
     *
     * @throws ConfigException naming {@code zdict.registry} and the bad value
     */
    public static RegistryLocation parse(String location) {
        if (location == null || location.isBlank()) {
            throw new ConfigException(
                    ZdictSerdeConfig.REGISTRY_CONFIG,
                    location,
                    "give a folder, classpath:FOLDER or kafka://HOST:PORT/TOPIC");
        }
        String trimmed = location.trim();
        if (trimmed.startsWith(KAFKA_SCHEME)) {
            String rest = trimmed.substring(KAFKA_SCHEME.length());
            int slash = rest.indexOf('/');
            if (slash <= 0 || slash == rest.length() - 1 || rest.indexOf('/', slash + 1) >= 0) {
                throw new ConfigException(
                        ZdictSerdeConfig.REGISTRY_CONFIG,
                        location,
                        "expected kafka://HOST:PORT/TOPIC, for example kafka://localhost:9092/_zdict_registry");
            }
            return new RegistryLocation(Kind.KAFKA, rest.substring(slash + 1), rest.substring(0, slash));
        }
        if (trimmed.startsWith(CLASSPATH_SCHEME)) {
            String folder = trimmed.substring(CLASSPATH_SCHEME.length());
            while (folder.startsWith("/")) {
                folder = folder.substring(1);
            }
            while (folder.endsWith("/")) {
                folder = folder.substring(0, folder.length() - 1);
            }
            return new RegistryLocation(Kind.CLASSPATH, folder, null);
        }
        return new RegistryLocation(
                Kind.DIRECTORY, Path.of(trimmed).toAbsolutePath().normalize().toString(), null);
    }

    /** The canonical spelling, also the key under which one JVM shares a registry. */
    @Override
    public String toString() {
        return switch (kind) {
            case KAFKA -> KAFKA_SCHEME + bootstrapServers + "/" + path;
            case CLASSPATH -> CLASSPATH_SCHEME + path;
            case DIRECTORY -> path;
        };
    }
}
