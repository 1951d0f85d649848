package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.kafka.internal.RegistryRecords.StateRecord;
import org.zdict.kafka.internal.StateTransition;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.VersionTable;

/** The state record of a restored registry, and what a reader of the topic folds from it. */
class StateTransitionTest {
    private static final Instant CREATED = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant ACTIVATED = Instant.parse("2026-02-03T04:05:06.789Z");
    private static final Instant RETIRED = Instant.parse("2026-03-04T05:06:07.891Z");
    private static final long NOW = Instant.parse("2026-04-05T06:07:08.912Z").toEpochMilli();

    private static DictionaryInfo.Builder version(int version, long seed) {
        byte[] content = TestDictionaries.trained(seed);
        return DictionaryInfo.builder(version)
                .sha256(Dictionary.sha256(content))
                .size(content.length)
                .level(3)
                .createdAt(CREATED)
                .metadata(Map.of("seed", "" + seed));
    }

    /**
     * Version 1 retired (once active), 2 the active version of payments, 3 retired with no recorded
     * times, 4 the active version of default; 5 and 6 removed, 7 next.
     */
    private static VersionTable backup() {
        return VersionTable.of(
                7,
                List.of(
                        version(1, 1)
                                .status(DictionaryInfo.Status.RETIRED)
                                .activatedAt(ACTIVATED)
                                .retiredAt(RETIRED)
                                .build(),
                        version(2, 2)
                                .subject("payments")
                                .status(DictionaryInfo.Status.ACTIVE)
                                .activatedAt(ACTIVATED)
                                .build(),
                        version(3, 3).status(DictionaryInfo.Status.RETIRED).build(),
                        version(4, 1).status(DictionaryInfo.Status.ACTIVE).build()));
    }

    @Test
    void aRestoredStateKeepsStatusesTimesAndNextNumberAndCountsTheMissingNumbersRemoved() {
        StateRecord state = StateTransition.restored(backup(), 41, NOW);
        assertEquals(7, state.nextVersion());
        assertEquals(4, state.active());
        assertEquals(Map.of("payments", 2), state.activeBySubject());
        assertEquals(Set.of(1, 3), state.retired());
        assertEquals(Set.of(5, 6), state.removed());
        assertEquals(Set.of(1, 2, 3, 4), state.everActive(), "retired ones may have been active");
        assertEquals(Map.of(1, RETIRED.toEpochMilli(), 3, NOW), state.retiredAt());
        assertEquals(Map.of(1, ACTIVATED.toEpochMilli(), 2, ACTIVATED.toEpochMilli()), state.activatedAt());
        assertEquals(41, state.basedOn());
    }

    @Test
    void aReaderOfTheRestoredTopicFoldsTheBackedUpTable() {
        VersionTable backup = backup();
        RegistryLog log = RegistryLogTest.newLog();
        long offset = 0;
        for (DictionaryInfo info : backup.versions().values()) {
            DictionaryRecord record = new DictionaryRecord(
                    info.version(),
                    info.subject(),
                    info.sha256(),
                    info.level(),
                    info.createdAt(),
                    info.metadata(),
                    TestDictionaries.trained(Long.parseLong(info.metadata().get("seed"))));
            log.apply(offset++, NOW, RegistryKeys.dictionary(info.version(), "restore"), RegistryRecords.write(record));
        }
        log.apply(
                offset,
                NOW,
                RegistryKeys.STATE,
                RegistryRecords.write(StateTransition.restored(backup, log.stateRecordOffset(), NOW)));

        VersionTable expected = VersionTable.of(
                7,
                backup.versions().values().stream()
                        .map(info -> info.version() == 3 ? info.withRetiredAt(Instant.ofEpochMilli(NOW)) : info)
                        .toList());
        assertEquals(expected, log.table());
        // the times are kept as backed up, but a retired version's grace runs again from the restore
        assertEquals(NOW + RegistryLogTest.GRACE_MS, log.pendingRemovals().get(1));
    }
}
