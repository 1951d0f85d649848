package org.zdict.spark;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.zdict.kafka.ZdictBytesDeserializer;
import org.zdict.kafka.ZdictBytesSerializer;
import org.zdict.kafka.ZdictSerdeConfig;
import org.zdict.registry.DictionaryRegistries;

/**
 * The serdes of this JVM (an executor, or the driver), one per function kind, registry location,
 * subject and settings, configured at their first use and closed when the JVM exits. Tasks share them (the serdes are
 * safe for many threads), and serdes that name one location share its registry through
 * {@code zdict-kafka-serde}, so a Kafka registry is followed by one consumer per executor.
 *
 * <p>A serde that cannot be configured (a registry that cannot be opened, a zstd-jni older than zdict's
 * floor) fails the call with a message naming the location without its query (which may hold
 * credentials); nothing is cached then, so a later task tries again.
 */
final class SerdeCache {
    private record Key(String function, String location, String subject, Map<String, String> settings) {}

    private static final Map<Key, AutoCloseable> OPEN = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SerdeCache::closeAll, "zdict-spark-serdes-close"));
    }

    private SerdeCache() {}

    /** The deserializer of {@code location}'s values with {@code settings}, configured on first use. */
    static ZdictBytesDeserializer deserializer(String function, String location, Map<String, String> settings) {
        return (ZdictBytesDeserializer) OPEN.computeIfAbsent(new Key(function, location, null, settings), key -> {
            ZdictBytesDeserializer deserializer = new ZdictBytesDeserializer();
            configure(function, location, settings(location, null, settings), deserializer);
            return deserializer;
        });
    }

    /**
     * The serializer into {@code subject} ({@code null}: the default subject) of {@code location} with
     * {@code settings}, configured on first use.
     */
    static ZdictBytesSerializer serializer(
            String function, String location, String subject, Map<String, String> settings) {
        return (ZdictBytesSerializer) OPEN.computeIfAbsent(new Key(function, location, subject, settings), key -> {
            ZdictBytesSerializer serializer = new ZdictBytesSerializer();
            configure(function, location, settings(location, subject, settings), serializer);
            return serializer;
        });
    }

    private static Map<String, String> settings(String location, String subject, Map<String, String> others) {
        Map<String, String> settings = new HashMap<>(others);
        settings.put(ZdictSerdeConfig.REGISTRY_CONFIG, location);
        if (subject != null) {
            settings.put(ZdictSerdeConfig.SUBJECT_CONFIG, subject);
        }
        return settings;
    }

    private static void configure(String function, String location, Map<String, String> settings, Object serde) {
        try {
            if (serde instanceof Serializer<?> serializer) {
                serializer.configure(settings, false);
            } else {
                ((Deserializer<?>) serde).configure(settings, false);
            }
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    function + " cannot use the zdict registry " + DictionaryRegistries.withoutQuery(location) + ": "
                            + withoutQuery(e.getMessage(), location),
                    e);
        }
    }

    /** {@code message} with every mention of {@code location} shortened to the location without its query. */
    static String withoutQuery(String message, String location) {
        return message == null ? "" : message.replace(location, DictionaryRegistries.withoutQuery(location));
    }

    /** How many serdes of {@code function} on {@code location} this JVM holds (any subject or settings). */
    static long open(String function, String location) {
        return OPEN.keySet().stream()
                .filter(key -> key.function().equals(function) && key.location().equals(location))
                .count();
    }

    /** Closes every serde (at JVM exit); a serde that fails to close does not keep the others open. */
    static void closeAll() {
        for (AutoCloseable serde : OPEN.values()) {
            try {
                serde.close();
            } catch (Exception e) {
                // the JVM is exiting: nothing more to do for this one
            }
        }
        OPEN.clear();
    }
}
