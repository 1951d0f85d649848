package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryInfo;

/**
 * The settings of {@link ZdictSerializer}, {@link ZdictDeserializer} and {@link ZdictSerde}, read from
 * the producer, consumer or Streams properties. Every key starts with {@code zdict.}; for a key serde,
 * a {@code zdict.key.} setting overrides the matching {@code zdict.} one. Reading configuration never
 * loads native code. Immutable once built, so safe to share between threads. The definition of every
 * setting, with its checks, is {@code ZdictSerdeConfigDef}'s table.
 */
public final class ZdictSerdeConfig extends AbstractConfig {
    /** The prefix of every serde setting. */
    public static final String PREFIX = "zdict.";
    /** The prefix of a key serde's overrides: {@code zdict.key.X} overrides {@code zdict.X} for a key serde. */
    public static final String KEY_PREFIX = "zdict.key.";

    /** The setting {@value}. */
    public static final String REGISTRY_CONFIG = "zdict.registry";
    /** The description of {@link #REGISTRY_CONFIG}, as in the settings table. */
    public static final String REGISTRY_DOC = "Where the dictionaries are: a folder path (a directory registry),"
            + " 'classpath:some/folder' (manifest.json and v000001.dict files on the classpath, read-only),"
            + " or 'kafka://HOST:PORT/TOPIC' (a registry kept in a compacted topic, followed live, with the"
            + " zdict.registry.* settings of the Kafka registry).";

    /** The prefix of the settings passed to a kafka:// registry ({@link KafkaRegistryConfig}). */
    public static final String REGISTRY_SETTINGS_PREFIX = "zdict.registry.";

    /** The setting {@value}. */
    public static final String INNER_SERIALIZER_CONFIG = "zdict.inner.serializer";
    /** The default of {@link #INNER_SERIALIZER_CONFIG}. */
    public static final Class<?> INNER_SERIALIZER_DEFAULT = ByteArraySerializer.class;
    /** The description of {@link #INNER_SERIALIZER_CONFIG}, as in the settings table. */
    public static final String INNER_SERIALIZER_DOC =
            "The Serializer that turns values into bytes before compression (any Kafka Serializer class).";

    /** The setting {@value}. */
    public static final String INNER_DESERIALIZER_CONFIG = "zdict.inner.deserializer";
    /** The default of {@link #INNER_DESERIALIZER_CONFIG}. */
    public static final Class<?> INNER_DESERIALIZER_DEFAULT = ByteArrayDeserializer.class;
    /** The description of {@link #INNER_DESERIALIZER_CONFIG}, as in the settings table. */
    public static final String INNER_DESERIALIZER_DOC =
            "The Deserializer that turns decompressed bytes into values (any Kafka Deserializer class).";

    /** The setting {@value}. */
    public static final String LEVEL_CONFIG = "zdict.level";
    /** The description of {@link #LEVEL_CONFIG}, as in the settings table. */
    public static final String LEVEL_DOC = "zstd level for new records (" + ZdictCodecBuilder.MIN_LEVEL + ".."
            + ZdictCodecBuilder.MAX_LEVEL + ", not 0). Unset means each dictionary's recorded level.";

    /** The setting {@value}. */
    public static final String MIN_PAYLOAD_BYTES_CONFIG = "zdict.min.payload.bytes";
    /** The default of {@link #MIN_PAYLOAD_BYTES_CONFIG}. */
    public static final int MIN_PAYLOAD_BYTES_DEFAULT = 32;
    /** The description of {@link #MIN_PAYLOAD_BYTES_CONFIG}, as in the settings table. */
    public static final String MIN_PAYLOAD_BYTES_DOC =
            "Records smaller than this many bytes are stored uncompressed (one marker byte of overhead).";

    /** The setting {@value}. */
    public static final String MAX_DECOMPRESSED_BYTES_CONFIG = "zdict.max.decompressed.bytes";
    /** The default of {@link #MAX_DECOMPRESSED_BYTES_CONFIG}. */
    public static final int MAX_DECOMPRESSED_BYTES_DEFAULT = ZdictCodecBuilder.DEFAULT_MAX_DECOMPRESSED_SIZE;
    /** The description of {@link #MAX_DECOMPRESSED_BYTES_CONFIG}, as in the settings table. */
    public static final String MAX_DECOMPRESSED_BYTES_DOC =
            "Refuse records that declare or expand to more than this many bytes (protects consumers).";

    /** The setting {@value}. */
    public static final String UNKNOWN_VERSION_WAIT_MS_CONFIG = "zdict.unknown.version.wait.ms";
    /** The default of {@link #UNKNOWN_VERSION_WAIT_MS_CONFIG}. */
    public static final long UNKNOWN_VERSION_WAIT_MS_DEFAULT = 30_000L;
    /** The description of {@link #UNKNOWN_VERSION_WAIT_MS_CONFIG}, as in the settings table. */
    public static final String UNKNOWN_VERSION_WAIT_MS_DOC = "How long the deserializer waits for a dictionary"
            + " version it does not know yet to arrive in the registry before failing the record.";

    /** The setting {@value}. */
    public static final String PINNED_VERSION_CONFIG = "zdict.pinned.version";
    /** The description of {@link #PINNED_VERSION_CONFIG}, as in the settings table. */
    public static final String PINNED_VERSION_DOC = "Compress with this dictionary version instead of the"
            + " registry's active one. Unset means follow the active version. A retired version, or one the"
            + " registry does not hold, is refused at configure (retired versions only decode).";

    /** The setting {@value}. */
    public static final String ACCEPT_UNFRAMED_CONFIG = "zdict.accept.unframed";
    /** The default of {@link #ACCEPT_UNFRAMED_CONFIG}. */
    public static final boolean ACCEPT_UNFRAMED_DEFAULT = false;
    /** The description of {@link #ACCEPT_UNFRAMED_CONFIG}, as in the settings table. */
    public static final String ACCEPT_UNFRAMED_DOC = "Also accept values without a zdict prefix: bare zstd frames"
            + " are decompressed and anything else is passed through unchanged. Turn on to migrate a topic"
            + " written before zdict without stopping it; turn off once old records have expired.";

    /** The setting {@value}. */
    public static final String SUBJECT_CONFIG = "zdict.subject";
    /** The default of {@link #SUBJECT_CONFIG}. */
    public static final String SUBJECT_DEFAULT = DictionaryInfo.DEFAULT_SUBJECT;
    /** The description of {@link #SUBJECT_CONFIG}, as in the settings table. */
    public static final String SUBJECT_DOC = "The subject (lineage of dictionaries in the registry) whose active"
            + " version the serializer compresses with, when " + "zdict.subject.strategy" + " is fixed: 1 to 255 of"
            + " a-z A-Z 0-9 . _ -. Deserializers ignore it: they decode by version.";

    /** The setting {@value}. */
    public static final String SUBJECT_STRATEGY_CONFIG = "zdict.subject.strategy";
    /** {@link #SUBJECT_STRATEGY_CONFIG} value: always the subject {@link #SUBJECT_CONFIG} names. */
    public static final String SUBJECT_STRATEGY_FIXED = "fixed";
    /** {@link #SUBJECT_STRATEGY_CONFIG} value: the subject {@code TOPIC-value} (or {@code TOPIC-key}) of each record's topic. */
    public static final String SUBJECT_STRATEGY_TOPIC = "topic";
    /** The default of {@link #SUBJECT_STRATEGY_CONFIG}. */
    public static final String SUBJECT_STRATEGY_DEFAULT = SUBJECT_STRATEGY_FIXED;
    /** The description of {@link #SUBJECT_STRATEGY_CONFIG}, as in the settings table. */
    public static final String SUBJECT_STRATEGY_DOC = "How the serializer picks its subject: fixed (the subject"
            + " zdict.subject names) or topic (TOPIC-value for values, TOPIC-key for keys, Schema Registry's"
            + " TopicNameStrategy names). A record whose subject has no active version is written as plain zstd"
            + " (marker D2, counted under version \"plain\" in the metrics), never refused.";

    /** The setting {@value}. */
    public static final String DICTIONARY_CACHE_BYTES_CONFIG = "zdict.dictionary.cache.bytes";
    /** The default of {@link #DICTIONARY_CACHE_BYTES_CONFIG}. */
    public static final long DICTIONARY_CACHE_BYTES_DEFAULT = ZdictCodecBuilder.DEFAULT_DICTIONARY_CACHE_BYTES;
    /** The description of {@link #DICTIONARY_CACHE_BYTES_CONFIG}, as in the settings table. */
    public static final String DICTIONARY_CACHE_BYTES_DOC = "Bound on the native memory of the digested"
            + " dictionaries of the serializers and deserializers of one registry with these settings, which"
            + " share one cache (about a dictionary's size plus 27 KiB to"
            + " decode a version, several times its size to compress with one). Past it the least recently used"
            + " versions are freed and digested again when met again; the dictionary-cache-* metrics show it.";

    private final boolean forKey;
    // The settings read on every record, read once: AbstractConfig's getters look the key up twice and
    // mark it used in a concurrent set, which locks a bin of that set on every call.
    private final int minPayloadBytes;
    private final OptionalInt pinnedVersion;
    private final boolean acceptUnframed;
    private final String subject;
    private final boolean subjectByTopic;

    /**
     * The settings of a value serde.
     *
     * @param props the client's properties; settings not starting with {@code zdict.} are ignored
     * @throws org.apache.kafka.common.config.ConfigException naming the setting and the value when one is bad
     */
    public ZdictSerdeConfig(Map<String, ?> props) {
        this(props, false);
    }

    /**
     * The settings of a value or key serde; for a key serde, {@code zdict.key.X} overrides {@code zdict.X}.
     *
     * @param props the client's properties
     * @param forKey whether the serde handles record keys
     * @throws org.apache.kafka.common.config.ConfigException naming the setting and the value when one is bad,
     *     or when {@value #SUBJECT_CONFIG} is given with the topic strategy
     */
    public ZdictSerdeConfig(Map<String, ?> props, boolean forKey) {
        super(ZdictSerdeConfigDef.DEFINITION, forKey ? withKeyOverrides(props) : props, false);
        this.forKey = forKey;
        this.minPayloadBytes = getInt(MIN_PAYLOAD_BYTES_CONFIG);
        Integer pinned = getInt(PINNED_VERSION_CONFIG);
        this.pinnedVersion = pinned == null ? OptionalInt.empty() : OptionalInt.of(pinned);
        this.acceptUnframed = getBoolean(ACCEPT_UNFRAMED_CONFIG);
        this.subject = getString(SUBJECT_CONFIG);
        this.subjectByTopic = SUBJECT_STRATEGY_TOPIC.equals(getString(SUBJECT_STRATEGY_CONFIG));
        if (subjectByTopic && originals().containsKey(SUBJECT_CONFIG)) {
            throw new ConfigException(
                    SUBJECT_CONFIG,
                    originals().get(SUBJECT_CONFIG),
                    "it is only used with " + SUBJECT_STRATEGY_CONFIG + "=" + SUBJECT_STRATEGY_FIXED + "; with "
                            + SUBJECT_STRATEGY_TOPIC + " the subject is TOPIC-value or TOPIC-key");
        }
    }

    /** {@return a copy of the definition of every setting, for documentation and tools} */
    public static ConfigDef configDef() {
        return new ConfigDef(ZdictSerdeConfigDef.DEFINITION);
    }

    /** {@return whether these are a key serde's settings} */
    public boolean forKey() {
        return forKey;
    }

    /** {@return {@value #REGISTRY_CONFIG}: the registry location, trimmed} */
    public String registry() {
        return getString(REGISTRY_CONFIG).trim();
    }

    /**
     * The settings for a kafka:// registry: every {@value #REGISTRY_SETTINGS_PREFIX}* setting (with
     * {@code zdict.key.} overrides applied for a key serde), read by {@link KafkaRegistryConfig}; and the
     * client's own security settings ({@code security.protocol}, {@code sasl.*}, {@code ssl.*}) as {@value
     * KafkaRegistryConfig#CLIENT_PREFIX}* settings, unless the location's query or a {@value
     * KafkaRegistryConfig#CLIENT_PREFIX}* setting gives them: so a secured producer or consumer reads the
     * registry with its own identity without repeating it.
     *
     * @return a new mutable map, prefixes kept
     */
    public Map<String, Object> registrySettings() {
        Map<String, Object> settings = new HashMap<>(originalsWithPrefix(REGISTRY_SETTINGS_PREFIX, false));
        String location = registry();
        if (!KafkaLocation.isKafka(location)) {
            return settings;
        }
        Map<String, String> query = KafkaLocation.parse(location).settings();
        originals().forEach((name, value) -> {
            String forRegistry = KafkaRegistryConfig.CLIENT_PREFIX + name;
            if (isSecuritySetting(name)
                    && value != null
                    && !query.containsKey(name)
                    && !query.containsKey(forRegistry)
                    && !settings.containsKey(forRegistry)) {
                settings.put(forRegistry, value);
            }
        });
        return settings;
    }

    private static boolean isSecuritySetting(String name) {
        return name.equals(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG)
                || name.startsWith("sasl.")
                || name.startsWith("ssl.");
    }

    /** {@return {@value #INNER_SERIALIZER_CONFIG}: the inner serializer class} */
    public Class<?> innerSerializer() {
        return getClass(INNER_SERIALIZER_CONFIG);
    }

    /** {@return {@value #INNER_DESERIALIZER_CONFIG}: the inner deserializer class} */
    public Class<?> innerDeserializer() {
        return getClass(INNER_DESERIALIZER_CONFIG);
    }

    /** {@return {@value #LEVEL_CONFIG}, or empty for each dictionary's recorded level} */
    public OptionalInt level() {
        Integer level = getInt(LEVEL_CONFIG);
        return level == null ? OptionalInt.empty() : OptionalInt.of(level);
    }

    /** {@return {@value #MIN_PAYLOAD_BYTES_CONFIG}: records smaller than this are stored uncompressed} */
    public int minPayloadBytes() {
        return minPayloadBytes;
    }

    /** {@return {@value #MAX_DECOMPRESSED_BYTES_CONFIG}: the decompression limit} */
    public int maxDecompressedBytes() {
        return getInt(MAX_DECOMPRESSED_BYTES_CONFIG);
    }

    /** {@return {@value #UNKNOWN_VERSION_WAIT_MS_CONFIG}: how long to wait for an unknown version} */
    public long unknownVersionWaitMs() {
        return getLong(UNKNOWN_VERSION_WAIT_MS_CONFIG);
    }

    /** {@return {@value #PINNED_VERSION_CONFIG}, or empty to follow the active version} */
    public OptionalInt pinnedVersion() {
        return pinnedVersion;
    }

    /** {@return {@value #ACCEPT_UNFRAMED_CONFIG}: whether values without a zdict prefix are accepted} */
    public boolean acceptUnframed() {
        return acceptUnframed;
    }

    /** {@return the fixed subject ({@value #SUBJECT_CONFIG}), used when {@link #subjectByTopic()} is false} */
    public String subject() {
        return subject;
    }

    /**
     * {@return whether the subject is {@code TOPIC-value} / {@code TOPIC-key} ({@value
     * #SUBJECT_STRATEGY_CONFIG}=topic)}
     */
    public boolean subjectByTopic() {
        return subjectByTopic;
    }

    /** {@return the bound in bytes on this instance's digested dictionaries ({@value #DICTIONARY_CACHE_BYTES_CONFIG})} */
    public long dictionaryCacheBytes() {
        return getLong(DICTIONARY_CACHE_BYTES_CONFIG);
    }

    /**
     * The settings as a Markdown table (name, type, default, description), for docs/KAFKA.md; a kafka://
     * registry's settings are in {@link KafkaRegistryConfig#markdownTable()}.
     *
     * @return the table
     */
    public static String markdownTable() {
        return SettingsTable.markdown(ZdictSerdeConfigDef.DEFINITION);
    }

    private static Map<String, Object> withKeyOverrides(Map<String, ?> props) {
        Map<String, Object> merged = new HashMap<>(props);
        for (Map.Entry<String, ?> e : props.entrySet()) {
            if (e.getKey().startsWith(KEY_PREFIX)) {
                merged.put(PREFIX + e.getKey().substring(KEY_PREFIX.length()), e.getValue());
            }
        }
        return merged;
    }
}
