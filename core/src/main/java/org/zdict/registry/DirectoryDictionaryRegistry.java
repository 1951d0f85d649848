package org.zdict.registry;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.internal.ActiveVersions;
import org.zdict.registry.support.DictionaryFiles;
import org.zdict.registry.support.RegistryBackup;
import org.zdict.registry.support.RegistryFolder;
import org.zdict.registry.support.VersionTable;

/**
 * A registry kept in a folder ({@link DictionaryRegistries#openFolder}): one file per version ({@code
 * v000001.dict}, the raw zstd dictionary) and {@code manifest.json}, every file written atomically
 * (temporary file, then rename). Changes are serialised across processes with a lock on {@code .lock};
 * changes made by another process are picked up without a restart, checked at most once per refresh
 * interval and whenever an unknown version is asked for. The calls made per record ({@link
 * #activeVersion(String)}, {@link #revision()}) never read the folder nor wait for a lock: when the
 * interval has passed they hand the check to one daemon thread shared by every folder registry of the
 * JVM and answer from the manifest as last read, so a change shows there once that check has read it.
 * Only the manifest is held in memory: {@link #get} reads the version's file each time ({@link
 * DictionaryFiles}: SHA-256 on the first read, size and CRC32C after), the codec's bounded cache of
 * digested dictionaries being what keeps a version's dictionary between calls. Safe for concurrent use
 * by many threads, and by many processes on one folder. A manifest that cannot be read, or a folder that
 * cannot be written, is a {@link org.zdict.RegistryException} naming the file.
 */
final class DirectoryDictionaryRegistry implements DictionaryRegistry {
    /** How often, at most, a registry checks its folder for changes by other processes: 1 second. */
    static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofSeconds(1);
    /** How often {@link #awaitVersion} checks the manifest while it waits. */
    private static final long AWAIT_POLL_MS = 50;

    private final RegistryFolder folder;
    private final Clock clock;
    private final long refreshNanos;
    private final DictionaryFiles files;
    private volatile Snapshot snapshot;
    private volatile long nextCheckNanos;
    /** Counts the manifests this registry has read or written since it opened. */
    private volatile long revision;
    /** Whether a check of the folder is queued or running on {@link Refresher}'s thread. */
    private final AtomicBoolean refreshing = new AtomicBoolean();

    private final Runnable backgroundRefresh = this::refreshInBackground;

    /** The one daemon thread that checks folders for the calls made per record. */
    private static final class Refresher {
        static final Executor THREAD = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "zdict-folder-registry-refresh");
            thread.setDaemon(true);
            return thread;
        });
    }

    private record Snapshot(
            RegistryFolder.Manifest manifest, Map<String, Integer> actives, Map<String, Optional<DictionarySet>> sets) {
        static Snapshot of(RegistryFolder.Manifest manifest) {
            return new Snapshot(
                    manifest, manifest.table().actives(), manifest.table().optionalSets());
        }

        VersionTable table() {
            return manifest.table();
        }
    }

    /**
     * Opens (creating if needed) the registry in {@code dir}, refreshing at the default interval.
     *
     * @param dir the registry folder
     * @return the registry, open
     * @throws org.zdict.RegistryException if the folder cannot be created or its manifest read
     */
    static DirectoryDictionaryRegistry open(Path dir) {
        return new DirectoryDictionaryRegistry(dir, DEFAULT_REFRESH_INTERVAL, Clock.systemUTC());
    }

    /**
     * Opens (creating if needed) the registry in {@code dir}.
     *
     * @param dir the registry folder
     * @param refreshInterval how often, at most, to check the folder for changes by other processes
     * @param clock the clock that dates publications and retirements
     * @throws org.zdict.RegistryException if the folder cannot be created or its manifest read
     */
    DirectoryDictionaryRegistry(Path dir, Duration refreshInterval, Clock clock) {
        this.folder = new RegistryFolder(dir);
        this.files = new DictionaryFiles(folder);
        this.clock = clock;
        this.refreshNanos = refreshInterval.toNanos();
        this.snapshot = Snapshot.of(folder.readManifest());
        this.nextCheckNanos = System.nanoTime() + refreshNanos;
    }

    /** {@return the registry folder} */
    Path directory() {
        return folder.directory();
    }

    /**
     * The path of {@code version}'s dictionary file (a raw zstd dictionary, usable with zstd -D).
     *
     * @param version a version number
     * @return the file's path, whether or not the registry holds the version
     */
    Path dictionaryFile(int version) {
        return folder.dictionaryFile(version);
    }

    @Override
    public DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
        VersionTable.checkPublishable(subject, content, level, metadata);
        byte[] copy = content.clone();
        VersionTable after = change(table -> {
            DictionaryInfo info =
                    VersionTable.published(table.nextVersion(), subject, copy, level, clock.instant(), metadata);
            VersionTable next = table.withPublished(info);
            folder.writeDictionary(info.version(), copy);
            return next;
        });
        return after.versions().get(after.nextVersion() - 1);
    }

    /**
     * Also refuses a version whose file no longer matches its recorded size and SHA-256 ({@link
     * org.zdict.CorruptDictionaryException}): once active, every payload would fail to compress.
     */
    @Override
    public void activate(int version) {
        change(table -> {
            VersionTable next = table.withActive(version, describe(), clock.instant());
            folder.readVerified(table.require(version, describe()));
            return next;
        });
    }

    /** The compare-and-set runs under the folder's lock, against the manifest as it is on disk. */
    @Override
    public void activate(int version, OptionalInt expectedActive) {
        change(table -> {
            VersionTable next = table.withActive(version, expectedActive, describe(), clock.instant());
            folder.readVerified(table.require(version, describe()));
            return next;
        });
    }

    @Override
    public void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        change(table -> {
            VersionTable next = table.withSet(set, expectedActive, expectedSet, describe(), clock.instant());
            folder.readVerified(table.require(set.fallback(), describe()));
            for (int version : set.members().values()) {
                folder.readVerified(table.require(version, describe()));
            }
            return next;
        });
    }

    @Override
    public void retire(int version) {
        change(table -> table.withRetired(version, describe(), clock.instant()));
    }

    @Override
    public void remove(int version) {
        change(table -> table.withRemoved(version, describe()));
        files.forget(version);
        folder.deleteDictionary(version);
    }

    @Override
    public List<DictionaryInfo> list() {
        return current().table().list();
    }

    @Override
    public int nextVersion() {
        return current().table().nextVersion();
    }

    @Override
    public void restore(List<Dictionary> versions, int nextVersion) {
        restore(versions, nextVersion, List.of());
    }

    /**
     * Under the folder's lock, writes the dictionary files the folder does not list yet, then the
     * manifest with every version: the manifest is one atomic file, so a restore cut short leaves the
     * folder listing none of them (its stray files are overwritten by the next attempt).
     */
    @Override
    public void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        RegistryBackup backup = RegistryBackup.of(versions, nextVersion, sets);
        change(table -> {
            for (int version : backup.missingFrom(table, describe())) {
                folder.writeDictionary(version, backup.content(version));
            }
            return backup.table();
        });
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return Optional.ofNullable(current().table().versions().get(version));
    }

    @Override
    public Dictionary get(int version) {
        DictionaryInfo info = current().table().versions().get(version);
        if (info == null) {
            info = refreshNow().table().versions().get(version);
        }
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, describe());
        }
        return Dictionary.ofOwned(info, files.read(info));
    }

    /**
     * Waits for another process to publish {@code version}: a folder sends no notice, so the manifest is
     * checked every {@value #AWAIT_POLL_MS} ms until it names the version or the time is up.
     */
    @Override
    public boolean awaitVersion(int version, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!refreshNow().table().versions().containsKey(version)) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            try {
                Thread.sleep(Math.min(AWAIT_POLL_MS, TimeUnit.NANOSECONDS.toMillis(remaining) + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    @Override
    public OptionalInt activeVersion(String subject) {
        Integer active = latest().actives().get(subject);
        return ActiveVersions.of(active);
    }

    @Override
    public Optional<DictionarySet> activeSet(String subject) {
        return latest().sets().getOrDefault(subject, Optional.empty());
    }

    /** Counts the manifests read or written; checks the folder as {@link #activeVersion(String)} does. */
    @Override
    public long revision() {
        latest();
        return revision;
    }

    @Override
    public String describe() {
        return folder.describe();
    }

    /** Re-reads the manifest now if it changed on disk, instead of waiting for the refresh interval. */
    void refresh() {
        refreshNow();
    }

    private Snapshot current() {
        if (System.nanoTime() - nextCheckNanos >= 0) {
            return refreshNow();
        }
        return snapshot;
    }

    /**
     * The manifest as last read, without reading the folder or taking a lock: when the refresh interval has
     * passed, the check is queued on the refresher's thread (once), for the calls made per record.
     */
    private Snapshot latest() {
        if (System.nanoTime() - nextCheckNanos >= 0 && refreshing.compareAndSet(false, true)) {
            Refresher.THREAD.execute(backgroundRefresh);
        }
        return snapshot;
    }

    /**
     * A check that fails (a manifest being replaced by hand, say) keeps the manifest as last read and is
     * tried again after the interval; the calls that read the folder themselves ({@link #list()}, {@link
     * #get} of an unknown version) report such a failure.
     */
    private void refreshInBackground() {
        try {
            refreshNow();
        } catch (RuntimeException e) {
            // reported by the calls that read the folder themselves; refreshNow() already set the next check
        } finally {
            refreshing.set(false);
        }
    }

    private synchronized Snapshot refreshNow() {
        nextCheckNanos = System.nanoTime() + refreshNanos;
        Snapshot old = snapshot;
        if (folder.isUnchanged(old.manifest())) {
            return old;
        }
        snapshot = Snapshot.of(folder.readManifest());
        revision++;
        return snapshot;
    }

    /** Applies {@code change} on disk under the folder's locks, and keeps the manifest it wrote. */
    private VersionTable change(UnaryOperator<VersionTable> change) {
        return folder.change(change, written -> {
            synchronized (this) {
                snapshot = Snapshot.of(written);
                revision++;
            }
        });
    }
}
