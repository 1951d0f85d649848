package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;

class RegistryRecordsTest {

    @Test
    void stateRecordsHandOutSetsThatCannotBeChanged() {
        SortedSet<Integer> retired = new TreeSet<>(List.of(2));
        StateRecord state = new StateRecord(
                4,
                1,
                Map.of(),
                retired,
                new TreeSet<>(List.of(3)),
                new TreeSet<>(List.of(1)),
                Map.of(2, 5L),
                Map.of(),
                -1,
                -1);
        retired.add(9);
        assertEquals(new TreeSet<>(List.of(2)), state.retired(), "the record kept the caller's set");
        assertThrows(UnsupportedOperationException.class, () -> state.retired().add(9));
        assertThrows(UnsupportedOperationException.class, () -> state.removed().clear());
        assertThrows(
                UnsupportedOperationException.class, () -> state.everActive().add(4));
        assertThrows(
                UnsupportedOperationException.class, () -> state.retiredAt().put(4, 1L));
    }

    @Test
    void stateRecordsReadBackAsWritten() {
        StateRecord state = new StateRecord(
                4,
                1,
                Map.of("clicks", 3),
                new TreeSet<>(List.of(2)),
                new TreeSet<>(),
                new TreeSet<>(List.of(1, 2, 3)),
                Map.of(2, 5L),
                Map.of(1, 7L, 3, 8L),
                12,
                -1);
        assertEquals(state, RegistryRecords.readStateRecord(RegistryRecords.write(state)));
    }

    @Test
    void dictionaryKeysNameTheirVersionAndNothingElseDoes() {
        assertEquals(7, RegistryKeys.versionOf(RegistryKeys.dictionary(7, "writer")));
        assertEquals(-1, RegistryKeys.versionOf(RegistryKeys.STATE));
        assertEquals(-1, RegistryKeys.versionOf("dict/0/writer"));
        assertEquals(-1, RegistryKeys.versionOf("dict/seven/writer"));
        assertEquals(-1, RegistryKeys.versionOf(null));
    }
}
