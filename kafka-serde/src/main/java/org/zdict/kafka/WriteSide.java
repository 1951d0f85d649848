package org.zdict.kafka;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryChanges;
import org.zdict.kafka.internal.RegistryWriterProvider;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;

/**
 * Finds the write side of a {@link KafkaDictionaryRegistry} ({@link RegistryWriterProvider}, in
 * zdict-kafka-registry-admin). Without it the registry reads only: every change throws {@link
 * UnsupportedOperationException} naming the artifact to add, and nothing is written.
 */
final class WriteSide {
    /** How many unusable providers are skipped at most before the registry is taken as read-only. */
    private static final int MAX_SKIPPED = 8;

    private static final Logger LOG = LoggerFactory.getLogger(WriteSide.class);

    private WriteSide() {}

    /**
     * The write side found on this module's class path, or one that refuses every change. A provider that
     * another class loader defined is skipped: a Connect plugin's loader also sees the services of the
     * worker's class path, whose classes implement another copy of the interface.
     */
    static RegistryChanges of(RegistryAccess access) {
        Iterator<RegistryWriterProvider> providers = ServiceLoader.load(
                        RegistryWriterProvider.class, KafkaDictionaryRegistry.class.getClassLoader())
                .iterator();
        for (int skipped = 0; skipped < MAX_SKIPPED; skipped++) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                return providers.next().changes(access);
            } catch (ServiceConfigurationError notOurs) {
                LOG.debug("Skipped a registry writer provider this class loader cannot use: {}", notOurs.toString());
            }
        }
        return new ReadOnly(access.where());
    }

    /** The write side of a registry whose class path lacks the admin module. */
    private record ReadOnly(String where) implements RegistryChanges {
        private UnsupportedOperationException refused(String change) {
            return new UnsupportedOperationException("Cannot " + change + " in the " + where + ": this client reads"
                    + " only; add " + RegistryWriterProvider.ARTIFACT + " to the class path to change a Kafka"
                    + " registry");
        }

        @Override
        public void ensureTopic() {
            throw refused("create the topic");
        }

        @Override
        public DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
            throw refused("publish a version");
        }

        @Override
        public void activate(int version) {
            throw refused("activate version " + version);
        }

        @Override
        public void activate(int version, OptionalInt expectedActive) {
            throw refused("activate version " + version);
        }

        @Override
        public void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
            throw refused("activate a dictionary set");
        }

        @Override
        public void activateSet(DictionarySet set) {
            throw refused("activate a dictionary set");
        }

        @Override
        public void retire(int version) {
            throw refused("retire version " + version);
        }

        @Override
        public void remove(int version) {
            throw refused("remove version " + version);
        }

        @Override
        public void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
            throw refused("restore a backup");
        }

        @Override
        public Map<String, String> makeTopicDurable() {
            throw refused("change the topic's settings");
        }

        @Override
        public String purge() {
            throw refused("purge the topic");
        }

        @Override
        public void close() {}
    }
}
