package org.zdict.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.VersionTable;

/**
 * What a {@link RegistryFollower} serves to readers: a registry's version table, the active version of
 * each subject, and the offset of each version's record in the topic (none for the local copy read from
 * disk before the topic). No dictionary bytes: those are in the local copy's files ({@link RegistryCache}).
 * The active versions and dictionary sets are made into {@code OptionalInt}s and {@code Optional}s once,
 * here, so that the serializer's look-up of them for each record allocates nothing.
 */
record RegistryCopy(
        VersionTable table,
        Map<String, OptionalInt> actives,
        Map<String, Optional<DictionarySet>> sets,
        Map<Integer, Long> offsets) {
    static final RegistryCopy EMPTY = of(VersionTable.EMPTY, Map.of());

    static RegistryCopy of(VersionTable table, Map<Integer, Long> offsets) {
        Map<String, OptionalInt> actives = new HashMap<>();
        table.actives().forEach((subject, version) -> actives.put(subject, OptionalInt.of(version)));
        return new RegistryCopy(table, Map.copyOf(actives), Map.copyOf(table.optionalSets()), Map.copyOf(offsets));
    }

    OptionalInt active(String subject) {
        return actives.getOrDefault(subject, OptionalInt.empty());
    }

    /** The set of {@code subject}, as a cached Optional; {@code Optional.empty()} is a shared instance. */
    Optional<DictionarySet> set(String subject) {
        return sets.getOrDefault(subject, Optional.empty());
    }

    boolean isEmpty() {
        return table.versions().isEmpty();
    }
}
