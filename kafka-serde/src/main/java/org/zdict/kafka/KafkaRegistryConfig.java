package org.zdict.kafka;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;

/**
 * The settings of a {@link KafkaDictionaryRegistry}, as given to {@link KafkaDictionaryRegistry#open}
 * (by code, by a serde from its {@code zdict.registry.*} settings, or from a {@code kafka://} location's
 * query). The {@code zdict.registry.*} settings below are the registry's own; every other setting not
 * starting with {@code zdict.}, and every {@code zdict.registry.client.*} setting with the prefix
 * removed, goes to the registry's Kafka clients. Bad values fail with a {@code ConfigException} naming
 * the setting and the value. Immutable once built, so safe to share between threads.
 */
public final class KafkaRegistryConfig extends AbstractConfig {
    /** The setting {@value}. */
    public static final String CACHE_DIR_CONFIG = "zdict.registry.cache.dir";
    /** The default of {@link #CACHE_DIR_CONFIG}. */
    public static final String CACHE_DIR_DEFAULT = "";
    /** The description of {@link #CACHE_DIR_CONFIG}, as in the settings table. */
    public static final String CACHE_DIR_DOC = "For a kafka:// registry: the folder of the local copy that lets a"
            + " restarted client decode while the registry topic is unavailable; it holds the dictionaries, which"
            + " hold samples of the data. Empty means a folder per cluster, topic and client identity in"
            + " java.io.tmpdir/zdict-registry-cache-USER, which only USER can read (folders rwx------, files"
            + " rw-------). A folder set here is created rwx------ if missing; one that other users can read is"
            + " used with a warning.";

    /** The setting {@value}. */
    public static final String INIT_TIMEOUT_MS_CONFIG = "zdict.registry.init.timeout.ms";
    /** The default of {@link #INIT_TIMEOUT_MS_CONFIG}. */
    public static final long INIT_TIMEOUT_MS_DEFAULT = 30_000L;
    /** The description of {@link #INIT_TIMEOUT_MS_CONFIG}, as in the settings table. */
    public static final String INIT_TIMEOUT_MS_DOC = "For a kafka:// registry: how long opening it (a serde's"
            + " configure(), a zdict command) waits to read the registry topic to its end; if it cannot, it serves"
            + " the local copy, or fails without one. Also the limit for each of the registry's Kafka requests.";

    /** The setting {@value}. */
    public static final String REMOVE_GRACE_MS_CONFIG = "zdict.registry.remove.grace.ms";
    /** The default of {@link #REMOVE_GRACE_MS_CONFIG}. */
    public static final long REMOVE_GRACE_MS_DEFAULT = 7L * 24 * 60 * 60 * 1000;
    /** The description of {@link #REMOVE_GRACE_MS_CONFIG}, as in the settings table. */
    public static final String REMOVE_GRACE_MS_DOC = "For a kafka:// registry: how long a version that was ever"
            + " active must have been retired before it can be removed, because records inside a topic's retention"
            + " may still use it. Set it to the longest retention.ms of the topics written with the registry; the"
            + " default is Kafka's default retention, 7 days. Every client also reads removals by it: one that"
            + " removes a version retired less than its own grace ago is not applied (docs/SECURITY.md), so give"
            + " every client of a registry the same.";

    /** The prefix of the settings passed, without it, to the registry's own Kafka clients. */
    public static final String CLIENT_PREFIX = "zdict.registry.client.";
    /** Description of the {@link #CLIENT_PREFIX} settings, as in the settings table. */
    public static final String CLIENT_DOC = "For a kafka:// registry: settings for the registry's own Kafka clients"
            + " (TLS, SASL), prefix removed, for example zdict.registry.client.security.protocol=SSL. In a"
            + " kafka:// location's query and in KafkaDictionaryRegistry.open the prefix may be left out.";

    private static final String ZDICT_PREFIX = "zdict.";

    private static final ConfigDef DEFINITION = new ConfigDef()
            .define(CACHE_DIR_CONFIG, Type.STRING, CACHE_DIR_DEFAULT, Importance.LOW, CACHE_DIR_DOC)
            .define(
                    INIT_TIMEOUT_MS_CONFIG,
                    Type.LONG,
                    INIT_TIMEOUT_MS_DEFAULT,
                    ConfigDef.Range.atLeast(1),
                    Importance.LOW,
                    INIT_TIMEOUT_MS_DOC)
            .define(
                    REMOVE_GRACE_MS_CONFIG,
                    Type.LONG,
                    REMOVE_GRACE_MS_DEFAULT,
                    ConfigDef.Range.atLeast(0),
                    Importance.LOW,
                    REMOVE_GRACE_MS_DOC);

    /**
     * Reads and checks the registry settings; other settings are kept for the registry's Kafka clients.
     *
     * @param settings the settings, or null for none
     * @throws org.apache.kafka.common.config.ConfigException naming the setting and the value when one is bad
     */
    public KafkaRegistryConfig(Map<String, ?> settings) {
        super(DEFINITION, settings == null ? Map.of() : settings, false);
    }

    /** {@return a copy of the definition of every setting, for documentation and tools} */
    public static ConfigDef configDef() {
        return new ConfigDef(DEFINITION);
    }

    /**
     * The folder of the local copy: {@value #CACHE_DIR_CONFIG}, or {@link #defaultCacheDir} for these
     * settings' client identity if empty.
     *
     * @param bootstrapServers the cluster, {@code HOST:PORT[,HOST:PORT...]}
     * @param topic the registry topic
     * @return the folder (not created)
     */
    public Path cacheDir(String bootstrapServers, String topic) {
        return usesDefaultCacheDir()
                ? defaultCacheDir(bootstrapServers, topic, clientSettings())
                : Path.of(getString(CACHE_DIR_CONFIG));
    }

    /** {@return whether {@value #CACHE_DIR_CONFIG} is empty, so the local copy is in {@link #defaultCacheDir}} */
    public boolean usesDefaultCacheDir() {
        String dir = getString(CACHE_DIR_CONFIG);
        return dir == null || dir.isBlank();
    }

    /**
     * The default folder of the local copy of a registry, one per cluster, topic and client identity, in a
     * folder of the user running the client ({@link #defaultCacheRoot}).
     *
     * @param bootstrapServers the cluster, {@code HOST:PORT[,HOST:PORT...]}
     * @param topic the registry topic
     * @param clientSettings the registry's Kafka client settings ({@link #clientSettings()}): clients
     *     with different settings (credentials, TLS key stores) never share a local copy
     * @return {@code <root>/<servers>_<topic>_<identity>}, unsafe characters replaced; the identity is the
     *     first 16 hex digits of the SHA-256 of the client settings, sorted
     */
    public static Path defaultCacheDir(String bootstrapServers, String topic, Map<String, ?> clientSettings) {
        String name = (bootstrapServers + "_" + topic).replaceAll("[^A-Za-z0-9._-]", "_");
        return defaultCacheRoot().resolve(name + "_" + ClientIdentity.of(clientSettings));
    }

    /**
     * {@return {@code <java.io.tmpdir>/zdict-registry-cache-<user.name>}: the folder of the default local
     * copies of the user running the client, which the registry creates readable by that user only}
     */
    public static Path defaultCacheRoot() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "zdict-registry-cache-" + user);
    }

    /**
     * {@return {@value #INIT_TIMEOUT_MS_CONFIG}: how long opening waits to read the topic, and each Kafka
     * request's limit}
     */
    public long initTimeoutMs() {
        return getLong(INIT_TIMEOUT_MS_CONFIG);
    }

    /**
     * {@return {@value #REMOVE_GRACE_MS_CONFIG}: how long a once-active version must have been retired before
     * removal}
     */
    public long removeGraceMs() {
        return getLong(REMOVE_GRACE_MS_CONFIG);
    }

    /**
     * Settings for the registry's Kafka clients: every setting not starting with {@code zdict.}, then
     * every {@value #CLIENT_PREFIX} setting with the prefix removed (these win).
     *
     * @return a new mutable map
     */
    public Map<String, Object> clientSettings() {
        Map<String, Object> client = new HashMap<>();
        originals().forEach((key, value) -> {
            if (!key.startsWith(ZDICT_PREFIX)) {
                client.put(key, value);
            }
        });
        client.putAll(originalsWithPrefix(CLIENT_PREFIX, true));
        return client;
    }

    /** {@return the settings as a Markdown table (name, type, default, description), for docs/KAFKA.md} */
    public static String markdownTable() {
        return SettingsTable.markdown(DEFINITION) + SettingsTable.prefixRow(CLIENT_PREFIX, CLIENT_DOC);
    }
}
