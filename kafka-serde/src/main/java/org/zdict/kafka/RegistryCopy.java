package org.zdict.kafka;

import java.util.Map;
import java.util.OptionalInt;
import org.zdict.internal.VersionTable;

/**
 * A copy of a registry's contents: its version table, the active version, and the bytes of each
 * version. What the local copy on disk holds, and what a {@link RegistryFollower} serves to readers.
 */
record RegistryCopy(VersionTable table, OptionalInt active, Map<Integer, byte[]> contents) {
    static final RegistryCopy EMPTY = of(VersionTable.EMPTY, Map.of());

    static RegistryCopy of(VersionTable table, Map<Integer, byte[]> contents) {
        return new RegistryCopy(table, table.activeVersion(), Map.copyOf(contents));
    }

    boolean isEmpty() {
        return table.versions().isEmpty();
    }
}
