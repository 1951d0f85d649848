package org.zdict.kafka;

import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.RegistryProvider;

/**
 * {@code kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]}: a {@link KafkaDictionaryRegistry} in
 * that compacted topic. The query gives settings (URL-encoded) for the registry and its Kafka clients,
 * such as {@code security.protocol=SSL}; settings passed to {@code open} override them. Found through
 * {@link java.util.ServiceLoader}; call {@link org.zdict.registry.DictionaryRegistries}. Stateless: safe
 * to use from any thread.
 */
public final class KafkaRegistryProvider implements RegistryProvider {
    /** The scheme of a Kafka registry location: {@value}. */
    public static final String SCHEME = KafkaLocation.SCHEME;

    static final String FORM = KafkaLocation.FORM;

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
     * missing topic at once ({@link org.zdict.RegistryException}) and creates nothing.
     */
    @Override
    public DictionaryRegistry open(String location, Map<String, ?> settings, boolean create) {
        KafkaClientsFloor.check();
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
     * @param location a {@code kafka://} registry location
     * @return a new mutable map of client settings
     * @throws RegistryException if the location is not a kafka:// registry location
     */
    public static Map<String, Object> clientSettings(String location) {
        if (location == null || !location.startsWith(SCHEME)) {
            throw RegistryException.badLocation(String.valueOf(location), "expected " + FORM);
        }
        KafkaLocation parsed = parse(location);
        Map<String, Object> client = new KafkaRegistryConfig(parsed.settings()).clientSettings();
        client.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, parsed.bootstrapServers());
        return client;
    }

    /** The location's query settings, overridden by {@code settings}. */
    static Map<String, Object> settings(KafkaLocation location, Map<String, ?> settings) {
        return location.settings(settings);
    }

    static KafkaLocation parse(String location) {
        return KafkaLocation.parse(location);
    }
}
