package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.engine.DictionaryTrainer;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** {@code zdict registry remove}: only retired versions, and only once retired longer than retention. */
class RegistryRemoveTest {
    private static final byte[] DICTIONARY = DictionaryTrainer.train(SampleEvents.synthetic(1000, 3), 2048, 3);

    @TempDir
    Path dir;

    /** Version 1 retired two hours ago, 2 retired just now, 3 available, 4 active. */
    @BeforeEach
    void retiredAtDifferentTimes() {
        Instant now = Instant.now();
        try (DictionaryRegistry past = DictionaryRegistries.openFolder(
                dir, Duration.ZERO, Clock.fixed(now.minus(Duration.ofHours(2)), ZoneOffset.UTC))) {
            for (int i = 0; i < 4; i++) {
                past.publish(DICTIONARY, 3, Map.of());
            }
            past.activate(1);
            past.activate(4);
            past.retire(1);
        }
        try (DictionaryRegistry present = DictionaryRegistries.openFolder(dir)) {
            present.retire(2);
        }
    }

    private Cli.Result remove(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of("registry", "remove", "--registry", dir.toString()));
        all.addAll(List.of(args));
        return Cli.run(all.toArray(new String[0]));
    }

    private List<Integer> versions() {
        try (DictionaryRegistry r = DictionaryRegistries.openFolder(dir)) {
            return r.list().stream().map(DictionaryInfo::version).toList();
        }
    }

    @Test
    void removesAVersionRetiredLongerAgoThanTheRetention() {
        Cli.Result result = remove("1", "--older-than", "1h");
        assertEquals(0, result.exitCode(), result.toString());
        assertEquals(List.of(2, 3, 4), versions());
    }

    @Test
    void refusesAVersionRetiredWithinRetentionNamingWhenItCanGo() {
        Cli.Result result = remove("2", "--older-than", "1h");
        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().contains("within the retention of --older-than (1h)"), result.err());
        assertTrue(result.err().contains("it can be removed after"), result.err());
        assertEquals(List.of(1, 2, 3, 4), versions());
    }

    @Test
    void refusesActiveAndAvailableVersionsAndRemovesNoneOfTheOthersGiven() {
        Cli.Result result = remove("1", "3", "4", "--older-than", "1h");
        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().contains("version 3: it is available"), result.err());
        assertTrue(result.err().contains("version 4: it is active"), result.err());
        assertEquals(List.of(1, 2, 3, 4), versions());
    }

    @Test
    void forceRemovesWithinRetentionAndSaysSoOnStandardError() {
        Cli.Result result = remove("2", "--older-than", "1h", "--force");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--force: version 2 was retired at"), result.err());
        assertEquals(List.of(1, 3, 4), versions());
        Cli.Result active = remove("4", "--force");
        assertEquals(1, active.exitCode(), active.toString());
    }

    @Test
    void expiredRemovesEveryRetiredVersionPastRetentionAndKeepsTheRest() {
        Cli.Result result = remove("--expired", "--older-than", "1h");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("Removed version 1."), result.out());
        assertTrue(result.out().contains("Kept: version 2 was retired at"), result.out());
        assertTrue(result.out().contains("1 retired version(s) removed, 1 kept; 3 version(s) left"), result.out());
        assertEquals(List.of(2, 3, 4), versions());
    }

    @Test
    void refusesWithoutARetentionRuleOrWithoutVersionsAsUsage() {
        assertEquals(2, remove("1").exitCode());
        assertEquals(2, remove("--older-than", "1h").exitCode());
        assertEquals(2, remove("1", "--expired", "--older-than", "1h").exitCode());
        Cli.Result topic = remove("1", "--topic", "events");
        assertEquals(2, topic.exitCode(), topic.toString());
        assertTrue(topic.err().contains("--bootstrap-server"), topic.err());
        assertEquals(List.of(1, 2, 3, 4), versions());
    }
}
