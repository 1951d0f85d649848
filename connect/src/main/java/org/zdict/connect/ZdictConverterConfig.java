package org.zdict.connect;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.storage.Converter;
import org.zdict.kafka.ZdictSerdeConfig;

/**
 * The settings of {@link ZdictConverter}, as Connect hands them over: the worker or connector settings
 * under {@code key.converter.} or {@code value.converter.}, with that prefix removed. The {@code zdict.}
 * settings are the serde's ({@link ZdictSerdeConfig}, the same names and meaning) plus {@value
 * #INNER_CONVERTER_CONFIG}; every other setting belongs to the inner converter. Immutable once built, so
 * safe to share between threads.
 */
public final class ZdictConverterConfig extends AbstractConfig {
    /** The setting {@value}. */
    public static final String INNER_CONVERTER_CONFIG = "zdict.inner.converter";
    /** The description of {@link #INNER_CONVERTER_CONFIG}, as in the settings table. */
    public static final String INNER_CONVERTER_DOC = "The Converter that turns Connect data into bytes before"
            + " compression and decompressed bytes back into Connect data: JsonConverter, StringConverter,"
            + " ByteArrayConverter or any Converter class. It is configured with every setting that does not"
            + " start with '" + ZdictSerdeConfig.PREFIX + "'.";

    /** Serde settings that a converter does not use: it wraps a converter, not a (de)serializer. */
    private static final Set<String> NOT_FOR_CONVERTERS =
            Set.of(ZdictSerdeConfig.INNER_SERIALIZER_CONFIG, ZdictSerdeConfig.INNER_DESERIALIZER_CONFIG);

    private static final ConfigDef DEFINITION = definition();

    private final boolean forKey;

    /**
     * Reads and checks the converter's settings.
     *
     * @param props the settings Connect hands the converter, prefix removed
     * @param forKey whether the converter handles record keys
     * @throws org.apache.kafka.common.config.ConfigException naming the setting and the value when one is bad or
     *     {@value #INNER_CONVERTER_CONFIG} is missing or not a Converter
     */
    public ZdictConverterConfig(Map<String, ?> props, boolean forKey) {
        super(DEFINITION, props, false);
        this.forKey = forKey;
    }

    /**
     * Every setting: {@value #INNER_CONVERTER_CONFIG} and the serde's settings (which come from {@link
     * ZdictSerdeConfig#configDef()}, so a setting the serde gains is a converter setting too).
     *
     * @return a copy of the definition
     */
    public static ConfigDef configDef() {
        return new ConfigDef(DEFINITION);
    }

    private static ConfigDef definition() {
        ConfigDef definition = new ConfigDef()
                .define(
                        INNER_CONVERTER_CONFIG,
                        Type.CLASS,
                        ConfigDef.NO_DEFAULT_VALUE,
                        ZdictConverterConfig::checkInnerConverter,
                        Importance.HIGH,
                        INNER_CONVERTER_DOC);
        for (ConfigDef.ConfigKey key : ZdictSerdeConfig.configDef().configKeys().values()) {
            if (!NOT_FOR_CONVERTERS.contains(key.name)) {
                definition.define(key);
            }
        }
        return definition;
    }

    /** {@return whether these are a key converter's settings} */
    public boolean forKey() {
        return forKey;
    }

    /** {@return {@value #INNER_CONVERTER_CONFIG}: the inner converter class} */
    public Class<?> innerConverter() {
        return getClass(INNER_CONVERTER_CONFIG);
    }

    /** {@return what the inner converter is configured with: every setting outside {@code zdict.}, in a new map} */
    public Map<String, Object> innerSettings() {
        Map<String, Object> settings = new HashMap<>();
        originals().forEach((name, value) -> {
            if (!name.startsWith(ZdictSerdeConfig.PREFIX)) {
                settings.put(name, value);
            }
        });
        return settings;
    }

    /**
     * {@return what the zdict serializer and deserializer are configured with: every {@code zdict.} setting,
     * and {@code client.id} if set (the {@code client-id} tag of their metrics, as a producer's or consumer's
     * id tags a serde's), in a new map}
     */
    public Map<String, Object> serdeSettings() {
        Map<String, Object> settings = new HashMap<>();
        originals().forEach((name, value) -> {
            if ((name.startsWith(ZdictSerdeConfig.PREFIX) && !name.equals(INNER_CONVERTER_CONFIG))
                    || name.equals(CommonClientConfigs.CLIENT_ID_CONFIG)) {
                settings.put(name, value);
            }
        });
        return settings;
    }

    private static void checkInnerConverter(String name, Object value) {
        if (value == null) {
            return;
        }
        Class<?> type = (Class<?>) value;
        if (!Converter.class.isAssignableFrom(type)) {
            throw new ConfigException(
                    name,
                    type.getName(),
                    "not a " + Converter.class.getName() + " (for example "
                            + "org.apache.kafka.connect.json.JsonConverter or"
                            + " org.apache.kafka.connect.storage.StringConverter)");
        }
        if (ZdictConverter.class.isAssignableFrom(type)) {
            throw new ConfigException(name, type.getName(), "a zdict converter cannot wrap another one");
        }
    }
}
