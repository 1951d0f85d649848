package org.zdict.kafka;

import static org.zdict.kafka.ZdictSerdeConfig.*;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.zdict.RegistryException;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The {@link ConfigDef} of {@link ZdictSerdeConfig}: one entry per setting, from the setting's {@code
 * X_CONFIG}, {@code X_DEFAULT} and {@code X_DOC} constants, with the checks that word a bad value. The
 * settings table of docs/KAFKA.md is written from it ({@link ZdictSerdeConfig#markdownTable()}).
 */
final class ZdictSerdeConfigDef {
    static final ConfigDef DEFINITION = new ConfigDef()
            .define(
                    REGISTRY_CONFIG,
                    Type.STRING,
                    ConfigDef.NO_DEFAULT_VALUE,
                    ZdictSerdeConfigDef::checkRegistry,
                    Importance.HIGH,
                    REGISTRY_DOC)
            .define(
                    INNER_SERIALIZER_CONFIG,
                    Type.CLASS,
                    INNER_SERIALIZER_DEFAULT,
                    Importance.HIGH,
                    INNER_SERIALIZER_DOC)
            .define(
                    INNER_DESERIALIZER_CONFIG,
                    Type.CLASS,
                    INNER_DESERIALIZER_DEFAULT,
                    Importance.HIGH,
                    INNER_DESERIALIZER_DOC)
            .define(LEVEL_CONFIG, Type.INT, null, ZdictSerdeConfigDef::checkLevel, Importance.MEDIUM, LEVEL_DOC)
            .define(
                    MIN_PAYLOAD_BYTES_CONFIG,
                    Type.INT,
                    MIN_PAYLOAD_BYTES_DEFAULT,
                    ConfigDef.Range.atLeast(0),
                    Importance.MEDIUM,
                    MIN_PAYLOAD_BYTES_DOC)
            .define(
                    MAX_DECOMPRESSED_BYTES_CONFIG,
                    Type.INT,
                    MAX_DECOMPRESSED_BYTES_DEFAULT,
                    ConfigDef.Range.atLeast(1),
                    Importance.MEDIUM,
                    MAX_DECOMPRESSED_BYTES_DOC)
            .define(
                    UNKNOWN_VERSION_WAIT_MS_CONFIG,
                    Type.LONG,
                    UNKNOWN_VERSION_WAIT_MS_DEFAULT,
                    ConfigDef.Range.atLeast(0),
                    Importance.MEDIUM,
                    UNKNOWN_VERSION_WAIT_MS_DOC)
            .define(
                    PINNED_VERSION_CONFIG,
                    Type.INT,
                    null,
                    ZdictSerdeConfigDef::checkPinnedVersion,
                    Importance.LOW,
                    PINNED_VERSION_DOC)
            .define(
                    ACCEPT_UNFRAMED_CONFIG,
                    Type.BOOLEAN,
                    ACCEPT_UNFRAMED_DEFAULT,
                    Importance.MEDIUM,
                    ACCEPT_UNFRAMED_DOC)
            .define(
                    SUBJECT_CONFIG,
                    Type.STRING,
                    SUBJECT_DEFAULT,
                    ZdictSerdeConfigDef::checkSubject,
                    Importance.MEDIUM,
                    SUBJECT_DOC)
            .define(
                    SUBJECT_STRATEGY_CONFIG,
                    Type.STRING,
                    SUBJECT_STRATEGY_DEFAULT,
                    ConfigDef.ValidString.in(SUBJECT_STRATEGY_FIXED, SUBJECT_STRATEGY_TOPIC),
                    Importance.MEDIUM,
                    SUBJECT_STRATEGY_DOC)
            .define(
                    DICTIONARY_CACHE_BYTES_CONFIG,
                    Type.LONG,
                    DICTIONARY_CACHE_BYTES_DEFAULT,
                    ConfigDef.Range.atLeast(1),
                    Importance.LOW,
                    DICTIONARY_CACHE_BYTES_DOC);

    private ZdictSerdeConfigDef() {}

    private static void checkLevel(String name, Object value) {
        if (value == null) {
            return;
        }
        int level = (Integer) value;
        if (level < ZdictCodecBuilder.MIN_LEVEL || level > ZdictCodecBuilder.MAX_LEVEL || level == 0) {
            throw new ConfigException(
                    name,
                    value,
                    "a zstd level must be " + ZdictCodecBuilder.MIN_LEVEL + ".." + ZdictCodecBuilder.MAX_LEVEL
                            + " and not 0");
        }
    }

    private static void checkRegistry(String name, Object value) {
        if (value == null) {
            return;
        }
        try {
            DictionaryRegistries.canonical((String) value);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            // Never the query as given: it may hold secrets (a SASL JAAS config).
            throw new ConfigException(name, DictionaryRegistries.withoutQuery((String) value), e.reason());
        }
    }

    private static void checkSubject(String name, Object value) {
        if (!DictionaryRegistry.isValidSubject((String) value)) {
            throw new ConfigException(
                    name,
                    value,
                    "a subject name is 1 to 255 characters from a-z A-Z 0-9 . _ - ("
                            + DictionaryRegistry.SUBJECT_PATTERN + ")");
        }
    }

    private static void checkPinnedVersion(String name, Object value) {
        if (value != null && (Integer) value <= 0) {
            throw new ConfigException(name, value, "dictionary versions are positive");
        }
    }
}
