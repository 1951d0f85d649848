package org.zdict.registry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.zdict.RegistryLocationException;
import org.zdict.RegistryNotFoundException;

/**
 * The one way to open a registry from a location string: a folder path, {@code classpath:FOLDER}, or
 * any scheme a {@link RegistryProvider} on the classpath adds ({@code kafka://HOST:PORT/TOPIC} with
 * zdict-kafka-serde). Stateless: safe to call from any thread.
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
     * @throws RegistryLocationException naming the location when no provider accepts it
     * @throws RegistryNotFoundException if there is no registry there
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
     * @throws RegistryLocationException naming the location when no provider accepts it
     */
    public static DictionaryRegistry openOrCreate(String location, Map<String, ?> settings) {
        return provider(location).open(location.trim(), settings, true);
    }

    /**
     * Checks {@code location} without opening anything.
     *
     * @param location a location in any of the accepted forms
     * @return its canonical spelling, the same for every spelling of one registry
     * @throws RegistryLocationException naming the location when no provider accepts it
     */
    public static String canonical(String location) {
        return provider(location).canonical(location.trim());
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
            throw new RegistryLocationException(String.valueOf(location), "empty; give " + forms());
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
            throw new RegistryLocationException(location, "unknown scheme '" + scheme.group(1) + "'; give " + forms());
        }
        if (fallback == null) {
            throw new RegistryLocationException(location, "not a location this classpath can open; give " + forms());
        }
        return fallback;
    }
}
