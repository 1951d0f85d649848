package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

class RegistryLogTest {
    /** The remove grace of the logs made here, and the time of their clock. */
    static final long GRACE_MS = 1_000_000;

    static final long NOW = 50_000_000;

    /** A log with a remove grace of {@link #GRACE_MS} and a clock stopped at {@link #NOW}. */
    static RegistryLog newLog() {
        return newLog(new RefusedRecords("registry kafka://test/registry"));
    }

    static RegistryLog newLog(RefusedRecords refused) {
        return new RegistryLog(refused, GRACE_MS, Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC));
    }

    private record Entry(long time, String key, byte[] value) {}

    private final RefusedRecords refused = new RefusedRecords("registry kafka://test/registry");
    private final RegistryLog log = newLog(refused);
    private final List<Entry> topic = new ArrayList<>();
    private long offset;

    /** Appends a record to {@link #log} at the next offset, stamped by the broker at {@link #NOW}. */
    private void append(String key, byte[] value) {
        append(NOW, key, value);
    }

    /** Appends a record to {@link #log} at the next offset, stamped by the broker at {@code time}. */
    private void append(long time, String key, byte[] value) {
        log.apply(offset++, time, key, value);
        topic.add(new Entry(time, key, value));
    }

    /** A new log that reads the records appended so far with its clock at {@code nowMillis}. */
    private RegistryLog replay(long nowMillis) {
        RegistryLog replay = new RegistryLog(
                new RefusedRecords("replay"), GRACE_MS, Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC));
        for (int i = 0; i < topic.size(); i++) {
            replay.apply(
                    i, topic.get(i).time(), topic.get(i).key(), topic.get(i).value());
        }
        return replay;
    }

    /**
     * Appends the state record a legitimate writer would write for {@code change}, with its own clock and
     * the broker's at {@code atMillis}.
     */
    private void change(UnaryOperator<VersionTable> change, long atMillis) {
        VersionTable before = log.table();
        StateRecord next = StateTransition.next(
                log.stateRecord(), before, change.apply(before), log.stateRecordOffset(), atMillis);
        append(atMillis, RegistryKeys.STATE, RegistryRecords.write(next));
    }

    /** Appends a state record based on the one in force, as anyone could write it. */
    private void forgeState(
            int active,
            Set<Integer> retired,
            Set<Integer> removed,
            Set<Integer> everActive,
            Map<Integer, Long> retiredAt) {
        append(
                RegistryKeys.STATE,
                RegistryRecords.write(new StateRecord(
                        log.table().nextVersion(),
                        active,
                        Map.of(),
                        new TreeSet<>(retired),
                        new TreeSet<>(removed),
                        new TreeSet<>(everActive),
                        retiredAt,
                        Map.of(),
                        log.stateRecordOffset(),
                        -1)));
    }

    /** Publishes versions 1 and 2, activates 1, then 2 (1 becomes available, once active). */
    private void twoVersionsTheSecondActive() {
        append("dict/1/a", dict(1, 1));
        append("dict/2/a", dict(2, 2));
        change(t -> t.withActive(1, "t"), NOW - 3 * GRACE_MS);
        change(t -> t.withActive(2, "t"), NOW - 3 * GRACE_MS);
    }

    private Map<RecordRefusal, Long> counts() {
        return countsOf(refused);
    }

    private static Map<RecordRefusal, Long> countsOf(RefusedRecords refused) {
        Map<RecordRefusal, Long> counts = new EnumMap<>(RecordRefusal.class);
        for (RecordRefusal reason : RecordRefusal.values()) {
            if (refused.count(reason) > 0) {
                counts.put(reason, refused.count(reason));
            }
        }
        return counts;
    }

    private static byte[] dict(int version, long seed) {
        byte[] content = TestDictionaries.trained(seed);
        return RegistryRecords.write(new DictionaryRecord(
                version, "default", Dictionary.sha256(content), 3, Instant.EPOCH, Map.of("seed", "" + seed), content));
    }

    @Test
    void aCopyOfTheTopicWhoseOffsetsDifferIsFollowedLikeTheOriginal() {
        twoVersionsTheSecondActive(); // offsets 0-3: two versions, two state records
        // A copy made after compaction dropped the first state record (as MirrorMaker 2 copies a compacted
        // topic): every later record sits one offset lower there, so their basedOn names no record of it.
        RegistryLog copy = newLog();
        long copyOffset = 0;
        for (int i = 0; i < topic.size(); i++) {
            if (i != 2) {
                copy.apply(
                        copyOffset++,
                        topic.get(i).time(),
                        topic.get(i).key(),
                        topic.get(i).value());
            }
        }
        append("dict/3/a", dict(3, 3));
        change(t -> t.withActive(3, "t"), NOW - 2 * GRACE_MS);
        change(t -> t.withRetired(1, "t", Instant.ofEpochMilli(NOW - GRACE_MS)), NOW - GRACE_MS);
        Entry lastChange = topic.get(topic.size() - 1);
        copy.apply(copyOffset++, NOW, "dict/3/a", topic.get(topic.size() - 3).value());
        copy.apply(
                copyOffset++,
                NOW - 2 * GRACE_MS,
                RegistryKeys.STATE,
                topic.get(topic.size() - 2).value());
        copy.apply(copyOffset++, lastChange.time(), RegistryKeys.STATE, lastChange.value());
        copy.apply(copyOffset++, NOW, RegistryKeys.STATE, lastChange.value()); // copied twice: counts once

        assertEquals(log.table(), copy.table());
        assertEquals(3, copy.table().activeVersion().getAsInt());
        assertEquals(
                DictionaryInfo.Status.RETIRED, copy.table().versions().get(1).status());

        // A writer that lost the compare-and-publish (it computed from the state before the last change)
        // still loses in the copy.
        StateRecord inForce = log.stateRecord();
        StateRecord loser = StateTransition.next(
                new StateRecord(
                        inForce.nextVersion(),
                        2,
                        Map.of(),
                        new TreeSet<>(),
                        new TreeSet<>(),
                        new TreeSet<>(Set.of(1, 2)),
                        Map.of(),
                        Map.of(),
                        inForce.basedOn(),
                        inForce.sequence() - 1),
                log.table(),
                log.table().withActive(2, "t"),
                inForce.basedOn(),
                NOW);
        append(RegistryKeys.STATE, RegistryRecords.write(loser));
        copy.apply(copyOffset, RegistryKeys.STATE, RegistryRecords.write(loser));
        assertEquals(3, log.table().activeVersion().getAsInt());
        assertEquals(3, copy.table().activeVersion().getAsInt());
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
                Map.of(),
                basedOn,
                -1));
    }

    @Test
    void theFirstClaimOfAVersionWins() {
        RegistryLog log = RegistryLogTest.newLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/1/b", dict(1, 2));
        assertEquals("dict/1/a", log.winner(1));
        assertEquals(
                Dictionary.sha256(TestDictionaries.trained(1)),
                log.table().versions().get(1).sha256());
        assertEquals(Map.of(1, 0L), log.offsets());
        assertEquals(2, log.table().nextVersion());
        log.apply(2, "dict/1/b", null); // the loser's tombstone changes nothing
        assertEquals(Map.of(1, 0L), log.offsets());
    }

    @Test
    void handsOutTheBytesOfEachWonVersionOnceAndKeepsOnlyItsFacts() {
        RegistryLog log = RegistryLogTest.newLog();
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
        RegistryLog log = RegistryLogTest.newLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/2/a", dict(2, 2));
        log.apply(2, RegistryKeys.STATE, state(3, 1, -1));
        log.apply(3, RegistryKeys.STATE, state(3, 2, -1)); // raced with offset 2 and lost
        assertEquals(OptionalInt.of(1), log.table().activeVersion());
        log.apply(4, RegistryKeys.STATE, state(3, 2, 2, 1));
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
        assertEquals(
                DictionaryInfo.Status.RETIRED, log.table().versions().get(1).status());
    }

    @Test
    void afterCompactionTheSurvivingStateRecordCounts() {
        RegistryLog log = RegistryLogTest.newLog();
        log.apply(5, "dict/2/a", dict(2, 2));
        log.apply(9, RegistryKeys.STATE, state(3, 2, 7));
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
        assertEquals(3, log.table().nextVersion(), "version 1, compacted away, is never reused");
    }

    @Test
    void removedVersionsDisappearAndKeepTheirNumber() {
        RegistryLog log = newLog();
        log.apply(0, "dict/1/a", dict(1, 1));
        log.apply(1, "dict/2/a", dict(2, 2));
        log.apply(2, RegistryKeys.STATE, state(3, 2, -1, 1));
        log.apply(
                3,
                RegistryKeys.STATE,
                RegistryRecords.write(new StateRecord(
                        3,
                        2,
                        Map.of(),
                        new TreeSet<>(),
                        new TreeSet<>(java.util.List.of(1)),
                        new TreeSet<>(),
                        Map.of(),
                        Map.of(),
                        2,
                        -1)));
        log.apply(4, "dict/1/a", null);
        assertTrue(log.table().versions().containsKey(2));
        assertEquals(1, log.table().versions().size());
        assertEquals(3, log.table().nextVersion());
    }

    @Test
    void skipsAndCountsValuesThatAreNotRecords() {
        append("dict/1/a", dict(1, 1));
        append(RegistryKeys.STATE, "not json".getBytes(StandardCharsets.UTF_8));
        append("dict/2/a", "{oops".getBytes(StandardCharsets.UTF_8));
        append("dict/2/b", "{\"version\": 2}".getBytes(StandardCharsets.UTF_8)); // no bytes, no hash
        append("dict/2/c", "[1, 2]".getBytes(StandardCharsets.UTF_8));
        append("dict/2/d", dict(3, 3)); // version 3 under a key of version 2
        assertEquals(Map.of(RecordRefusal.UNREADABLE, 5L), counts());
        assertEquals(Set.of(1), log.table().versions().keySet());
        assertEquals(-1, log.stateRecordOffset());
        assertEquals(2, log.table().nextVersion(), "no skipped record claimed a number");
        append("dict/2/e", dict(2, 2));
        assertEquals(Set.of(1, 2), log.table().versions().keySet(), "the log goes on past them");
    }

    @Test
    void skipsAValueLargerThanAnyRecordWithoutReadingIt() {
        byte[] huge = new byte[RegistryRecords.MAX_VALUE_BYTES * 3 / 4 + 1];
        System.arraycopy(TestDictionaries.trained(1), 0, huge, 0, 1000);
        byte[] value = RegistryRecords.write(
                new DictionaryRecord(1, "default", Dictionary.sha256(huge), 3, Instant.EPOCH, Map.of(), huge));
        assertTrue(value.length > RegistryRecords.MAX_VALUE_BYTES, "a valid record, only too large");
        append("dict/1/huge", value);
        assertEquals(Map.of(RecordRefusal.TOO_LARGE, 1L), counts());
        assertEquals(null, log.winner(1));
        assertTrue(log.takeNewContents().isEmpty(), "nothing kept");
        append("dict/1/a", dict(1, 1));
        assertEquals("dict/1/a", log.winner(1));
    }

    @Test
    void aLaterClaimWithOtherBytesIsIgnoredAndCounted() {
        append("dict/1/a", dict(1, 1));
        append("dict/1/b", dict(1, 2));
        append("dict/1/c", dict(1, 1)); // the same bytes again: harmless, not counted
        assertEquals(Map.of(RecordRefusal.VERSION_TAKEN, 1L), counts());
        assertEquals("dict/1/a", log.winner(1));
        assertEquals(
                Dictionary.sha256(TestDictionaries.trained(1)),
                log.table().versions().get(1).sha256());
        Map<Integer, byte[]> contents = log.takeNewContents();
        assertEquals(Set.of(1), contents.keySet());
        assertArrayEquals(TestDictionaries.trained(1), contents.get(1));
    }

    @Test
    void aRecordWhoseBytesDoNotMatchItsHashClaimsNothing() {
        byte[] content = TestDictionaries.trained(2);
        byte[] forged = RegistryRecords.write(new DictionaryRecord(
                1, "default", Dictionary.sha256(TestDictionaries.trained(1)), 3, Instant.EPOCH, Map.of(), content));
        append("dict/1/forged", forged);
        assertEquals(Map.of(RecordRefusal.HASH_MISMATCH, 1L), counts());
        assertEquals(null, log.winner(1));
        assertEquals(1, log.table().nextVersion(), "the number stays free");
        append("dict/1/publisher", dict(1, 1)); // a publisher's record after it wins the number
        assertEquals("dict/1/publisher", log.winner(1));
        assertEquals(Map.of(1, 1L), log.offsets());
    }

    @Test
    void recordsUnderKeysOfNoKnownShapeAreSkipped() {
        append("dict/1/a", dict(1, 1));
        append("config", dict(2, 2));
        append(null, dict(2, 2));
        append("dict/two/a", dict(2, 2));
        append("dict/2/" + "w".repeat(300), dict(2, 2));
        append("nothing", null);
        assertEquals(Map.of(RecordRefusal.UNKNOWN_KEY, 5L), counts());
        assertEquals(Set.of(1), log.table().versions().keySet());
        assertEquals(2, log.table().nextVersion());
    }

    @Test
    void aTombstoneOnAWinningRecordCountsOnlyOnceTheStateRemovedItsVersion() {
        twoVersionsTheSecondActive();
        append("dict/2/a", null); // the active version
        append("dict/1/a", null); // available, once active
        assertEquals(Map.of(RecordRefusal.EARLY_TOMBSTONE, 2L), counts());
        assertEquals(Set.of(1, 2), log.table().versions().keySet());
        assertEquals(OptionalInt.of(2), log.table().activeVersion());

        change(t -> t.withRetired(1, "t"), NOW - 2 * GRACE_MS);
        change(t -> t.withRemoved(1, "t"), NOW);
        assertEquals(Set.of(2), log.table().versions().keySet());
        append("dict/1/a", null); // as LifecycleWriter.remove writes it, after the state record
        assertEquals(Map.of(RecordRefusal.EARLY_TOMBSTONE, 2L), counts(), "honoured, not counted");
        assertEquals(Map.of(2, 1L), log.offsets());
    }

    @Test
    void aStateRecordCannotRemoveTheActiveVersion() {
        twoVersionsTheSecondActive();
        forgeState(0, Set.of(), Set.of(2), Set.of(1, 2), Map.of());
        long forged = offset - 1;
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        assertEquals(Set.of(1, 2), log.table().versions().keySet());
        // the rest of the record applies: no version is active, both still decode
        assertEquals(OptionalInt.empty(), log.table().activeVersion());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, log.table().versions().get(2).status());
        // it is the state in force, without the removal, so the next writer neither repeats the removal
        // nor breaks the compare-and-publish chain
        assertEquals(forged, log.stateRecordOffset());
        assertEquals(Set.of(), log.stateRecord().removed());
        change(t -> t.withActive(2, "t"), NOW);
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
        assertEquals(forged + 1, log.stateRecordOffset());
    }

    @Test
    void aStateRecordCannotRemoveAnAvailableVersion() {
        append("dict/1/a", dict(1, 1));
        change(t -> t.withRetired(1, "t"), NOW); // a first state record
        append("dict/2/a", dict(2, 2)); // never active, never retired
        forgeState(0, Set.of(1), Set.of(2), Set.of(), Map.of(1, NOW));
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        assertEquals(
                DictionaryInfo.Status.AVAILABLE, log.table().versions().get(2).status());
        // retired first, it can be removed by the next record: it was never active, so no grace
        change(t -> t.withRetired(2, "t"), NOW);
        change(t -> t.withRemoved(2, "t"), NOW);
        assertEquals(Set.of(1), log.table().versions().keySet());
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
    }

    @Test
    void aOnceActiveVersionIsRemovedOnlyAfterTheGrace() {
        twoVersionsTheSecondActive();
        change(t -> t.withRetired(1, "t"), NOW - GRACE_MS + 1);
        change(t -> t.withRemoved(1, "t"), NOW);
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        DictionaryInfo kept = log.table().versions().get(1);
        assertEquals(DictionaryInfo.Status.RETIRED, kept.status(), "it keeps its retirement");
        assertEquals(Instant.ofEpochMilli(NOW - GRACE_MS + 1), kept.retiredAt().orElseThrow());
        assertEquals(Set.of(1), log.stateRecord().retired());
        assertEquals(Map.of(1, NOW + 1), log.pendingRemovals(), "removable from its retirement plus the grace");

        // the grace runs on the broker's time: a reader opened later, by any clock, reads the same
        RegistryLog later = replay(NOW + 10 * GRACE_MS);
        assertEquals(Set.of(1, 2), later.table().versions().keySet());
        // a removal the broker appends once the grace is over counts
        change(t -> t.withRemoved(1, "t"), NOW + 1);
        assertEquals(Set.of(2), log.table().versions().keySet());
        assertEquals(Map.of(), log.pendingRemovals());
    }

    @Test
    void aBackdatedRetirementDoesNotShortenTheGrace() {
        twoVersionsTheSecondActive();
        // a writer says version 1 was retired in 1970, then removes it at once: two records, back to back
        forgeState(2, Set.of(1), Set.of(), Set.of(1, 2), Map.of(1, 0L));
        forgeState(2, Set.of(), Set.of(1), Set.of(1, 2), Map.of());
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        DictionaryInfo kept = log.table().versions().get(1);
        assertEquals(DictionaryInfo.Status.RETIRED, kept.status());
        assertEquals(Instant.EPOCH, kept.retiredAt().orElseThrow(), "shown as recorded");
        assertEquals(Map.of(1, NOW + GRACE_MS), log.pendingRemovals(), "the grace runs from the broker's time");
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), replayCounts(NOW + 10 * GRACE_MS));
    }

    @Test
    void aVersionFromTheLocalCopyOutlivesItsRecord() {
        twoVersionsTheSecondActive();
        RegistryLog restarted = replay(NOW);
        // what a restarted reader finds after a tombstone or a garbage value on version 2's key, and compaction
        RegistryLog seeded = new RegistryLog(new RefusedRecords("seeded"), GRACE_MS, Clock.systemUTC());
        seeded.seed(restarted.table().list());
        for (int i = 0; i < topic.size(); i++) {
            if (!topic.get(i).key().startsWith("dict/2/")) {
                seeded.apply(
                        i, topic.get(i).time(), topic.get(i).key(), topic.get(i).value());
            }
        }
        assertEquals(Set.of(1, 2), seeded.table().versions().keySet());
        assertEquals(OptionalInt.of(2), seeded.table().activeVersion());
        assertEquals(Set.of(2), seeded.localOnly());
        assertEquals(Set.of(1), seeded.offsets().keySet(), "no record to read version 2 from");
        assertEquals(3, seeded.table().nextVersion(), "its number is not claimed again");

        // a later claim of its number with other bytes loses; the same bytes put it back in the topic
        seeded.apply(100, NOW, "dict/2/b", dict(2, 22));
        assertEquals(Set.of(2), seeded.localOnly());
        seeded.apply(101, NOW, "dict/2/c", dict(2, 2));
        assertEquals(Set.of(), seeded.localOnly());
        assertEquals(101L, seeded.offsets().get(2));
    }

    @Test
    void aVersionFromTheLocalCopyGoesOnlyWithARemovalTheRulesAccept() {
        twoVersionsTheSecondActive();
        RegistryLog seeded = new RegistryLog(new RefusedRecords("seeded"), GRACE_MS, Clock.systemUTC());
        seeded.seed(log.table().list());
        // a state record that removes the active version is refused, as for a version the topic holds
        seeded.apply(0, NOW, RegistryKeys.STATE, RegistryRecords.write(log.stateRecord()));
        StateRecord forged =
                StateTransition.next(log.stateRecord(), log.table(), log.table().withRetired(1, "t"), 0, NOW);
        seeded.apply(1, NOW, RegistryKeys.STATE, RegistryRecords.write(forged));
        seeded.apply(
                2,
                NOW,
                RegistryKeys.STATE,
                RegistryRecords.write(StateTransition.next(
                        forged, seeded.table(), seeded.table().withRemoved(1, "t"), 1, NOW)));
        assertEquals(Set.of(1, 2), seeded.table().versions().keySet());

        // the first state record of a topic rewritten by a purge removes what it names
        RegistryLog afterPurge = new RegistryLog(new RefusedRecords("purged"), GRACE_MS, Clock.systemUTC());
        afterPurge.seed(log.table().list());
        StateRecord purged = new StateRecord(
                3,
                2,
                Map.of(),
                new TreeSet<>(),
                new TreeSet<>(Set.of(1)),
                new TreeSet<>(Set.of(1, 2)),
                Map.of(),
                Map.of(),
                -1,
                7);
        afterPurge.apply(0, NOW, RegistryKeys.STATE, RegistryRecords.write(purged));
        assertEquals(Set.of(2), afterPurge.table().versions().keySet());
    }

    @Test
    void aStateRecordThatForgetsAVersionWasActiveDoesNotShortenItsGrace() {
        twoVersionsTheSecondActive();
        // retired long ago, says the record, which also leaves version 1 out of everActive
        forgeState(2, Set.of(1), Set.of(), Set.of(2), Map.of(1, NOW - GRACE_MS + 1));
        assertTrue(log.wasActive(1));
        forgeState(2, Set.of(), Set.of(1), Set.of(2), Map.of());
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        assertEquals(
                DictionaryInfo.Status.RETIRED, log.table().versions().get(1).status());
    }

    private Map<RecordRefusal, Long> replayCounts(long nowMillis) {
        RefusedRecords replayed = new RefusedRecords("replay");
        RegistryLog replay =
                new RegistryLog(replayed, GRACE_MS, Clock.fixed(Instant.ofEpochMilli(nowMillis), ZoneOffset.UTC));
        for (int i = 0; i < topic.size(); i++) {
            replay.apply(
                    i, topic.get(i).time(), topic.get(i).key(), topic.get(i).value());
        }
        return countsOf(replayed);
    }

    @Test
    void theFirstStateRecordAReaderMeetsRemovesNoVersionItHolds() {
        append("dict/1/a", dict(1, 1));
        append("dict/2/a", dict(2, 2));
        forgeState(2, Set.of(1), Set.of(1), Set.of(), Map.of(1, 0L));
        assertEquals(Map.of(RecordRefusal.EARLY_REMOVAL, 1L), counts());
        assertEquals(Set.of(1, 2), log.table().versions().keySet());
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
    }

    @Test
    void aTombstoneOnTheStateRecordIsIgnored() {
        twoVersionsTheSecondActive();
        long state = log.stateRecordOffset();
        append(RegistryKeys.STATE, null);
        assertEquals(Map.of(RecordRefusal.STATE_TOMBSTONE, 1L), counts());
        assertEquals(state, log.stateRecordOffset());
        assertEquals(OptionalInt.of(2), log.table().activeVersion());
    }

    @Test
    void everyRefusalReasonHasItsOwnTagAndRule() {
        Set<String> tags = new java.util.HashSet<>();
        for (RecordRefusal reason : RecordRefusal.values()) {
            assertTrue(tags.add(reason.tag()), reason.tag());
            assertTrue(reason.tag().matches("[a-z-]+"), reason.tag());
            assertTrue(reason.rule().length() > 20, reason.rule());
        }
    }
}
