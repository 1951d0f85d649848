package org.zdict.kafka;

import java.util.Map;
import java.util.OptionalInt;
import org.zdict.internal.VersionTable;

/**
 * A copy of a registry's contents: its version table, the active version of each subject, and the bytes of each
 * version. What the local copy on disk holds, and what a {@link RegistryFollower} serves to readers.
 */
record RegistryCopy(VersionTable table, Map<String, Integer> actives, Map<Integer, byte[]> contents) {
    static final RegistryCopy EMPTY = of(VersionTable.EMPTY, Map.of());

    static RegistryCopy of(VersionTable table, Map<Integer, byte[]> contents) {
        return new RegistryCopy(table, table.actives(), Map.copyOf(contents));
    }

    OptionalInt active(String subject) {
        Integer active = actives.get(subject);
        return active == null ? OptionalInt.empty() : OptionalInt.of(active);
    }

    boolean isEmpty() {
        return table.versions().isEmpty();
    }
}
