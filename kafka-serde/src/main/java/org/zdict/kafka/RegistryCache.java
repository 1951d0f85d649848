package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.zdict.ZdictException;
import org.zdict.internal.RegistryFolder;
import org.zdict.internal.VersionTable;
import org.zdict.registry.DictionaryInfo;

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

    /** What the local copy holds; empty if there is none or it is unreadable. */
    RegistryCopy load() {
        if (!Files.isRegularFile(dir.resolve(RegistryFolder.MANIFEST))) {
            return RegistryCopy.EMPTY;
        }
        try {
            RegistryFolder copy = new RegistryFolder(dir);
            List<DictionaryInfo> records = copy.readManifest().table().list();
            Map<Integer, byte[]> contents = new HashMap<>();
            for (DictionaryInfo info : records) {
                contents.put(info.version(), copy.readVerified(info));
            }
            int next = records.stream().mapToInt(DictionaryInfo::version).max().orElse(0);
            return RegistryCopy.of(VersionTable.of(next + 1, records), contents);
        } catch (ZdictException e) {
            return RegistryCopy.EMPTY;
        }
    }

    void write(RegistryCopy latest) throws IOException {
        try {
            new RegistryFolder(dir).replicate(latest.table(), latest.contents());
        } catch (ZdictException e) {
            throw new IOException("Cannot write the local copy in " + dir + ": " + e.getMessage(), e);
        }
    }
}
