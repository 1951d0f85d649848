package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;
import org.zdict.registry.support.VersionTable;

/** The local copy keeps the dictionary sets, so a client started while the topic is unavailable routes too. */
class RegistryCacheSetsTest {
    @TempDir
    Path temp;

    @Test
    void aSetWrittenToTheLocalCopyIsServedWhenItIsLoadedAgain() throws Exception {
        RegistryCache cache = new RegistryCache(temp.resolve("copy"), "_zdict");
        Map<Integer, byte[]> contents = new TreeMap<>();
        VersionTable table = VersionTable.EMPTY;
        for (int version = 1; version <= 3; version++) {
            byte[] content = TestDictionaries.trained(version);
            contents.put(version, content);
            table = table.withPublished(VersionTable.published(version, "orders", content, 3, Instant.EPOCH, Map.of()));
        }
        DictionarySet set = new DictionarySet(new DictionarySet.Rule.Header("kind"), 1, Map.of("login", 2, "click", 3));
        table = table.withSet(set, OptionalInt.empty(), Optional.empty(), "test", Instant.EPOCH);
        cache.store(table, contents);
        cache.writeManifest(RegistryCopy.of(table, Map.of()));

        RegistryCopy loaded = new RegistryCache(temp.resolve("copy"), "_zdict").load();
        assertEquals(Optional.of(set), loaded.set("orders"));
        assertEquals(OptionalInt.of(1), loaded.active("orders"));
        assertEquals(Optional.empty(), loaded.set(DictionaryInfo.DEFAULT_SUBJECT));
    }
}
