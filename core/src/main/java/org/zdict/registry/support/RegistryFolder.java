package org.zdict.registry.support;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.zdict.CorruptDictionaryException;
import org.zdict.RegistryException;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * The folder of a directory registry and how it is changed without ever being seen half-written:
 * {@code manifest.json} and one raw zstd dictionary per version ({@code v000001.dict}), every file
 * written atomically (temporary file, then rename), a dictionary file always before the manifest that
 * lists it. Changes are serialised across processes with a lock on {@code .lock}, and across the threads
 * of this process with an in-process lock per folder (a JVM holds a file lock per process). Used by
 * {@code DictionaryRegistry} and by kafka-serde's local copy of a Kafka registry.
 */
public final class RegistryFolder {
    public static final String MANIFEST = "manifest.json";
    private static final String LOCK_FILE = ".lock";
    private static final Map<Path, ReentrantLock> IN_PROCESS_LOCKS = new ConcurrentHashMap<>();

    /**
     * The manifest as read, with the file attributes that tell whether it changed since. An absent
     * manifest reads as the empty table with no file key and size -1.
     */
    public record Manifest(VersionTable table, Object fileKey, long modifiedMillis, long size) {
        static final Manifest ABSENT = new Manifest(VersionTable.EMPTY, null, 0, -1);
    }

    private final Path dir;
    private final Path manifest;

    /** The registry folder {@code dir}, created if needed. */
    public RegistryFolder(Path dir) {
        this.dir = Objects.requireNonNull(dir, "dir").toAbsolutePath().normalize();
        this.manifest = this.dir.resolve(MANIFEST);
        try {
            Files.createDirectories(this.dir);
        } catch (IOException e) {
            throw new RegistryException("Cannot create registry folder " + this.dir + ": " + e, e);
        }
    }

    /** The file name of {@code version}'s dictionary, derived from the number alone (never from input). */
    public static String fileName(int version) {
        return String.format("v%06d.dict", version);
    }

    public Path directory() {
        return dir;
    }

    public Path dictionaryFile(int version) {
        return dir.resolve(fileName(version));
    }

    public String describe() {
        return "registry " + dir;
    }

    private static String permissionDenied(Path file) {
        return "Permission denied reading " + file + ": this account (" + System.getProperty("user.name")
                + ") cannot read the registry's files; make them readable to it (zdict writes them readable"
                + " to the group and others unless the umask says otherwise)";
    }

    /** Reads the manifest; an absent one is the empty table. */
    public Manifest readManifest() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(manifest, BasicFileAttributes.class);
            VersionTable table = ManifestJson.read(Files.readAllBytes(manifest));
            return new Manifest(
                    table, attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size());
        } catch (NoSuchFileException e) {
            return Manifest.ABSENT;
        } catch (AccessDeniedException e) {
            throw new RegistryException(permissionDenied(manifest), e);
        } catch (IOException e) {
            throw new RegistryException("Corrupt registry manifest " + manifest + ": " + e.getMessage(), e);
        }
    }

    /** Whether the manifest on disk is still the one {@code read} was read from (same file, time and size). */
    public boolean isUnchanged(Manifest read) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(manifest, BasicFileAttributes.class);
            return Objects.equals(attributes.fileKey(), read.fileKey())
                    && attributes.lastModifiedTime().toMillis() == read.modifiedMillis()
                    && attributes.size() == read.size();
        } catch (NoSuchFileException e) {
            return read.fileKey() == null && read.size() < 0;
        } catch (IOException e) {
            throw new RegistryException("Cannot read " + manifest + ": " + e, e);
        }
    }

    /**
     * Applies {@code change} to the table on disk under the cross-process lock and writes the result.
     * {@code change} may write dictionary files ({@link #writeDictionary}): they land before the
     * manifest. {@code written} receives the manifest as re-read while the lock is still held.
     */
    public VersionTable change(UnaryOperator<VersionTable> change, Consumer<Manifest> written) {
        return locked(() -> {
            VersionTable before = readManifest().table();
            VersionTable after = change.apply(before);
            writeOrFail(manifest, ManifestJson.write(after));
            written.accept(readManifest());
            return after;
        });
    }

    private interface Locked<T> {
        T run() throws IOException;
    }

    /** Runs {@code body} under the in-process and cross-process locks, leftover temporary files deleted first. */
    private <T> T locked(Locked<T> body) {
        ReentrantLock local = IN_PROCESS_LOCKS.computeIfAbsent(dir, d -> new ReentrantLock());
        local.lock();
        try (FileChannel lockChannel =
                        FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = lockChannel.lock()) {
            deleteLeftoverTemporaryFiles();
            return body.run();
        } catch (IOException e) {
            throw new RegistryException("Cannot lock or write " + describe() + ": " + e, e);
        } finally {
            local.unlock();
        }
    }

    /** Writes {@code version}'s dictionary file atomically; call it inside {@link #change}. */
    public void writeDictionary(int version, byte[] content) {
        writeOrFail(dictionaryFile(version), content);
    }

    /** Deletes {@code version}'s dictionary file, once the manifest no longer lists it. */
    public void deleteDictionary(int version) {
        try {
            Files.deleteIfExists(dictionaryFile(version));
        } catch (IOException e) {
            throw new RegistryException(
                    "Version " + version + " was removed from the manifest, but its file could not be deleted: " + e,
                    e);
        }
    }

    /** Reads {@code info}'s dictionary file and checks it against the recorded size and SHA-256. */
    public byte[] readVerified(DictionaryInfo info) {
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
            String sha256 = Dictionary.sha256(content);
            if (!sha256.equals(info.sha256())) {
                throw new CorruptDictionaryException(
                        info.version(),
                        "file " + file + " has SHA-256 " + sha256 + " but the manifest records " + info.sha256()
                                + " (corrupt or tampered)");
            }
            return content;
        } catch (NoSuchFileException e) {
            throw new CorruptDictionaryException(info.version(), "file " + file + " is missing");
        } catch (AccessDeniedException e) {
            throw new RegistryException(permissionDenied(file), e);
        } catch (IOException e) {
            throw new CorruptDictionaryException(info.version(), "cannot read " + file + ": " + e, e);
        }
    }

    /**
     * Writes the dictionary files of a copy of another registry (see {@link #replicate}), each atomically
     * and under the folder's locks, skipping those whose file already holds exactly these bytes (another
     * client sharing the folder wrote it, or an earlier run). The caller has checked each content
     * against its record. The files are not forced to disk (a power loss may leave one empty or torn):
     * a copy's readers check every file against its SHA-256 and fetch it again from the original.
     *
     * @throws RegistryException if a file cannot be written
     */
    public void storeDictionaries(Map<Integer, byte[]> contents) {
        if (contents.isEmpty()) {
            return;
        }
        locked(() -> {
            for (Map.Entry<Integer, byte[]> e : contents.entrySet()) {
                Path file = dictionaryFile(e.getKey());
                if (!holds(file, e.getValue())) {
                    try {
                        AtomicFiles.write(file, e.getValue(), false);
                    } catch (IOException failed) {
                        throw new RegistryException("Cannot write " + file + ": " + failed, failed);
                    }
                }
            }
            return null;
        });
    }

    /**
     * Makes this folder's manifest a copy of another registry's table, keeping its version numbers and
     * statuses: the local copy of a remote registry. The dictionary files must have been stored before
     * ({@link #storeDictionaries}), so the manifest never lists a missing file.
     *
     * @throws IllegalArgumentException if a version's file is missing or has another size than its record
     */
    public void replicate(VersionTable table) {
        for (DictionaryInfo info : table.versions().values()) {
            if (!isWhole(dictionaryFile(info.version()), info)) {
                throw new IllegalArgumentException("No file of version " + info.version() + " (" + info.size()
                        + " bytes) in " + dir + " to list in the manifest");
            }
        }
        change(current -> table, written -> {});
    }

    private static boolean holds(Path file, byte[] content) {
        try {
            return Files.isRegularFile(file)
                    && Files.size(file) == content.length
                    && Arrays.equals(Files.readAllBytes(file), content);
        } catch (IOException e) {
            return false;
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
