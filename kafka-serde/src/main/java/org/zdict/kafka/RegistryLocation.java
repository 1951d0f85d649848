package org.zdict.kafka;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.config.ConfigException;

/**
 * Where a registry lives, parsed from {@code zdict.registry}: a folder, a classpath folder, or a Kafka
 * topic.
 *
 * @param kind which of the three
 * @param path the folder (DIRECTORY), the resource folder without leading slash (CLASSPATH), or the
 *     topic name (KAFKA)
 * @param bootstrapServers HOST:PORT for KAFKA, null otherwise
 * @param clientConfig for KAFKA, client settings from the query part ({@code ?security.protocol=SSL&...}),
 *     the same syntax as the CLI's {@code --registry}
 */
public record RegistryLocation(Kind kind, String path, String bootstrapServers, Map<String, String> clientConfig) {
    public static final String KAFKA_SCHEME = "kafka://";
    public static final String CLASSPATH_SCHEME = "classpath:";

    /** The three places a registry can live. */
    public enum Kind {
        DIRECTORY,
        CLASSPATH,
        KAFKA
    }

    public RegistryLocation {
        clientConfig = clientConfig == null ? Map.of() : Map.copyOf(clientConfig);
    }

    /**
     * Parses {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]}, {@code classpath:FOLDER} or a folder path.
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
            return parseKafka(location, trimmed.substring(KAFKA_SCHEME.length()));
        }
        if (trimmed.startsWith(CLASSPATH_SCHEME)) {
            String folder = trimmed.substring(CLASSPATH_SCHEME.length());
            while (folder.startsWith("/")) {
                folder = folder.substring(1);
            }
            while (folder.endsWith("/")) {
                folder = folder.substring(0, folder.length() - 1);
            }
            return new RegistryLocation(Kind.CLASSPATH, folder, null, Map.of());
        }
        return new RegistryLocation(
                Kind.DIRECTORY, Path.of(trimmed).toAbsolutePath().normalize().toString(), null, Map.of());
    }

    private static RegistryLocation parseKafka(String location, String rest) {
        Map<String, String> config = new TreeMap<>();
        int question = rest.indexOf('?');
        if (question >= 0) {
            for (String pair : rest.substring(question + 1).split("&")) {
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new ConfigException(
                            ZdictSerdeConfig.REGISTRY_CONFIG,
                            location,
                            "client setting '" + pair + "' is not key=value");
                }
                config.put(
                        URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
            rest = rest.substring(0, question);
        }
        int slash = rest.indexOf('/');
        String servers = slash < 0 ? "" : rest.substring(0, slash);
        String topic = slash < 0 ? "" : rest.substring(slash + 1);
        if (servers.isEmpty() || !topic.matches("[a-zA-Z0-9._-]{1,249}")) {
            throw new ConfigException(
                    ZdictSerdeConfig.REGISTRY_CONFIG,
                    location,
                    "expected kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...], for example"
                            + " kafka://localhost:9092/_zdict_registry");
        }
        return new RegistryLocation(Kind.KAFKA, topic, servers, config);
    }

    /** The canonical spelling, also the key under which one JVM shares a registry. */
    @Override
    public String toString() {
        return switch (kind) {
            case KAFKA ->
                KAFKA_SCHEME + bootstrapServers + "/" + path
                        + (clientConfig.isEmpty()
                                ? ""
                                : "?"
                                        + String.join(
                                                "&",
                                                new TreeMap<>(clientConfig)
                                                        .entrySet().stream()
                                                                .map(e -> e.getKey() + "=" + e.getValue())
                                                                .toList()));
            case CLASSPATH -> CLASSPATH_SCHEME + path;
            case DIRECTORY -> path;
        };
    }
}
