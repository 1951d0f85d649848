package org.zdict.kafka.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;

/**
 * The write side of one Kafka registry client, as {@code KafkaDictionaryRegistry} calls it: the methods of
 * {@link org.zdict.registry.DictionaryRegistry} that change the registry, with their contracts, and the
 * topic's own administration. The caller checks that the registry is open.
 */
public interface RegistryChanges {
    /** Creates the topic (one partition, durable) if it is missing; for a client opened to publish. */
    void ensureTopic();

    DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata);

    void activate(int version);

    void activate(int version, OptionalInt expectedActive);

    void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet);

    /** Activates {@code set} whatever its subject's active state is in the state record it replaces. */
    void activateSet(DictionarySet set);

    void retire(int version);

    void remove(int version);

    /** Restores {@code versions} with the dictionary sets the backed-up registry had active (may be empty). */
    void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets);

    /** {@return the topic settings that changed to make it durable, with their value before} */
    Map<String, String> makeTopicDurable();

    /** {@return what the purge deleted, as one line} */
    String purge();

    /** Closes the Kafka clients this write side made. Idempotent; afterwards no client is created. */
    void close();
}
