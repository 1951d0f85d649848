package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.zdict.RegistryLocationException;
import org.zdict.RegistryNotFoundException;
import org.zdict.internal.Locations;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The registries open in this JVM, one per location, shared by every serde that names it and closed
 * when the last one lets go. A producer and a consumer in one service therefore follow a Kafka registry
 * with one background consumer, not two.
 */
final class SharedRegistries {
    private static final Map<String, Entry> OPEN = new HashMap<>();

    private static final class Entry {
        final DictionaryRegistry registry;
        int users;

        Entry(DictionaryRegistry registry) {
            this.registry = registry;
        }
    }

    private SharedRegistries() {}

    /** A hold on a shared registry; closing it (idempotent) lets go. */
    static final class Lease implements AutoCloseable {
        private final String key;
        private final DictionaryRegistry registry;
        private boolean released;

        private Lease(String key, DictionaryRegistry registry) {
            this.key = key;
            this.registry = registry;
        }

        DictionaryRegistry registry() {
            return registry;
        }

        @Override
        public void close() {
            synchronized (SharedRegistries.class) {
                if (released) {
                    return;
                }
                released = true;
                release(key);
            }
        }
    }

    /**
     * Takes a hold on the registry {@code config} names, opening it if no serde holds it yet.
     *
     * @throws ConfigException naming {@value ZdictSerdeConfig#REGISTRY_CONFIG} if the location is bad or
     *     holds no registry
     */
    static synchronized Lease acquire(ZdictSerdeConfig config) {
        String location = config.registry();
        String key = canonical(location);
        Entry entry = OPEN.get(key);
        if (entry == null) {
            entry = new Entry(open(location, config));
            OPEN.put(key, entry);
        }
        entry.users++;
        return new Lease(key, entry.registry);
    }

    /** How many serdes hold the registry at {@code location} (0 if it is not open), for tests. */
    static synchronized int users(String location) {
        Entry entry = OPEN.get(canonical(location));
        return entry == null ? 0 : entry.users;
    }

    private static void release(String key) {
        Entry entry = OPEN.get(key);
        if (entry == null || --entry.users > 0) {
            return;
        }
        OPEN.remove(key);
        entry.registry.close();
    }

    private static String canonical(String location) {
        try {
            return DictionaryRegistries.canonical(location);
        } catch (RegistryLocationException e) {
            throw new ConfigException(ZdictSerdeConfig.REGISTRY_CONFIG, Locations.withoutQuery(location), e.reason());
        }
    }

    private static DictionaryRegistry open(String location, ZdictSerdeConfig config) {
        Map<String, Object> settings = config.registrySettings();
        try {
            return DictionaryRegistries.open(location, settings);
        } catch (RegistryLocationException e) {
            throw new ConfigException(ZdictSerdeConfig.REGISTRY_CONFIG, Locations.withoutQuery(location), e.reason());
        } catch (RegistryNotFoundException e) {
            throw new ConfigException(
                    ZdictSerdeConfig.REGISTRY_CONFIG, Locations.withoutQuery(location), e.getMessage());
        }
    }
}
