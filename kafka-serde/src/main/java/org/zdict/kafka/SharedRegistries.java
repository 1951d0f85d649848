package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The registries open in this JVM, one per location <em>and</em> registry settings, shared by every serde
 * that names both and closed when the last one lets go. A producer and a consumer in one service therefore
 * follow a Kafka registry with one background consumer, not two; two connectors with different
 * credentials for the same location each read it through their own identity.
 *
 * <p>A registry is opened outside any JVM-wide lock: a registry that cannot be reached (a Kafka registry
 * waits up to its start-up timeout) delays only the serdes that name it with the same settings, which
 * wait for that one opening instead of starting their own.
 */
final class SharedRegistries {
    private static final Map<Key, Entry> OPEN = new HashMap<>();

    /**
     * What makes two serdes share a registry: the canonical location and every registry setting, by value
     * (a {@link Password}'s value, so two equal credentials compare equal). Held only in memory.
     */
    private record Key(String location, Map<String, String> settings) {
        static Key of(String canonicalLocation, Map<String, Object> settings) {
            Map<String, String> values = new TreeMap<>();
            settings.forEach(
                    (name, value) -> values.put(name, value instanceof Password p ? p.value() : String.valueOf(value)));
            return new Key(canonicalLocation, values);
        }

        @Override
        public String toString() {
            return DictionaryRegistries.withoutQuery(location); // never the settings: they may hold secrets
        }
    }

    /** One opened (or opening) registry and how many serdes hold it; guarded by {@code OPEN}. */
    private static final class Entry {
        final FutureTask<DictionaryRegistry> opening;
        int users;

        Entry(FutureTask<DictionaryRegistry> opening) {
            this.opening = opening;
        }
    }

    private SharedRegistries() {}

    /** A hold on a shared registry; closing it (idempotent) lets go. */
    static final class Lease implements AutoCloseable {
        private final Key key;
        private final Entry entry;
        private final DictionaryRegistry registry;
        private boolean released;

        private Lease(Key key, Entry entry, DictionaryRegistry registry) {
            this.key = key;
            this.entry = entry;
            this.registry = registry;
        }

        DictionaryRegistry registry() {
            return registry;
        }

        @Override
        public void close() {
            synchronized (OPEN) {
                if (released) {
                    return;
                }
                released = true;
            }
            release(key, entry);
        }
    }

    /**
     * Takes a hold on the registry {@code config} names with its registry settings, opening it if no serde
     * holds it yet, or waiting for the opening another serde started.
     *
     * @throws ConfigException naming {@value ZdictSerdeConfig#REGISTRY_CONFIG} if the location is bad or
     *     holds no registry
     * @throws RegistryException if the registry cannot be read (unreachable, access denied)
     */
    static Lease acquire(ZdictSerdeConfig config) {
        String location = config.registry();
        String canonical = canonical(location);
        Map<String, Object> settings = config.registrySettings();
        Key key = Key.of(canonical, settings);
        Entry entry;
        boolean opener;
        synchronized (OPEN) {
            entry = OPEN.get(key);
            opener = entry == null;
            if (opener) {
                entry = new Entry(new FutureTask<>(() -> open(location, settings)));
                OPEN.put(key, entry);
            }
            entry.users++;
        }
        if (opener) {
            entry.opening.run();
        }
        try {
            return new Lease(key, entry, await(entry));
        } catch (RuntimeException e) {
            release(key, entry);
            throw e;
        }
    }

    /** How many serdes hold a registry at {@code location}, whatever their settings (0 if none is open), for tests. */
    static int users(String location) {
        String canonical = canonical(location);
        synchronized (OPEN) {
            return OPEN.entrySet().stream()
                    .filter(e -> e.getKey().location().equals(canonical))
                    .mapToInt(e -> e.getValue().users)
                    .sum();
        }
    }

    /** How many registries for {@code location} are open (one per distinct settings), for tests. */
    static int clients(String location) {
        String canonical = canonical(location);
        synchronized (OPEN) {
            return (int) OPEN.keySet().stream()
                    .filter(key -> key.location().equals(canonical))
                    .count();
        }
    }

    private static DictionaryRegistry await(Entry entry) {
        try {
            return entry.opening.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RegistryException("Interrupted while waiting for another serde to open the registry", e);
        }
    }

    /**
     * Lets go of {@code entry}; the last user closes its registry. A failed opening is forgotten at once,
     * so the next serde tries again.
     */
    private static void release(Key key, Entry entry) {
        DictionaryRegistry toClose = null;
        synchronized (OPEN) {
            entry.users--;
            boolean failed = entry.opening.isDone() && opened(entry) == null;
            if ((entry.users == 0 || failed) && OPEN.get(key) == entry) {
                OPEN.remove(key);
            }
            if (entry.users == 0 && !failed) {
                toClose = opened(entry);
            }
        }
        if (toClose != null) {
            toClose.close();
        }
    }

    /** The registry {@code entry} opened, or null if it failed or is still opening. */
    private static DictionaryRegistry opened(Entry entry) {
        if (!entry.opening.isDone()) {
            return null;
        }
        try {
            return entry.opening.get();
        } catch (ExecutionException | InterruptedException e) {
            return null;
        }
    }

    private static String canonical(String location) {
        try {
            return DictionaryRegistries.canonical(location);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            throw new ConfigException(
                    ZdictSerdeConfig.REGISTRY_CONFIG, DictionaryRegistries.withoutQuery(location), e.reason());
        }
    }

    private static DictionaryRegistry open(String location, Map<String, Object> settings) {
        try {
            return DictionaryRegistries.open(location, settings);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION && e.kind() != RegistryException.Kind.NOT_FOUND) {
                throw e;
            }
            throw new ConfigException(
                    ZdictSerdeConfig.REGISTRY_CONFIG, DictionaryRegistries.withoutQuery(location), e.reason());
        }
    }
}
