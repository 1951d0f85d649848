package org.zdict.kafka;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.zdict.RegistryLocationException;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.RegistryProvider;

/**
 * {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]}: a {@link KafkaDictionaryRegistry} in
 * that compacted topic. The query gives settings (URL-encoded) for the registry and its Kafka clients,
 * such as {@code security.protocol=SSL}; settings passed to {@code open} override them. Found through
 * {@link java.util.ServiceLoader}; call {@link org.zdict.registry.DictionaryRegistries}.
 */
public final class KafkaRegistryProvider implements RegistryProvider {
    public static final String SCHEME = "kafka://";
    static final String FORM = SCHEME + "HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]";

    /** A parsed location. */
    record KafkaLocation(String bootstrapServers, String topic, Map<String, String> settings) {
        @Override
        public String toString() {
            String query = settings.isEmpty()
                    ? ""
                    : new TreeMap<>(settings)
                            .entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining("&", "?", ""));
            return SCHEME + bootstrapServers + "/" + topic + query;
        }
    }

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public String form() {
        return FORM;
    }

    @Override
    public String canonical(String location) {
        return parse(location).toString();
    }

    /**
     * Opens the registry; with {@code create} (publishers), creates its topic if missing, else refuses a
     * missing topic at once ({@link org.zdict.RegistryNotFoundException}) and creates nothing.
     */
    @Override
    public DictionaryRegistry open(String location, Map<String, ?> settings, boolean create) {
        KafkaLocation parsed = parse(location);
        Map<String, Object> merged = settings(parsed, settings);
        return create
                ? KafkaDictionaryRegistry.open(parsed.bootstrapServers(), parsed.topic(), merged)
                : KafkaDictionaryRegistry.openExisting(parsed.bootstrapServers(), parsed.topic(), merged);
    }

    /**
     * The settings another Kafka client needs to reach the cluster of the registry at {@code location}
     * ({@code kafka://HOST:PORT/TOPIC?...}): {@code bootstrap.servers} and the location's client settings
     * (TLS, SASL), without the registry's own {@code zdict.} settings. For tools that read the topics
     * the registry's versions serve (for example their {@code retention.ms}).
     *
     * @throws RegistryLocationException if the location is not a kafka:// registry location
     */
    public static Map<String, Object> clientSettings(String location) {
        if (location == null || !location.startsWith(SCHEME)) {
            throw new RegistryLocationException(String.valueOf(location), "expected " + FORM);
        }
        KafkaLocation parsed = parse(location);
        Map<String, Object> client = new KafkaRegistryConfig(parsed.settings()).clientSettings();
        client.put(org.apache.kafka.clients.CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, parsed.bootstrapServers());
        return client;
    }

    /** The location's query settings, overridden by {@code settings}. */
    static Map<String, Object> settings(KafkaLocation location, Map<String, ?> settings) {
        Map<String, Object> merged = new HashMap<>(location.settings());
        merged.putAll(settings);
        return merged;
    }

    static KafkaLocation parse(String location) {
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
            throw new RegistryLocationException(
                    location, "expected " + FORM + ", for example " + SCHEME + "localhost:9092/_zdict_registry");
        }
        for (String server : servers.split(",", -1)) {
            if (!server.matches("[^:/\\s]+:\\d{1,5}")
                    || Integer.parseInt(server.substring(server.indexOf(':') + 1)) > 65535) {
                throw new RegistryLocationException(location, "'" + server + "' is not HOST:PORT");
            }
        }
        if (!topic.matches("[a-zA-Z0-9._-]{1,249}") || topic.equals(".") || topic.equals("..")) {
            throw new RegistryLocationException(
                    location, "'" + topic + "' is not a valid Kafka topic name (letters, digits, '.', '_', '-')");
        }
        Map<String, String> settings = new TreeMap<>();
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new RegistryLocationException(location, "setting '" + pair + "' is not key=value");
                }
                settings.put(decode(location, pair.substring(0, equals)), decode(location, pair.substring(equals + 1)));
            }
        }
        return new KafkaLocation(servers, topic, Map.copyOf(settings));
    }

    private static String decode(String location, String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new RegistryLocationException(
                    location, "'" + value + "' is not URL-encoded (" + e.getMessage() + ")");
        }
    }
}
