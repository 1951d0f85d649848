package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.zdict.ZdictException;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DirectoryDictionaryRegistry;
import org.zdict.registry.RegistryState;

/**
 * The local copy of a Kafka registry, written in the directory-registry layout (manifest.json and
 * v000001.dict files, see docs/FORMAT.md), so it is also readable with {@code zdict registry list
 * --registry DIR} and {@code zstd -D}. Every file is written atomically.
 */
final class RegistryCache {
    private final Path dir;

    RegistryCache(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /** What the cache holds: the state and the bytes of each version. Empty if there is no cache. */
    record Snapshot(RegistryState state, Map<Integer, byte[]> contents) {}

    Snapshot load() {
        if (!Files.isRegularFile(dir.resolve(DirectoryDictionaryRegistry.MANIFEST))) {
            return new Snapshot(RegistryState.EMPTY, Map.of());
        }
        try (DirectoryDictionaryRegistry copy =
                new DirectoryDictionaryRegistry(dir, Duration.ofDays(1), Clock.systemUTC())) {
            Map<Integer, byte[]> contents = new HashMap<>();
            for (DictionaryInfo info : copy.list()) {
                contents.put(info.version(), copy.get(info.version()).content());
            }
            int next =
                    copy.list().stream().mapToInt(DictionaryInfo::version).max().orElse(0);
            return new Snapshot(RegistryState.of(next + 1, copy.list()), contents);
        } catch (ZdictException e) {
            return new Snapshot(RegistryState.EMPTY, Map.of());
        }
    }

    void write(RegistryState state, Map<Integer, byte[]> contents) throws IOException {
        try (DirectoryDictionaryRegistry copy =
                new DirectoryDictionaryRegistry(dir, Duration.ofDays(1), Clock.systemUTC())) {
            copy.replicate(state, contents);
        } catch (ZdictException e) {
            throw new IOException("Cannot write the local copy in " + dir + ": " + e.getMessage(), e);
        }
    }
}
