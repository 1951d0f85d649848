package org.zdict.registry;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.internal.ActiveVersions;
import org.zdict.registry.support.RegistryBackup;
import org.zdict.registry.support.VersionTable;

/**
 * A registry held in memory ({@link DictionaryRegistries#inMemory}): for tests, tools, and services that load their dictionaries themselves.
 * Safe for concurrent use by many threads; nothing outlives the object.
 */
final class InMemoryDictionaryRegistry implements DictionaryRegistry {
    private static final String WHERE = "the in-memory registry";

    private final Clock clock;
    private final Map<Integer, byte[]> contents = new HashMap<>();
    private volatile VersionTable state = VersionTable.EMPTY;
    private volatile Map<String, Integer> actives = Map.of();
    private volatile Map<String, Optional<DictionarySet>> sets = Map.of();
    private volatile long revision;

    /** An empty registry that dates publications with the system clock. */
    InMemoryDictionaryRegistry() {
        this(Clock.systemUTC());
    }

    /**
     * An empty registry.
     *
     * @param clock the clock that dates publications and retirements
     */
    InMemoryDictionaryRegistry(Clock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized DictionaryInfo publish(
            String subject, byte[] content, int level, Map<String, String> metadata) {
        VersionTable.checkPublishable(subject, content, level, metadata);
        byte[] copy = content.clone();
        DictionaryInfo info =
                VersionTable.published(state.nextVersion(), subject, copy, level, clock.instant(), metadata);
        contents.put(info.version(), copy);
        update(state.withPublished(info));
        notifyAll();
        return info;
    }

    @Override
    public synchronized void activate(int version) {
        update(state.withActive(version, WHERE, clock.instant()));
    }

    @Override
    public synchronized void activate(int version, OptionalInt expectedActive) {
        update(state.withActive(version, expectedActive, WHERE, clock.instant()));
    }

    @Override
    public synchronized void activateSet(
            DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        update(state.withSet(set, expectedActive, expectedSet, WHERE, clock.instant()));
    }

    @Override
    public Optional<DictionarySet> activeSet(String subject) {
        return sets.getOrDefault(subject, Optional.empty());
    }

    @Override
    public synchronized void retire(int version) {
        update(state.withRetired(version, WHERE, clock.instant()));
    }

    @Override
    public synchronized void remove(int version) {
        update(state.withRemoved(version, WHERE));
        contents.remove(version);
    }

    @Override
    public List<DictionaryInfo> list() {
        return state.list();
    }

    @Override
    public int nextVersion() {
        return state.nextVersion();
    }

    @Override
    public void restore(List<Dictionary> versions, int nextVersion) {
        restore(versions, nextVersion, List.of());
    }

    @Override
    public synchronized void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        RegistryBackup backup = RegistryBackup.of(versions, nextVersion, sets);
        for (int version : backup.missingFrom(state, WHERE)) {
            contents.put(version, backup.content(version));
        }
        update(backup.table());
        notifyAll();
    }

    @Override
    public long revision() {
        return revision;
    }

    @Override
    public Optional<DictionaryInfo> info(int version) {
        return Optional.ofNullable(state.versions().get(version));
    }

    @Override
    public synchronized Dictionary get(int version) {
        DictionaryInfo info = state.versions().get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, WHERE);
        }
        return new Dictionary(info, contents.get(version));
    }

    /** Waits for another thread to publish {@code version}, woken by the publication itself. */
    @Override
    public synchronized boolean awaitVersion(int version, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!state.versions().containsKey(version)) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, remaining);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    @Override
    public OptionalInt activeVersion(String subject) {
        Integer active = actives.get(subject);
        return ActiveVersions.of(active);
    }

    @Override
    public String describe() {
        return WHERE;
    }

    private void update(VersionTable next) {
        state = next;
        actives = next.actives();
        sets = next.optionalSets();
        revision++; // under the registry's lock
    }
}
