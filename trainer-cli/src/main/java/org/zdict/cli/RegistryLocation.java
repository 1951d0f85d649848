package org.zdict.cli;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.zdict.internal.RegistryFolder;
import org.zdict.kafka.KafkaDictionaryRegistry;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DirectoryDictionaryRegistry;

/**
 * Where a registry lives, parsed from a {@code --registry} value: the only place that opens registries
 * for the command line.
 *
 * <ul>
 *   <li>a folder path: a {@link DirectoryDictionaryRegistry} (created on first publish);
 *   <li>{@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]}: a {@link KafkaDictionaryRegistry}
 *       in that compacted topic, the query giving Kafka client settings (for example {@code
 *       security.protocol=SSL}).
 * </ul>
 */
public final class RegistryLocation {
    public static final String KAFKA_SCHEME = "kafka://";

    private final String value;
    private final Path directory;
    private final String bootstrapServers;
    private final String topic;
    private final Map<String, Object> clientConfig;

    private RegistryLocation(
            String value, Path directory, String bootstrapServers, String topic, Map<String, Object> clientConfig) {
        this.value = value;
        this.directory = directory;
        this.bootstrapServers = bootstrapServers;
        this.topic = topic;
        this.clientConfig = clientConfig;
    }

    /**
     * Parses a {@code --registry} value.
     *
     * @throws IllegalArgumentException naming the value when it is not a usable location
     */
    public static RegistryLocation parse(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    "Empty registry location: give a folder path or kafka://HOST:PORT/TOPIC");
        }
        if (value.startsWith(KAFKA_SCHEME)) {
            return parseKafka(value);
        }
        if (value.matches("^[a-zA-Z][a-zA-Z0-9+.-]+://.*")) {
            throw new IllegalArgumentException(
                    "Registry '" + value + "': unsupported scheme; give a folder path or kafka://HOST:PORT/TOPIC");
        }
        Path directory = Path.of(value);
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("Registry '" + value + "' is a file, not a folder");
        }
        return new RegistryLocation(value, directory, null, null, Map.of());
    }

    private static RegistryLocation parseKafka(String value) {
        String rest = value.substring(KAFKA_SCHEME.length());
        String query = "";
        int question = rest.indexOf('?');
        if (question >= 0) {
            query = rest.substring(question + 1);
            rest = rest.substring(0, question);
        }
        int slash = rest.indexOf('/');
        String servers = slash < 0 ? rest : rest.substring(0, slash);
        String topic = slash < 0 ? "" : rest.substring(slash + 1);
        if (servers.isEmpty() || topic.isEmpty() || topic.contains("/")) {
            throw new IllegalArgumentException(
                    "Registry '" + value + "': expected kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]");
        }
        for (String server : servers.split(",")) {
            if (!server.matches("[^:\\s]+:\\d{1,5}")) {
                throw new IllegalArgumentException("Registry '" + value + "': '" + server + "' is not HOST:PORT");
            }
        }
        if (!topic.matches("[a-zA-Z0-9._-]{1,249}")) {
            throw new IllegalArgumentException("Registry '" + value + "': '" + topic
                    + "' is not a valid Kafka topic name (letters, digits, '.', '_', '-')");
        }
        Map<String, Object> config = new LinkedHashMap<>();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException(
                            "Registry '" + value + "': client setting '" + pair + "' is not key=value");
                }
                config.put(
                        URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return new RegistryLocation(value, null, servers, topic, Map.copyOf(config));
    }

    public boolean isKafka() {
        return topic != null;
    }

    /**
     * Whether the registry already exists: a folder holding a manifest. A Kafka topic is assumed to
     * (the registry creates it on open).
     */
    public boolean exists() {
        return isKafka() || Files.isRegularFile(directory.resolve(RegistryFolder.MANIFEST));
    }

    /** Opens the registry, creating it if needed. The caller closes it. */
    public DictionaryRegistry open() {
        if (isKafka()) {
            return KafkaDictionaryRegistry.open(bootstrapServers, topic, clientConfig);
        }
        return DirectoryDictionaryRegistry.open(directory);
    }

    /** The folder, for a registry kept in one; null for Kafka. */
    public Path directory() {
        return directory;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String topic() {
        return topic;
    }

    public Map<String, Object> clientConfig() {
        return clientConfig;
    }

    @Override
    public String toString() {
        return value;
    }
}
