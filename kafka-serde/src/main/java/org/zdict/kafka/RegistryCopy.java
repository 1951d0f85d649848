package org.zdict.kafka;

import java.util.Map;
import java.util.OptionalInt;
import org.zdict.internal.ActiveVersions;
import org.zdict.internal.VersionTable;

/**
 * What a {@link RegistryFollower} serves to readers: a registry's version table, the active version of
 * each subject, and the offset of each version's record in the topic (none for the local copy read from
 * disk before the topic). No dictionary bytes: those are in the local copy's files ({@link RegistryCache}).
 */
record RegistryCopy(VersionTable table, Map<String, Integer> actives, Map<Integer, Long> offsets) {
    static final RegistryCopy EMPTY = of(VersionTable.EMPTY, Map.of());

    static RegistryCopy of(VersionTable table, Map<Integer, Long> offsets) {
        return new RegistryCopy(table, table.actives(), Map.copyOf(offsets));
    }

    OptionalInt active(String subject) {
        Integer active = actives.get(subject);
        return ActiveVersions.of(active);
    }

    boolean isEmpty() {
        return table.versions().isEmpty();
    }
}
