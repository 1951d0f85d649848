package org.zdict.registry;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.zdict.RegistryException;

/**
 * The one way to open a registry: from a location string (a folder path, {@code classpath:FOLDER}, or
 * any scheme a {@link RegistryProvider} on the classpath adds, {@code kafka://HOST:PORT/TOPIC} with
 * zdict-kafka-serde), a folder ({@link #openFolder}), or in memory ({@link #inMemory}). Stateless: safe
 * to call from any thread.
 */
public final class DictionaryRegistries {
    /** {@code xyz://}: a location that means a scheme, never a folder. */
    private static final Pattern URL_SCHEME = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]+://).*");

    private DictionaryRegistries() {}

    /** Every provider on the classpath, the folder provider first, then by scheme. */
    private static final class Providers {
        static final List<RegistryProvider> ALL = load();

        private static List<RegistryProvider> load() {
            List<RegistryProvider> providers = new ArrayList<>();
            ServiceLoader.load(RegistryProvider.class, RegistryProvider.class.getClassLoader())
                    .forEach(providers::add);
            providers.sort(Comparator.comparing(RegistryProvider::scheme));
            return List.copyOf(providers);
        }
    }

    /**
     * Opens the existing registry at {@code location}; the caller closes it.
     *
     * @param location a folder path, {@code classpath:FOLDER}, or another provider's form such as {@code
     *     kafka://HOST:PORT/TOPIC}
     * @return the registry, open
     * @param settings settings for the registry's provider, for example a Kafka registry's client settings
     * @throws RegistryException of kind {@code BAD_LOCATION} naming the location when no provider accepts
     *     it, of kind {@code NOT_FOUND} if there is no registry there
     */
    public static DictionaryRegistry open(String location, Map<String, ?> settings) {
        return provider(location).open(location.trim(), settings, false);
    }

    /**
     * Opens the registry at {@code location}, creating it if there is none (for publishers); the caller
     * closes it.
     *
     * @param location a folder path, {@code classpath:FOLDER}, or another provider's form
     * @param settings settings for the registry's provider
     * @return the registry, open
     * @throws RegistryException of kind {@code BAD_LOCATION} naming the location when no provider accepts
     *     it
     */
    public static DictionaryRegistry openOrCreate(String location, Map<String, ?> settings) {
        return provider(location).open(location.trim(), settings, true);
    }

    /**
     * Opens (creating if needed) the registry kept in folder {@code dir}: one file per version ({@code
     * v000001.dict}, the raw zstd dictionary) and {@code manifest.json}, every file written atomically,
     * changes serialised across processes with a lock on {@code .lock}. Changes made by another process
     * are picked up without a restart, checked at most once a second (off the threads that compress and
     * decompress, which never wait for the folder) and whenever an unknown version is asked for. Safe for
     * concurrent use by many threads, and by many processes on one folder. Closing it is optional.
     *
     * @param dir the registry folder
     * @return the registry, open
     * @throws org.zdict.RegistryException if the folder cannot be created or its manifest read
     */
    public static DictionaryRegistry openFolder(Path dir) {
        return DirectoryDictionaryRegistry.open(dir);
    }

    /**
     * Like {@link #openFolder(Path)}, checking the folder for changes by other processes at most once per
     * {@code refreshInterval}, and dating publications and lifecycle changes with {@code clock}.
     *
     * @param dir the registry folder
     * @param refreshInterval how often, at most, to check the folder for changes by other processes
     * @param clock the clock that dates publications and retirements
     * @return the registry, open
     * @throws org.zdict.RegistryException if the folder cannot be created or its manifest read
     */
    public static DictionaryRegistry openFolder(Path dir, Duration refreshInterval, Clock clock) {
        return new DirectoryDictionaryRegistry(dir, refreshInterval, clock);
    }

    /**
     * {@return an empty registry held in memory, dating publications with the system clock: for tests,
     * tools, and services that load their dictionaries themselves; nothing outlives it}
     */
    public static DictionaryRegistry inMemory() {
        return new InMemoryDictionaryRegistry();
    }

    /**
     * {@return an empty registry held in memory that dates publications and lifecycle changes with {@code
     * clock}}
     *
     * @param clock the clock that dates publications and retirements
     */
    public static DictionaryRegistry inMemory(Clock clock) {
        return new InMemoryDictionaryRegistry(clock);
    }

    /**
     * Checks {@code location} without opening anything.
     *
     * @param location a location in any of the accepted forms
     * @return its canonical spelling, the same for every spelling of one registry
     * @throws RegistryException of kind {@code BAD_LOCATION} naming the location when no provider accepts
     *     it
     */
    public static String canonical(String location) {
        return provider(location).canonical(location.trim());
    }

    /**
     * {@return {@code location} as messages and reports show it: without the query string of a {@code
     * scheme://} location, which may hold secrets (a SASL JAAS config, a key password), so {@code
     * kafka://h:9092/t?sasl.jaas.config=...} shows as {@code kafka://h:9092/t?...}; folders and {@code
     * classpath:} locations as they are}
     *
     * @param location a location as given, or null
     */
    public static String withoutQuery(String location) {
        if (location == null || !location.contains("://")) {
            return location;
        }
        int question = location.indexOf('?');
        return question < 0 ? location : location.substring(0, question) + "?...";
    }

    /** {@return the accepted forms, for messages: {@code "a folder path, classpath:FOLDER or kafka://..."}} */
    public static String forms() {
        List<String> forms = Providers.ALL.stream().map(RegistryProvider::form).toList();
        if (forms.size() <= 1) {
            return String.join("", forms);
        }
        return String.join(", ", forms.subList(0, forms.size() - 1)) + " or " + forms.get(forms.size() - 1);
    }

    private static RegistryProvider provider(String location) {
        if (location == null || location.isBlank()) {
            throw RegistryException.badLocation(String.valueOf(location), "empty; give " + forms());
        }
        String trimmed = location.trim();
        RegistryProvider fallback = null;
        for (RegistryProvider provider : Providers.ALL) {
            if (provider.scheme().isEmpty()) {
                fallback = provider;
            } else if (trimmed.regionMatches(
                    true, 0, provider.scheme(), 0, provider.scheme().length())) {
                return provider;
            }
        }
        Matcher scheme = URL_SCHEME.matcher(trimmed);
        if (scheme.matches()) {
            throw RegistryException.badLocation(location, "unknown scheme '" + scheme.group(1) + "'; give " + forms());
        }
        if (fallback == null) {
            throw RegistryException.badLocation(location, "not a location this classpath can open; give " + forms());
        }
        return fallback;
    }
}
