package org.zdict.registry;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;

/**
 * A registry kept in a folder: one file per version ({@code v000001.dict}, the raw zstd dictionary)
 * and {@code manifest.json}, every file written atomically (temporary file, then rename). Changes are
 * serialised across processes with a lock on {@code .lock}; changes made by another process are picked
 * up without a restart, checked at most once per refresh interval and whenever an unknown version is
 * asked for.
 */
public final class DirectoryDictionaryRegistry implements DictionaryRegistry {
    public static final String MANIFEST = "manifest.json";
    public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(1);
    private static final String LOCK_FILE = ".lock";
    private static final Map<Path, ReentrantLock> IN_PROCESS_LOCKS = new ConcurrentHashMap<>();

    private final Path dir;
    private final Path manifest;
    private final Clock clock;
    private final long refreshNanos;
    private final Map<Integer, Dictionary> loaded = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot;
    private volatile long nextCheckNanos;

    private record Snapshot(RegistryState state, OptionalInt active, Object fileKey, long modifiedMillis, long size) {}

    /** Opens (creating if needed) the registry in {@code dir}, refreshing at the default interval. */
    public static DirectoryDictionaryRegistry open(Path dir) {
        return new DirectoryDictionaryRegistry(dir, DEFAULT_REFRESH_INTERVAL, Clock.systemUTC());
    }

    public DirectoryDictionaryRegistry(Path dir, Duration refreshInterval, Clock clock) {
        this.dir = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
        this.manifest = this.dir.resolve(MANIFEST);
        this.clock = clock;
        this.refreshNanos = refreshInterval.toNanos();
        try {
            Files.createDirectories(this.dir);
        } catch (IOException e) {
            throw new RegistryException("Cannot create registry folder " + this.dir + ": " + e, e);
        }
        this.snapshot = readSnapshot();
        this.nextCheckNanos = System.nanoTime() + refreshNanos;
    }

    /** The file name of {@code version}'s dictionary, derived from the number alone (never from input). */
    public static String fileName(int version) {
        return String.format("v%06d.dict", version);
    }

    public Path directory() {
        return dir;
    }

    /** The path of {@code version}'s dictionary file (a raw zstd dictionary, usable with zstd -D). */
    public Path dictionaryFile(int version) {
        return dir.resolve(fileName(version));
    }

    @Override
    public DictionaryInfo publish(byte[] content, int level, Map<String, String> metadata) {
        RegistryState.checkPublishable(content, level, metadata);
        byte[] copy = content.clone();
        RegistryState after = change(state -> {
            DictionaryInfo info = new DictionaryInfo(
                    state.nextVersion(),
                    DictionaryContent.sha256(copy),
                    copy.length,
                    level,
                    clock.instant(),
                    DictionaryStatus.AVAILABLE,
                    metadata);
            RegistryState next = state.withPublished(info);
            writeOrFail(dictionaryFile(info.version()), copy);
            return next;
        });
        return after.versions().get(after.nextVersion() - 1);
    }

    /**
     * Makes this folder a copy of another registry's state, keeping its version numbers and statuses:
     * the local copy of a remote registry. Dictionary files are written before the manifest, each
     * atomically, and every content must match its record's SHA-256.
     */
    public void replicate(RegistryState state, Map<Integer, byte[]> contents) {
        for (DictionaryInfo info : state.versions().values()) {
            byte[] content = contents.get(info.version());
            if (content == null || !DictionaryContent.sha256(content).equals(info.sha256())) {
                throw new IllegalArgumentException(
                        "No content matching the SHA-256 of version " + info.version() + " to replicate");
            }
        }
        change(current -> {
            for (DictionaryInfo info : state.versions().values()) {
                Path file = dictionaryFile(info.version());
                if (!isWhole(file, info)) {
                    writeOrFail(file, contents.get(info.version()));
                }
            }
            return state;
        });
        loaded.keySet().retainAll(state.versions().keySet());
    }

    @Override
    public void activate(int version) {
        change(state -> state.withActive(version, describe()));
    }

    @Override
    public void retire(int version) {
        change(state -> state.withRetired(version, describe()));
    }

    @Override
    public void remove(int version) {
        change(state -> state.withRemoved(version, describe()));
        loaded.remove(version);
        try {
            Files.deleteIfExists(dictionaryFile(version));
        } catch (IOException e) {
            throw new RegistryException(
                    "Version " + version + " was removed from the manifest, but its file could not be deleted: " + e,
                    e);
        }
    }

    @Override
    public List<DictionaryInfo> list() {
        return current().state().list();
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return Optional.ofNullable(current().state().versions().get(version));
    }

    @Override
    public Dictionary get(int version) {
        DictionaryInfo info = current().state().versions().get(version);
        if (info == null) {
            info = refreshNow().state().versions().get(version);
        }
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, describe());
        }
        Dictionary cached = loaded.get(version);
        if (cached != null) {
            return cached;
        }
        Dictionary dictionary = new Dictionary(info, readVerified(info));
        loaded.put(version, dictionary);
        return dictionary;
    }

    @Override
    public OptionalInt activeVersion() {
        return current().active();
    }

    @Override
    public String describe() {
        return "registry " + dir;
    }

    /** Re-reads the manifest now if it changed on disk, instead of waiting for the refresh interval. */
    public void refresh() {
        refreshNow();
    }

    private Snapshot current() {
        if (System.nanoTime() - nextCheckNanos >= 0) {
            return refreshNow();
        }
        return snapshot;
    }

    private synchronized Snapshot refreshNow() {
        nextCheckNanos = System.nanoTime() + refreshNanos;
        Snapshot old = snapshot;
        try {
            BasicFileAttributes attributes = Files.readAttributes(manifest, BasicFileAttributes.class);
            if (Objects.equals(attributes.fileKey(), old.fileKey())
                    && attributes.lastModifiedTime().toMillis() == old.modifiedMillis()
                    && attributes.size() == old.size()) {
                return old;
            }
        } catch (NoSuchFileException e) {
            if (old.fileKey() == null && old.size() < 0) {
                return old;
            }
        } catch (IOException e) {
            throw new RegistryException("Cannot read " + manifest + ": " + e, e);
        }
        snapshot = readSnapshot();
        return snapshot;
    }

    private Snapshot readSnapshot() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(manifest, BasicFileAttributes.class);
            RegistryState state = ManifestJson.read(Files.readAllBytes(manifest));
            return new Snapshot(
                    state,
                    state.activeVersion(),
                    attributes.fileKey(),
                    attributes.lastModifiedTime().toMillis(),
                    attributes.size());
        } catch (NoSuchFileException e) {
            return new Snapshot(RegistryState.EMPTY, OptionalInt.empty(), null, 0, -1);
        } catch (IOException e) {
            throw new RegistryException("Corrupt registry manifest " + manifest + ": " + e.getMessage(), e);
        }
    }

    private byte[] readVerified(DictionaryInfo info) {
        Path file = dictionaryFile(info.version());
        try {
            long size = Files.size(file);
            if (size != info.size()) {
                throw new CorruptDictionaryException(
                        info.version(),
                        "file " + file + " is " + size + " bytes but the manifest records " + info.size()
                                + " (truncated or replaced)");
            }
            byte[] content = Files.readAllBytes(file);
            String sha256 = DictionaryContent.sha256(content);
            if (!sha256.equals(info.sha256())) {
                throw new CorruptDictionaryException(
                        info.version(),
                        "file " + file + " has SHA-256 " + sha256 + " but the manifest records " + info.sha256()
                                + " (corrupt or tampered)");
            }
            return content;
        } catch (NoSuchFileException e) {
            throw new CorruptDictionaryException(info.version(), "file " + file + " is missing");
        } catch (IOException e) {
            throw new CorruptDictionaryException(info.version(), "cannot read " + file + ": " + e, e);
        }
    }

    /** Applies {@code change} to the state on disk under the cross-process lock and writes the result. */
    private RegistryState change(UnaryOperator<RegistryState> change) {
        ReentrantLock local = IN_PROCESS_LOCKS.computeIfAbsent(dir, d -> new ReentrantLock());
        local.lock();
        try (FileChannel lockChannel =
                        FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = lockChannel.lock()) {
            deleteLeftoverTemporaryFiles();
            RegistryState before = readSnapshot().state();
            RegistryState after = change.apply(before);
            writeOrFail(manifest, ManifestJson.write(after));
            synchronized (this) {
                snapshot = readSnapshot();
            }
            return after;
        } catch (IOException e) {
            throw new RegistryException("Cannot lock or write " + describe() + ": " + e, e);
        } finally {
            local.unlock();
        }
    }

    private static boolean isWhole(Path file, DictionaryInfo info) {
        try {
            return Files.isRegularFile(file) && Files.size(file) == info.size();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Temporary files are only written under the lock, so any found while holding it belong to a
     * process that died mid-write: they were never renamed into place and are safe to delete.
     */
    private void deleteLeftoverTemporaryFiles() throws IOException {
        try (var files = Files.newDirectoryStream(dir, AtomicFiles.TEMP_PREFIX + "*")) {
            for (Path leftover : files) {
                Files.deleteIfExists(leftover);
            }
        }
    }

    private static void writeOrFail(Path file, byte[] content) {
        try {
            AtomicFiles.write(file, content);
        } catch (IOException e) {
            throw new RegistryException("Cannot write " + file + ": " + e, e);
        }
    }
}
