package org.zdict.kafka.internal;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.zdict.RegistryException;
import org.zdict.kafka.KafkaRegistryConfig;

/**
 * A parsed {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]}: the servers, the topic and the
 * query's settings (URL-decoded). A registry location and a {@code zdict --input} topic are written the
 * same way, so TLS and SASL settings are given the same way for both.
 */
public record KafkaLocation(String bootstrapServers, String topic, Map<String, String> settings) {
    public static final String SCHEME = "kafka://";
    public static final String FORM = SCHEME + "HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]";

    /** Whether {@code location} is written with the {@code kafka://} scheme (in any case). */
    public static boolean isKafka(String location) {
        return location.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /**
     * Parses {@code location}, which starts with {@value #SCHEME}.
     *
     * @throws RegistryException naming the location and the bad part
     */
    public static KafkaLocation parse(String location) {
        String rest = location.substring(SCHEME.length());
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
            throw RegistryException.badLocation(
                    location, "expected " + FORM + ", for example " + SCHEME + "localhost:9092/_zdict_registry");
        }
        for (String server : servers.split(",", -1)) {
            if (!server.matches("[^:/\\s]+:\\d{1,5}")
                    || Integer.parseInt(server.substring(server.indexOf(':') + 1)) > 65535) {
                throw RegistryException.badLocation(location, "'" + server + "' is not HOST:PORT");
            }
        }
        if (!topic.matches("[a-zA-Z0-9._-]{1,249}") || topic.equals(".") || topic.equals("..")) {
            throw RegistryException.badLocation(
                    location, "'" + topic + "' is not a valid Kafka topic name (letters, digits, '.', '_', '-')");
        }
        // Messages about the query name settings by position or name, never by value: values may be secrets.
        Map<String, String> settings = new TreeMap<>();
        if (!query.isEmpty()) {
            String[] pairs = query.split("&");
            for (int i = 0; i < pairs.length; i++) {
                String pair = pairs[i];
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw RegistryException.badLocation(
                            location,
                            "setting " + (i + 1) + " of the query is not key=value (separate settings with &)");
                }
                String key = decode(location, pair.substring(0, equals), "the name of setting " + (i + 1));
                settings.put(key, decode(location, pair.substring(equals + 1), "the value of setting '" + key + "'"));
            }
        }
        return new KafkaLocation(servers, topic, Map.copyOf(settings));
    }

    /** The query's settings, overridden by {@code overrides}. */
    public Map<String, Object> settings(Map<String, ?> overrides) {
        Map<String, Object> merged = new HashMap<>(settings);
        merged.putAll(overrides);
        return merged;
    }

    /**
     * This location with {@code defaults} under its query: a setting the query gives keeps the query's
     * value, every other one of {@code defaults} is added. A default {@code zdict.registry.client.X} is
     * left out when the query gives {@code X} (else it would win for the clients). For settings from a
     * file ({@code zdict --command-config}); {@link #toString()} then shows them too, so print {@link
     * #withoutSettings()}.
     */
    public KafkaLocation withDefaults(Map<String, String> defaults) {
        Map<String, String> merged = new TreeMap<>();
        defaults.forEach((key, value) -> {
            String clientKey = key.startsWith(KafkaRegistryConfig.CLIENT_PREFIX)
                    ? key.substring(KafkaRegistryConfig.CLIENT_PREFIX.length())
                    : key;
            if (!settings.containsKey(clientKey)) {
                merged.put(key, value);
            }
        });
        merged.putAll(settings);
        return new KafkaLocation(bootstrapServers, topic, Map.copyOf(merged));
    }

    /**
     * Settings for a Kafka client of this cluster: the query's client settings by the rule of {@link
     * KafkaRegistryConfig#clientSettings()} (every setting not starting with {@code zdict.}, and every
     * {@code zdict.registry.client.*} one with the prefix removed), and the bootstrap servers.
     */
    public Map<String, Object> clientSettings() {
        Map<String, Object> client = new KafkaRegistryConfig(settings).clientSettings();
        client.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return client;
    }

    /** The location without its query, which may hold secrets (a SASL JAAS config): for messages. */
    public String withoutSettings() {
        return SCHEME + bootstrapServers + "/" + topic;
    }

    /** The canonical spelling: settings sorted by name. */
    @Override
    public String toString() {
        String query = settings.isEmpty()
                ? ""
                : new TreeMap<>(settings)
                        .entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .collect(Collectors.joining("&", "?", ""));
        return withoutSettings() + query;
    }

    private static String decode(String location, String value, String what) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw RegistryException.badLocation(
                    location, what + " in the query is not URL-encoded (write % as %25, & as %26, = as %3D)");
        }
    }
}
