package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.admin.RegistryTopicAudit;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.registry.Dictionary;

class RegistryTopicAuditTest {
    private final RegistryTopicAudit audit = new RegistryTopicAudit();
    private long offset;

    private void append(String key, byte[] value) {
        audit.apply(offset++, key, value);
    }

    private static byte[] content(int seed) {
        return ("dictionary bytes " + seed).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] dict(int version, int seed) {
        return dict(version, seed, Dictionary.sha256(content(seed)));
    }

    private static byte[] dict(int version, int seed, String sha256) {
        return RegistryRecords.write(
                new DictionaryRecord(version, "default", sha256, 3, Instant.EPOCH, Map.of(), content(seed)));
    }

    private static byte[] state(
            int nextVersion, int active, Set<Integer> retired, Set<Integer> removed, long sequence) {
        return RegistryRecords.write(new StateRecord(
                nextVersion,
                active,
                Map.of(),
                new TreeSet<>(retired),
                new TreeSet<>(removed),
                new TreeSet<>(active > 0 ? Set.of(active) : Set.of()),
                Map.of(),
                Map.of(),
                -1,
                sequence));
    }

    @Test
    void theFirstValidClaimOfEachNumberWins() {
        append("dict/1/a", dict(1, 1, "0".repeat(64))); // its bytes do not have the SHA-256 it states
        append("dict/1/b", dict(1, 2));
        append("dict/1/c", dict(1, 3)); // a later claim with other bytes
        append("dict/2/a", "not json".getBytes(StandardCharsets.UTF_8));
        append("dict/2/b", dict(2, 4));

        assertEquals(List.of(1, 2), List.copyOf(audit.claims().keySet()));
        assertEquals("dict/1/b", audit.claims().get(1).key());
        assertEquals(1, audit.claims().get(1).offset());
        assertEquals(Dictionary.sha256(content(4)), audit.claims().get(2).sha256());
        assertEquals(Map.of("hash-mismatch", 1L, "version-taken", 1L, "unreadable", 1L), Map.copyOf(audit.skipped()));
        assertEquals(Set.of(), audit.missing());
    }

    @Test
    void aNumberTheStateGaveOutWithoutARecordIsMissingUnlessRemoved() {
        // As a compacted topic reads after a tombstone on version 2's record and a compaction.
        append("dict/1/a", dict(1, 1));
        append("dict/3/a", dict(3, 3));
        append(RegistryKeys.STATE, state(5, 2, Set.of(1), Set.of(3), 1));

        assertEquals(Set.of(2, 4), audit.missing());
        assertEquals("active", audit.status(2));
        assertEquals("available", audit.status(4));
        assertEquals("retired", audit.status(1));
        assertEquals(Set.of(3), audit.removed());
        assertEquals(2, audit.stateOffset());
    }

    @Test
    void aLaterRecordUnderAWinningKeyIsReportedWithItsOffset() {
        append("dict/1/a", dict(1, 1));
        append("dict/2/a", dict(2, 2));
        append("dict/1/a", null);
        append("dict/2/a", "garbage".getBytes(StandardCharsets.UTF_8));
        append("dict/1/a", null);

        assertEquals(2, audit.claims().get(1).overwrittenAt());
        assertEquals(3, audit.claims().get(2).overwrittenAt());
        assertEquals(5, audit.records());
    }

    @Test
    void onlyAStateRecordThatReplacesTheOneInForceCounts() {
        append("dict/1/a", dict(1, 1));
        append("dict/2/a", dict(2, 2));
        append(RegistryKeys.STATE, state(3, 1, Set.of(), Set.of(), 1));
        append(RegistryKeys.STATE, state(3, 0, Set.of(), Set.of(1, 2), 5)); // not the next sequence: ignored
        append(RegistryKeys.STATE, null);
        append(RegistryKeys.STATE, state(3, 2, Set.of(1), Set.of(), 2));

        assertEquals(5, audit.stateOffset());
        assertEquals("active", audit.status(2));
        assertEquals(Set.of(), audit.removed());
        assertEquals(Map.of("state-tombstone", 1L), Map.copyOf(audit.skipped()));
    }

    @Test
    void recordsOfOtherKeysAreCountedAsSkipped() {
        append("something/else", dict(1, 1));
        append(null, dict(1, 1));

        assertEquals(Map.of("unknown-key", 2L), Map.copyOf(audit.skipped()));
        assertEquals(Set.of(), audit.claims().keySet());
    }
}
