package org.zdict.kafka.internal;

import java.util.SortedSet;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.support.VersionTable;

/**
 * What a Kafka registry client has read of its topic, as the write side sees it: the version table, the
 * winning claim of each version, the state record in force, and what the lifecycle rules need. A view of
 * the reader's state, valid only inside {@link RegistryAccess#read}.
 */
public interface RegistryState {
    /** {@return the version table the records read so far give} */
    VersionTable table();

    /** {@return the key of the record that won {@code version}, or null if none did} */
    String winner(int version);

    /** {@return whether {@code version} has been active at some time, as far as the records tell} */
    boolean wasActive(int version);

    /** {@return the state record in force, {@link StateRecord#INITIAL} when the topic has none} */
    StateRecord stateRecord();

    /** {@return the offset of the state record in force, -1 when the topic has none} */
    long stateRecordOffset();

    /** {@return when {@code version} was retired by the broker's clock (epoch ms), or null if it is not retired} */
    Long retiredSince(int version);

    /** {@return the versions held from the local copy only: the topic holds no valid record of them} */
    SortedSet<Integer> localOnly();
}
