package org.zdict.kafka.internal;

/**
 * The write side of the Kafka registry, found through {@link java.util.ServiceLoader}: zdict-kafka-registry-admin
 * provides it. Without a provider on the class path a {@code KafkaDictionaryRegistry} reads only, and every
 * change fails naming the artifact to add.
 */
public interface RegistryWriterProvider {
    /** The Maven coordinates of the module that provides the write side, for messages. */
    String ARTIFACT = "org.zdict:zdict-kafka-registry-admin";

    /** {@return the write side of the client that {@code access} reads for} */
    RegistryChanges changes(RegistryAccess access);
}
