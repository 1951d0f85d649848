/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, core/.../registry/RegistryState.java, checkPublishable dropped),
 * renamed into org.zdict.previous; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.TreeMap;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;

/**
 * An immutable snapshot of a registry's records, and the one place where the lifecycle rules live:
 * every registry implementation applies its changes through these methods.
 *
 * @param nextVersion the number the next publish takes; only grows, so numbers are never reused
 * @param versions every record by version
 */
public record PreviousRegistryState(int nextVersion, SortedMap<Integer, PreviousDictionaryInfo> versions) {

    public static final PreviousRegistryState EMPTY = new PreviousRegistryState(1, new TreeMap<>());

    public PreviousRegistryState {
        versions = Collections.unmodifiableSortedMap(new TreeMap<>(versions));
        int active = 0;
        for (PreviousDictionaryInfo info : versions.values()) {
            if (info.version() >= nextVersion) {
                throw new RegistryException("Registry record for version " + info.version()
                        + " is not below the next version number " + nextVersion);
            }
            if (info.status() == PreviousDictionaryStatus.ACTIVE) {
                if (active != 0) {
                    throw new RegistryException(
                            "Registry records two active versions: " + active + " and " + info.version());
                }
                active = info.version();
            }
        }
    }

    /** Builds a state from records, for readers of stored registries. */
    public static PreviousRegistryState of(int nextVersion, List<PreviousDictionaryInfo> records) {
        SortedMap<Integer, PreviousDictionaryInfo> map = new TreeMap<>();
        for (PreviousDictionaryInfo info : records) {
            if (map.put(info.version(), info) != null) {
                throw new RegistryException("Registry records version " + info.version() + " twice");
            }
        }
        return new PreviousRegistryState(nextVersion, map);
    }

    public OptionalInt activeVersion() {
        for (PreviousDictionaryInfo info : versions.values()) {
            if (info.status() == PreviousDictionaryStatus.ACTIVE) {
                return OptionalInt.of(info.version());
            }
        }
        return OptionalInt.empty();
    }

    public List<PreviousDictionaryInfo> list() {
        return List.copyOf(versions.values());
    }

    /** The state with {@code info} added; {@code info.version()} must be {@link #nextVersion}. */
    public PreviousRegistryState withPublished(PreviousDictionaryInfo info) {
        if (info.version() != nextVersion) {
            throw new IllegalArgumentException("Publish must take version " + nextVersion + ", got " + info.version());
        }
        if (info.status() == PreviousDictionaryStatus.ACTIVE) {
            throw new IllegalArgumentException("A version is published available; activate it separately");
        }
        if (nextVersion == Integer.MAX_VALUE) {
            throw new RegistryException("The registry has used every version number up to " + Integer.MAX_VALUE
                    + "; publish into a new registry");
        }
        SortedMap<Integer, PreviousDictionaryInfo> next = new TreeMap<>(versions);
        next.put(info.version(), info);
        return new PreviousRegistryState(nextVersion + 1, next);
    }

    public PreviousRegistryState withActive(int version, String where) {
        PreviousDictionaryInfo target = require(version, where);
        if (target.status() == PreviousDictionaryStatus.RETIRED) {
            throw new RegistryException("Cannot activate version " + version + " in " + where
                    + ": it is retired (retired versions only decode); publish the dictionary again instead");
        }
        SortedMap<Integer, PreviousDictionaryInfo> next = new TreeMap<>(versions);
        for (PreviousDictionaryInfo info : versions.values()) {
            if (info.status() == PreviousDictionaryStatus.ACTIVE) {
                next.put(info.version(), info.withStatus(PreviousDictionaryStatus.AVAILABLE));
            }
        }
        next.put(version, target.withStatus(PreviousDictionaryStatus.ACTIVE));
        return new PreviousRegistryState(nextVersion, next);
    }

    public PreviousRegistryState withRetired(int version, String where) {
        PreviousDictionaryInfo target = require(version, where);
        if (target.status() == PreviousDictionaryStatus.ACTIVE) {
            throw new RegistryException("Cannot retire version " + version + " in " + where
                    + ": it is the active version; activate another version first");
        }
        SortedMap<Integer, PreviousDictionaryInfo> next = new TreeMap<>(versions);
        next.put(version, target.withStatus(PreviousDictionaryStatus.RETIRED));
        return new PreviousRegistryState(nextVersion, next);
    }

    public PreviousRegistryState withRemoved(int version, String where) {
        PreviousDictionaryInfo target = require(version, where);
        if (target.status() == PreviousDictionaryStatus.ACTIVE) {
            throw new RegistryException("Cannot remove version " + version + " in " + where
                    + ": it is the active version; activate another version and retire this one first");
        }
        SortedMap<Integer, PreviousDictionaryInfo> next = new TreeMap<>(versions);
        next.remove(version);
        return new PreviousRegistryState(nextVersion, next);
    }

    public PreviousDictionaryInfo require(int version, String where) {
        PreviousDictionaryInfo info = versions.get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, where);
        }
        return info;
    }
}
