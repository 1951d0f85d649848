package org.zdict.kafka.admin;

import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryChanges;
import org.zdict.kafka.internal.RegistryWriterProvider;

/**
 * The write side of {@code org.zdict.kafka.KafkaDictionaryRegistry}: with this module on the class path, a
 * Kafka registry publishes, changes versions, restores, purges and creates its topic. Found through {@link
 * java.util.ServiceLoader}; nothing calls it directly.
 */
public final class KafkaRegistryWriterProvider implements RegistryWriterProvider {
    @Override
    public RegistryChanges changes(RegistryAccess access) {
        return new RegistryWriter(access);
    }
}
