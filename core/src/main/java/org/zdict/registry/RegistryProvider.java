package org.zdict.registry;

import java.util.Map;

/**
 * Opens the registries of one kind of location, such as {@code kafka://HOST:PORT/TOPIC}. Found through
 * {@link java.util.ServiceLoader} (a {@code META-INF/services/org.zdict.registry.RegistryProvider} file in
 * the module that owns the scheme); applications call {@link DictionaryRegistries}, not providers.
 * Implementations must be stateless or thread-safe: one instance serves every thread of the JVM.
 */
public interface RegistryProvider {

    /**
     * How this provider's locations start, for example {@code "kafka://"} or {@code "classpath:"}; empty
     * for the folder provider, which takes every location that no other provider claims.
     *
     * @return the scheme prefix, or empty
     */
    String scheme();

    /** {@return what a location of this provider looks like, for messages: {@code "classpath:FOLDER"}} */
    String form();

    /**
     * Checks {@code location} (which starts with {@link #scheme()}, in any case) without opening anything.
     *
     * @param location a location of this provider's scheme
     * @return its canonical spelling: two locations that name the same registry spell the same
     * @throws org.zdict.RegistryException of kind {@code BAD_LOCATION} naming the location when it is not
     *     of this provider's form
     */
    String canonical(String location);

    /**
     * Opens the registry at {@code location}; the caller closes it.
     *
     * @param location a location of this provider's scheme
     * @return the registry, open
     * @param settings settings for the registry (for a Kafka registry, its client settings); a provider
     *     ignores those it does not know
     * @param create whether to create the registry when there is none; a reader passes false
     * @throws org.zdict.RegistryException of kind {@code BAD_LOCATION} naming the location when it is not
     *     of this provider's form, of kind {@code NOT_FOUND} if there is no registry and {@code create} is
     *     false
     */
    DictionaryRegistry open(String location, Map<String, ?> settings, boolean create);
}
