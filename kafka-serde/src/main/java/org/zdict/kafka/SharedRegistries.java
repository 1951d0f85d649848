package org.zdict.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.common.config.ConfigException;
import org.zdict.RegistryException;
import org.zdict.internal.RegistryFolder;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DirectoryDictionaryRegistry;

/**
 * The registries open in this JVM, one per location, shared by every serde that names it and closed
 * when the last one lets go. A producer and a consumer in one service therefore follow a Kafka registry
 * with one background consumer, not two.
 */
final class SharedRegistries {
    private static final Map<String, Entry> OPEN = new HashMap<>();

    private static final class Entry {
        final DictionaryRegistry registry;
        final Path temporaryCopy;
        int users;

        Entry(DictionaryRegistry registry, Path temporaryCopy) {
            this.registry = registry;
            this.temporaryCopy = temporaryCopy;
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

    static synchronized Lease acquire(ZdictSerdeConfig config) {
        RegistryLocation location = config.registryLocation();
        String key = location.toString();
        Entry entry = OPEN.get(key);
        if (entry == null) {
            entry = open(location, config);
            OPEN.put(key, entry);
        }
        entry.users++;
        return new Lease(key, entry.registry);
    }

    /** How many serdes hold the registry at {@code location} (0 if it is not open), for tests. */
    static synchronized int users(String location) {
        Entry entry = OPEN.get(RegistryLocation.parse(location).toString());
        return entry == null ? 0 : entry.users;
    }

    private static void release(String key) {
        Entry entry = OPEN.get(key);
        if (entry == null || --entry.users > 0) {
            return;
        }
        OPEN.remove(key);
        entry.registry.close();
        if (entry.temporaryCopy != null) {
            deleteQuietly(entry.temporaryCopy);
        }
    }

    private static Entry open(RegistryLocation location, ZdictSerdeConfig config) {
        return switch (location.kind()) {
            case DIRECTORY -> {
                Path dir = Path.of(location.path());
                if (!Files.isRegularFile(dir.resolve(RegistryFolder.MANIFEST))) {
                    throw new ConfigException(
                            ZdictSerdeConfig.REGISTRY_CONFIG,
                            location.toString(),
                            "no registry there (no " + RegistryFolder.MANIFEST
                                    + "); publish a dictionary to it first, e.g. zdict train --registry " + dir);
                }
                yield new Entry(DirectoryDictionaryRegistry.open(dir), null);
            }
            case KAFKA -> {
                Map<String, Object> client = new HashMap<>(location.clientConfig());
                client.putAll(config.registryClientConfig());
                config.registryCacheDir().ifPresent(dir -> client.put(KafkaDictionaryRegistry.CACHE_DIR_CONFIG, dir));
                client.put(KafkaDictionaryRegistry.INIT_TIMEOUT_MS_CONFIG, config.registryInitTimeoutMs());
                yield new Entry(
                        KafkaDictionaryRegistry.open(location.bootstrapServers(), location.path(), client), null);
            }
            case CLASSPATH -> openClasspath(location);
        };
    }

    /** Copies manifest.json and the dictionaries it lists from the classpath into a temporary folder. */
    private static Entry openClasspath(RegistryLocation location) {
        Path copy = null;
        try {
            copy = Files.createTempDirectory("zdict-classpath-registry-");
            String manifest = location.path() + "/" + RegistryFolder.MANIFEST;
            if (!copyResource(manifest, copy.resolve(RegistryFolder.MANIFEST))) {
                throw new ConfigException(
                        ZdictSerdeConfig.REGISTRY_CONFIG,
                        location.toString(),
                        "no resource " + manifest + " on the classpath");
            }
            DirectoryDictionaryRegistry registry = DirectoryDictionaryRegistry.open(copy);
            for (DictionaryInfo info : registry.list()) {
                String file = RegistryFolder.fileName(info.version());
                if (!copyResource(location.path() + "/" + file, copy.resolve(file))) {
                    throw new RegistryException("Classpath registry " + location + " lists version " + info.version()
                            + " but has no resource " + location.path() + "/" + file);
                }
            }
            return new Entry(registry, copy);
        } catch (IOException e) {
            deleteQuietly(copy);
            throw new RegistryException("Cannot read the classpath registry " + location + ": " + e, e);
        } catch (RuntimeException e) {
            deleteQuietly(copy);
            throw e;
        }
    }

    private static boolean copyResource(String name, Path target) throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = SharedRegistries.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                return false;
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return true;
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind is harmless
        }
    }
}
