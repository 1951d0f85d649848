package org.zdict.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.zdict.kafka.KafkaRegistryConfig;

/**
 * The Kafka client settings of a {@code --command-config} file (or the file {@value #ENVIRONMENT_VARIABLE}
 * names): a Java properties file, as Kafka's own tools read, applied to every Kafka client a command
 * makes. A setting in a {@code kafka://} location's query wins over the file.
 *
 * @param origin how the file was named, for messages: {@code --command-config FILE} or {@code
 *     ZDICT_COMMAND_CONFIG=FILE}; empty for {@link #NONE}
 * @param settings the file's settings, sorted by name
 */
record CommandConfig(String origin, Map<String, String> settings) {
    /** The environment variable that names a file when {@code --command-config} is not given: {@value}. */
    static final String ENVIRONMENT_VARIABLE = "ZDICT_COMMAND_CONFIG";

    /** No file: no settings. */
    static final CommandConfig NONE = new CommandConfig("", Map.of());

    /**
     * The settings of {@code option} if given, else of the file {@code environment}'s {@value
     * #ENVIRONMENT_VARIABLE} names, else none.
     *
     * @throws IllegalArgumentException naming the file (and the variable) when it cannot be read
     */
    static CommandConfig read(Path option, Map<String, String> environment) {
        if (option != null) {
            return load(option, "--command-config " + option);
        }
        String named = environment.get(ENVIRONMENT_VARIABLE);
        if (named == null || named.isBlank()) {
            return NONE;
        }
        return load(Path.of(named), ENVIRONMENT_VARIABLE + "=" + named);
    }

    /** Reads the properties file {@code file}; {@code origin} names it in messages. */
    static CommandConfig load(Path file, String origin) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(origin + ": is a folder, expected a properties file of Kafka client"
                    + " settings (key=value lines)");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            // Never the exception's own message: a malformed line may hold a secret.
            throw new IllegalArgumentException(origin + ": " + cannotRead(file, e));
        }
        Map<String, String> settings = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            settings.put(key, properties.getProperty(key));
        }
        return new CommandConfig(origin, Map.copyOf(settings));
    }

    /**
     * The file's settings that no Kafka producer, consumer or admin client nor the registry knows
     * ({@code zdict.registry.client.*} ones are passed on to the registry's clients and count as known).
     */
    Set<String> unknownKeys() {
        Set<String> unknown = new TreeSet<>();
        for (String key : settings.keySet()) {
            if (!isKnown(key)) {
                unknown.add(key);
            }
        }
        return unknown;
    }

    private static boolean isKnown(String key) {
        return key.startsWith(KafkaRegistryConfig.CLIENT_PREFIX)
                || KafkaRegistryConfig.configDef().names().contains(key)
                || ProducerConfig.configNames().contains(key)
                || ConsumerConfig.configNames().contains(key)
                || AdminClientConfig.configNames().contains(key);
    }

    private static String cannotRead(Path file, Exception e) {
        if (!Files.exists(file)) {
            return "no such file";
        }
        if (!Files.isReadable(file)) {
            return "permission denied";
        }
        if (e instanceof IllegalArgumentException) {
            return "not a properties file (a malformed \\uXXXX escape)";
        }
        return "cannot be read (" + e.getClass().getSimpleName() + ")";
    }
}
