package org.zdict.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.ZdictException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.support.DictionaryFiles;
import org.zdict.registry.support.RegistryFolder;
import org.zdict.registry.support.VersionTable;

/**
 * The local copy of a Kafka registry, written in the directory-registry layout (manifest.json and
 * v000001.dict files, see docs/FORMAT.md), so it is also readable with {@code zdict registry list
 * --registry DIR} and {@code zstd -D}. Every file is written atomically under the folder's lock, so
 * clients sharing the folder never see a part of a file. It is where a client keeps the dictionaries'
 * bytes: they are stored as the topic is read and read back (checked) when a version is digested, never
 * held on the heap, unless the folder cannot be written: then the versions that could not be stored are
 * kept on the heap, with a warning, so the client still decodes them.
 */
final class RegistryCache {
    private static final Logger LOG = LoggerFactory.getLogger(RegistryCache.class);

    /** The file that names the registry topic the local copy is of. */
    static final String TOPIC_FILE = "registry-topic";

    private final Path dir;
    private final String topic;
    /** Checked bytes of the versions whose file could not be written. */
    private final Map<Integer, byte[]> onHeap = new ConcurrentHashMap<>();

    private volatile DictionaryFiles files;
    private volatile boolean warned;

    /** The local copy, in {@code dir}, of the registry in {@code topic}. */
    RegistryCache(Path dir, String topic) {
        this.dir = dir;
        this.topic = topic;
    }

    /**
     * Whether the local copy is of this registry's topic, as the file written beside its manifest says: only
     * such a copy seeds a reader (a folder shared by two registries through an explicit {@value
     * KafkaRegistryConfig#CACHE_DIR_CONFIG}, or one written before this release, is not).
     */
    boolean isOfThisTopic() {
        try {
            return topic.equals(Files.readString(dir.resolve(TOPIC_FILE), java.nio.charset.StandardCharsets.UTF_8)
                    .strip());
        } catch (IOException e) {
            return false;
        }
    }

    Path dir() {
        return dir;
    }

    /** What the local copy's manifest lists; empty if there is none or it is unreadable. */
    RegistryCopy load() {
        if (!Files.isRegularFile(dir.resolve(RegistryFolder.MANIFEST))) {
            return RegistryCopy.EMPTY;
        }
        try {
            VersionTable manifest = files().folder().readManifest().table();
            int next = manifest.list().stream()
                    .mapToInt(DictionaryInfo::version)
                    .max()
                    .orElse(0);
            return RegistryCopy.of(new VersionTable(next + 1, manifest.versions(), manifest.sets()), Map.of());
        } catch (ZdictException e) {
            return RegistryCopy.EMPTY;
        }
    }

    /**
     * The versions of {@code table} whose file in the local copy has the SHA-256 the table gives (read and
     * checked now); the others are left out.
     */
    List<DictionaryInfo> verified(VersionTable table) {
        List<DictionaryInfo> verified = new ArrayList<>();
        for (DictionaryInfo info : table.list()) {
            try {
                read(info);
                verified.add(info);
            } catch (ZdictException e) {
                LOG.warn("The local copy in {} cannot serve version {}: {}", dir, info.version(), e.getMessage());
            }
        }
        return verified;
    }

    /**
     * Stores the bytes of versions of {@code table}, each checked against its SHA-256 first: one that
     * does not match is not stored (reading it reports the mismatch). Versions no longer in the table
     * are skipped.
     */
    void store(VersionTable table, Map<Integer, byte[]> contents) {
        Map<Integer, byte[]> checked = new TreeMap<>();
        for (Map.Entry<Integer, byte[]> e : contents.entrySet()) {
            DictionaryInfo info = table.versions().get(e.getKey());
            if (info != null && Dictionary.sha256(e.getValue()).equals(info.sha256())) {
                checked.put(e.getKey(), e.getValue());
            }
        }
        if (checked.isEmpty()) {
            return;
        }
        try {
            DictionaryFiles stored = files();
            stored.folder().storeDictionaries(checked);
            checked.forEach((version, content) -> {
                stored.verified(version, content);
                onHeap.remove(version);
            });
        } catch (ZdictException e) {
            onHeap.putAll(checked);
            if (warned) {
                LOG.debug("Cannot write the local copy in {} ({}): {} versions on the heap", dir, e, onHeap.size());
                return;
            }
            warned = true;
            LOG.warn(
                    "Cannot write the local copy in {} ({}): keeping the dictionaries it cannot store on the heap"
                            + " instead (versions {} so far; later ones are logged at debug level); set {} to a"
                            + " writable folder",
                    dir,
                    e.getMessage(),
                    checked.keySet(),
                    KafkaRegistryConfig.CACHE_DIR_CONFIG);
        }
    }

    /**
     * The bytes of {@code info}'s version, checked against its record.
     *
     * @throws org.zdict.CorruptDictionaryException naming the file if it is missing or does not match
     * @throws org.zdict.RegistryException if the folder cannot be read
     */
    byte[] read(DictionaryInfo info) {
        byte[] kept = onHeap.get(info.version());
        if (kept != null) {
            return kept.clone();
        }
        return files().read(info);
    }

    /** Writes the manifest, listing {@code latest}'s versions (whose files were stored before). */
    void writeManifest(RegistryCopy latest) throws IOException {
        try {
            files().folder().replicate(latest.table());
            if (!isOfThisTopic()) {
                Path temp = Files.createTempFile(dir, TOPIC_FILE, ".tmp");
                Files.writeString(temp, topic + "\n", java.nio.charset.StandardCharsets.UTF_8);
                Files.move(
                        temp,
                        dir.resolve(TOPIC_FILE),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (ZdictException | IllegalArgumentException e) {
            throw new IOException("Cannot write the local copy in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** How many versions' bytes are on the heap because their file could not be written. */
    int versionsOnHeap() {
        return onHeap.size();
    }

    /** Forgets {@code version}, once removed. */
    void forget(int version) {
        onHeap.remove(version);
        if (files != null) {
            files.forget(version);
        }
    }

    /** @throws org.zdict.RegistryException if the folder cannot be created */
    private DictionaryFiles files() {
        DictionaryFiles current = files;
        if (current == null) {
            synchronized (this) {
                if (files == null) {
                    files = new DictionaryFiles(new RegistryFolder(dir));
                }
                current = files;
            }
        }
        return current;
    }
}
