package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.zdict.RegistryException;
import org.zdict.internal.DictionaryContent;
import org.zdict.kafka.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.RegistryRecords.StateRecord;
import org.zdict.registry.DictionaryStatus;

class RegistryLogTest {
    private static byte[] dict(int version, long seed) {
        byte[] content = TestDictionaries.trained(seed);
        return RegistryRecords.write(new DictionaryRecord(
                version,
                "default",
                DictionaryContent.sha256(content),
                3,
                Instant.EPOCH,
                Map.of("seed", "" + seed),
                content));
    }

    private static byte[] state(int next, int active, long basedOn, Integer... retired) {
        return RegistryRecords.write(new StateRecord(
                next,
                active,
                Map.of(),
                new TreeSet<>(java.util.List.of(retired)),
                new TreeSet<>(),
                new TreeSet<>(),
                Map.of(),
                basedOn));
    }

    @Test
    void theFirstClaimOfAVersionWins() {
        RegistryLog log = new RegistryLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/1/b", dict(1, 2));
        assertEquals("dict/1/a", log.winner(1));
        assertEquals(
                DictionaryContent.sha256(TestDictionaries.trained(1)),
                log.table().versions().get(1).sha256());
        assertEquals(Map.of(1, 0L), log.offsets());
        assertEquals(2, log.table().nextVersion());
        log.apply(2, "dict/1/b", null); // the loser's tombstone changes nothing
        assertEquals(Map.of(1, 0L), log.offsets());
    }

    @Test
    void handsOutTheBytesOfEachWonVersionOnceAndKeepsOnlyItsFacts() {
        RegistryLog log = new RegistryLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/1/b", dict(1, 2)); // lost: its bytes are never handed out
        log.apply(2, "dict/2/a", dict(2, 2));
        Map<Integer, byte[]> taken = log.takeNewContents();
        assertEquals(java.util.Set.of(1, 2), taken.keySet());
        assertArrayEquals(TestDictionaries.trained(1), taken.get(1));
        assertArrayEquals(TestDictionaries.trained(2), taken.get(2));
        assertTrue(log.takeNewContents().isEmpty(), "handed out once, then not held");
        assertEquals(
                TestDictionaries.trained(2).length,
                log.table().versions().get(2).size());
        assertEquals(Map.of(1, 0L, 2, 2L), log.offsets());
    }

    @Test
    void aStateRecordBasedOnAStaleStateIsIgnored() {
        RegistryLog log = new RegistryLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/2/a", dict(2, 2));
        log.apply(2, RegistryKeys.STATE, state(3, 1, -1));
        log.apply(3, RegistryKeys.STATE, state(3, 2, -1)); // raced with offset 2 and lost
        assertEquals(OptionalInt.of(1), log.table().activeVersion());
        log.apply(4, RegistryKeys.STATE, state(3, 2, 2, 1));
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
        assertEquals(DictionaryStatus.RETIRED, log.table().versions().get(1).status());
    }

    @Test
    void afterCompactionTheSurvivingStateRecordCounts() {
        RegistryLog log = new RegistryLog();
        log.apply(5, "dict/2/a", dict(2, 2));
        log.apply(9, RegistryKeys.STATE, state(3, 2, 7));
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
        assertEquals(3, log.table().nextVersion(), "version 1, compacted away, is never reused");
    }

    @Test
    void removedVersionsDisappearAndKeepTheirNumber() {
        RegistryLog log = new RegistryLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/2/a", dict(2, 2));
        log.apply(
                2,
                RegistryKeys.STATE,
                RegistryRecords.write(new StateRecord(
                        3,
                        2,
                        Map.of(),
                        new TreeSet<>(),
                        new TreeSet<>(java.util.List.of(1)),
                        new TreeSet<>(),
                        Map.of(),
                        -1)));
        log.apply(3, "dict/1/a", null);
        assertTrue(log.table().versions().containsKey(2));
        assertEquals(1, log.table().versions().size());
        assertEquals(3, log.table().nextVersion());
    }

    @Test
    void refusesAnUnreadableRecordWithAClearMessage() {
        RegistryException e =
                assertThrows(RegistryException.class, () -> new RegistryLog().apply(0, "dict/1/a", "{oops".getBytes()));
        assertTrue(e.getMessage().contains("Unreadable dictionary record"), e.getMessage());
    }
}
