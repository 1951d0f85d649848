package org.zdict.kafka;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    private static final JsonFactory JSON = new JsonFactory();
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
        Files.createDirectories(dir);
        for (DictionaryInfo info : state.versions().values()) {
            Path file = dir.resolve(DirectoryDictionaryRegistry.fileName(info.version()));
            if (!Files.isRegularFile(file) || Files.size(file) != info.size()) {
                writeAtomically(file, contents.get(info.version()));
            }
        }
        writeAtomically(dir.resolve(DirectoryDictionaryRegistry.MANIFEST), manifest(state));
    }

    private static byte[] manifest(RegistryState state) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeNumberField("format", 1);
            json.writeNumberField("nextVersion", state.nextVersion());
            json.writeArrayFieldStart("dictionaries");
            for (DictionaryInfo info : state.versions().values()) {
                json.writeStartObject();
                json.writeNumberField("version", info.version());
                json.writeStringField("file", DirectoryDictionaryRegistry.fileName(info.version()));
                json.writeStringField("status", info.status().label());
                json.writeStringField("sha256", info.sha256());
                json.writeNumberField("size", info.size());
                json.writeNumberField("level", info.level());
                json.writeStringField("createdAt", info.createdAt().toString());
                json.writeObjectFieldStart("metadata");
                for (Map.Entry<String, String> e : info.metadata().entrySet()) {
                    json.writeStringField(e.getKey(), e.getValue());
                }
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static void writeAtomically(Path file, byte[] content) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            Files.write(temp, content);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
