package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.VersionTable;

/**
 * Dictionary sets in the registry topic's state record ({@code setsBySubject}, docs/REGISTRY.md section
 * 4.2): written and read back, applied by the reader as one change with the fallback, and a record whose
 * set breaks the rules of docs/FORMAT.md skipped as {@code unreadable}, the state in force staying.
 */
class DictionarySetStateTest {
    private static final String ORDERS = "orders-value";

    private final RefusedRecords refused = new RefusedRecords("registry kafka://test/registry");
    private final RegistryLog log = RegistryLogTest.newLog(refused);
    private long offset;

    private void append(String key, byte[] value) {
        log.apply(offset++, key, value);
    }

    private void publish(String subject, long seed) {
        byte[] content = TestDictionaries.trained(seed);
        int version = log.table().nextVersion();
        append(
                RegistryKeys.dictionary(version, "writer"),
                RegistryRecords.write(new DictionaryRecord(
                        version, subject, Dictionary.sha256(content), 3, Instant.EPOCH, Map.of(), content)));
    }

    /** Writes the state record for {@code change} as the admin module's LifecycleWriter does. */
    private StateRecord change(UnaryOperator<VersionTable> change) {
        VersionTable before = log.table();
        StateRecord next =
                StateTransition.next(log.stateRecord(), before, change.apply(before), log.stateRecordOffset(), 0);
        append(RegistryKeys.STATE, RegistryRecords.write(next));
        return next;
    }

    private static DictionarySet set(int fallback, Map<String, Integer> members) {
        return new DictionarySet(new DictionarySet.Rule.Field("type"), fallback, members);
    }

    @Test
    void aSetIsWrittenAfterTheActiveVersionsWithoutItsFallbackAndReadBack() {
        DictionarySet set = set(2, Map.of("login", 3, "click", 1));
        StateRecord state = new StateRecord(
                4,
                0,
                Map.of(ORDERS, 2),
                new TreeSet<>(),
                new TreeSet<>(),
                new TreeSet<>(List.of(2)),
                Map.of(),
                Map.of(),
                -1,
                1,
                new TreeMap<>(Map.of(ORDERS, set)));
        String json = new String(RegistryRecords.write(state), StandardCharsets.UTF_8);
        assertTrue(
                json.contains("\"activeBySubject\":{\"orders-value\":2},\"setsBySubject\":{\"orders-value\":"
                        + "{\"rule\":\"field:type\",\"members\":{\"click\":1,\"login\":3}}},\"retired\""),
                json);
        assertEquals(state, RegistryRecords.readStateRecord(RegistryRecords.write(state)));
        assertFalse(new String(RegistryRecords.write(state.withoutSets()), StandardCharsets.UTF_8)
                .contains("setsBySubject"));
    }

    @Test
    void aStateRecordWhoseSetHasNoActiveVersionToFallBackToDoesNotParse() {
        String json = "{\"nextVersion\":3,\"active\":1,\"setsBySubject\":{\"orders-value\":"
                + "{\"rule\":\"field:type\",\"members\":{\"a\":2}}}}";
        RegistryException e = assertThrows(
                RegistryException.class, () -> RegistryRecords.readStateRecord(json.getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("'orders-value'"), e.getMessage());
        for (String bad : List.of(
                "{\"rule\":\"route:type\",\"members\":{\"a\":1}}",
                "{\"rule\":\"field:type\",\"members\":{}}",
                "{\"members\":{\"a\":1}}",
                "{\"rule\":\"field:type\",\"members\":{\"a\":\"1\"}}")) {
            byte[] value =
                    ("{\"active\":1,\"setsBySubject\":{\"default\":" + bad + "}}").getBytes(StandardCharsets.UTF_8);
            assertThrows(RegistryException.class, () -> RegistryRecords.readStateRecord(value), bad);
        }
    }

    @Test
    void aSetAndItsFallbackBecomeActiveInOneRecordAndOneVersionReplacesTheSet() {
        publish(ORDERS, 1);
        publish(ORDERS, 2);
        publish(ORDERS, 3);
        publish("default", 4);
        change(t -> t.withActive(4, "t"));
        change(t -> t.withActive(1, "t"));
        DictionarySet set = set(2, Map.of("login", 3, "click", 1));
        change(t -> t.withSet(set, OptionalInt.of(1), Optional.empty(), "t", Instant.EPOCH));

        assertEquals(OptionalInt.of(2), log.table().activeVersion(ORDERS));
        assertEquals(Optional.of(set), log.table().set(ORDERS));
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, log.table().require(1, "t").status());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, log.table().require(3, "t").status());
        assertEquals(Optional.empty(), log.table().set(DictionaryInfo.DEFAULT_SUBJECT));
        RegistryCopy copy = RegistryCopy.of(log.table(), Map.of());
        assertEquals(Optional.of(set), copy.set(ORDERS));
        assertTrue(copy.set(ORDERS) == copy.set(ORDERS), "one Optional per snapshot");

        change(t -> t.withActive(3, "t"));
        assertEquals(Optional.empty(), log.table().set(ORDERS));
        assertEquals(OptionalInt.of(3), log.table().activeVersion(ORDERS));
        for (RecordRefusal reason : RecordRefusal.values()) {
            assertEquals(0, refused.count(reason), reason.tag());
        }
    }

    @Test
    void aRecordWhoseSetNamesAVersionNotHeldRetiredOrOfAnotherSubjectIsSkippedAndTheNextAttemptCounts() {
        publish(ORDERS, 1);
        publish(ORDERS, 2);
        publish("default", 3);
        change(t -> t.withActive(1, "t"));
        change(t -> t.withRetired(2, "t"));
        StateRecord inForce = log.stateRecord();
        long inForceOffset = log.stateRecordOffset();
        for (int member : List.of(2, 3, 9)) {
            StateRecord bad = new StateRecord(
                    inForce.nextVersion(),
                    inForce.active(),
                    inForce.activeBySubject(),
                    inForce.retired(),
                    inForce.removed(),
                    inForce.everActive(),
                    inForce.retiredAt(),
                    inForce.activatedAt(),
                    inForceOffset,
                    inForce.nextSequence(),
                    new TreeMap<>(Map.of(ORDERS, set(1, Map.of("login", member)))));
            append(RegistryKeys.STATE, RegistryRecords.write(bad));
            assertEquals(inForceOffset, log.stateRecordOffset(), "member " + member);
            assertEquals(Optional.empty(), log.table().set(ORDERS));
        }
        assertEquals(3, refused.count(RecordRefusal.UNREADABLE));

        // A writer computes from the state in force, so its next record replaces it.
        publish(ORDERS, 4);
        DictionarySet set = set(1, Map.of("login", 4));
        change(t -> t.withSet(set, OptionalInt.of(1), Optional.empty(), "t", Instant.EPOCH));
        assertEquals(Optional.of(set), log.table().set(ORDERS));
        assertEquals(3, refused.count(RecordRefusal.UNREADABLE));
    }

    @Test
    void theWriterRefusesASetThatBreaksTheRulesBeforeWritingAnything() {
        publish(ORDERS, 1);
        publish(ORDERS, 2);
        publish("default", 3);
        change(t -> t.withActive(1, "t"));
        long before = offset;
        assertThrows(
                RegistryException.class,
                () -> change(t -> t.withSet(set(1, Map.of("a", 3)), OptionalInt.of(1), Optional.empty(), "t", null)));
        RegistryException stale = assertThrows(
                RegistryException.class,
                () -> change(t -> t.withSet(set(1, Map.of("a", 2)), OptionalInt.of(2), Optional.empty(), "t", null)));
        assertEquals(RegistryException.Kind.ACTIVE_VERSION_CHANGED, stale.kind());
        assertEquals(before, offset);
    }
}
