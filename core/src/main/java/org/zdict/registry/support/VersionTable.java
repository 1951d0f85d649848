package org.zdict.registry.support;

import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionarySet;

/**
 * The table of a registry's versions: the next version number and the record of every version of every
 * subject, an immutable value. It is also the one place where the lifecycle rules live: every registry
 * implementation applies its changes through these methods. The rules hold per subject: at most one
 * active version per subject, activating a version demotes only the active version of its own subject,
 * and retire and remove refuse the active version of the version's subject.
 *
 * A subject's active state may be a {@link DictionarySet}: its fallback is then the subject's active version,
 * its members are versions of the subject that are not retired, and retire and remove refuse them too.
 *
 * @param nextVersion the number the next publish takes; only grows, so numbers are never reused
 * @param versions every record by version
 * @param sets the dictionary set of each subject whose active state is one
 */
public record VersionTable(
        int nextVersion, SortedMap<Integer, DictionaryInfo> versions, SortedMap<String, DictionarySet> sets) {

    public static final VersionTable EMPTY = new VersionTable(1, new TreeMap<>());

    public VersionTable(int nextVersion, SortedMap<Integer, DictionaryInfo> versions) {
        this(nextVersion, versions, new TreeMap<>());
    }

    public VersionTable {
        versions = Collections.unmodifiableSortedMap(new TreeMap<>(versions));
        sets = Collections.unmodifiableSortedMap(new TreeMap<>(sets));
        Map<String, Integer> active = new HashMap<>();
        for (DictionaryInfo info : versions.values()) {
            if (info.version() >= nextVersion) {
                throw new RegistryException("Registry record for version " + info.version()
                        + " is not below the next version number " + nextVersion);
            }
            if (info.status() == DictionaryInfo.Status.ACTIVE) {
                Integer other = active.put(info.subject(), info.version());
                if (other != null) {
                    throw new RegistryException("Registry records two active versions of subject '" + info.subject()
                            + "': " + other + " and " + info.version());
                }
            }
        }
        for (Map.Entry<String, DictionarySet> e : sets.entrySet()) {
            checkSet(e.getKey(), e.getValue(), versions, active.get(e.getKey()));
        }
    }

    private static void checkSet(
            String subject, DictionarySet set, SortedMap<Integer, DictionaryInfo> versions, Integer active) {
        if (active == null || active != set.fallback()) {
            throw new RegistryException("Registry records a dictionary set for subject '" + subject
                    + "' whose fallback " + set.fallback() + " is not the subject's active version ("
                    + (active == null ? "none" : active) + ")");
        }
        for (Map.Entry<String, Integer> member : set.members().entrySet()) {
            DictionaryInfo info = versions.get(member.getValue());
            if (info == null || !info.subject().equals(subject) || info.status() == DictionaryInfo.Status.RETIRED) {
                throw new RegistryException("Registry records kind '" + member.getKey() + "' of subject '" + subject
                        + "''s dictionary set served by version " + member.getValue() + ", which is "
                        + (info == null
                                ? "not in the registry"
                                : info.status() == DictionaryInfo.Status.RETIRED
                                        ? "retired"
                                        : "of subject '" + info.subject() + "'"));
            }
        }
    }

    /** Each subject's set made an Optional once, for the look-up per record ({@code activeSet}). */
    public Map<String, Optional<DictionarySet>> optionalSets() {
        Map<String, Optional<DictionarySet>> optionals = new HashMap<>();
        sets.forEach((subject, set) -> optionals.put(subject, Optional.of(set)));
        return Collections.unmodifiableMap(optionals);
    }

    /** The dictionary set of {@code subject}, if its active state is one. */
    public Optional<DictionarySet> set(String subject) {
        return Optional.ofNullable(sets.get(subject));
    }

    /**
     * The table with {@code set} the active state of its fallback's subject: the fallback active, the
     * members routing, if the subject's active version is {@code expectedActive} and its set {@code
     * expectedSet}: a compare-and-set.
     *
     * @throws RegistryException if a member is retired, of another subject, or the state is another one
     */
    public VersionTable withSet(
            DictionarySet set,
            OptionalInt expectedActive,
            Optional<DictionarySet> expectedSet,
            String where,
            Instant at) {
        DictionaryInfo fallback = require(set.fallback(), where);
        String subject = fallback.subject();
        for (int member : set.members().values()) {
            DictionaryInfo info = require(member, where);
            if (!info.subject().equals(subject)) {
                throw new RegistryException("Cannot activate a dictionary set in " + where + ": version " + member
                        + " is of subject '" + info.subject() + "', its fallback " + set.fallback() + " of '"
                        + subject + "'");
            }
            if (info.status() == DictionaryInfo.Status.RETIRED) {
                throw new RegistryException("Cannot activate a dictionary set in " + where + ": version " + member
                        + " is retired (retired versions only decode)");
            }
        }
        OptionalInt actual = activeVersion(subject);
        Optional<DictionarySet> actualSet = set(subject);
        if (!actual.equals(expectedActive)) {
            throw RegistryException.activeVersionChanged(set.fallback(), subject, expectedActive, actual, where);
        }
        if (!actualSet.equals(expectedSet)) {
            throw RegistryException.activeSetChanged(subject, actual, where);
        }
        VersionTable withFallback = withActive(set.fallback(), where, at);
        SortedMap<String, DictionarySet> nextSets = new TreeMap<>(sets);
        nextSets.put(subject, set);
        return new VersionTable(nextVersion, withFallback.versions, nextSets);
    }

    /** Builds a table from records, for readers of stored registries. */
    public static VersionTable of(int nextVersion, List<DictionaryInfo> records) {
        SortedMap<Integer, DictionaryInfo> map = new TreeMap<>();
        for (DictionaryInfo info : records) {
            if (map.put(info.version(), info) != null) {
                throw new RegistryException("Registry records version " + info.version() + " twice");
            }
        }
        return new VersionTable(nextVersion, map);
    }

    /** The active version of the {@value DictionaryInfo#DEFAULT_SUBJECT} subject. */
    public OptionalInt activeVersion() {
        return activeVersion(DictionaryInfo.DEFAULT_SUBJECT);
    }

    public OptionalInt activeVersion(String subject) {
        for (DictionaryInfo info : versions.values()) {
            if (info.status() == DictionaryInfo.Status.ACTIVE && info.subject().equals(subject)) {
                return OptionalInt.of(info.version());
            }
        }
        return OptionalInt.empty();
    }

    /** The active version of every subject that has one, by subject. */
    public SortedMap<String, Integer> actives() {
        SortedMap<String, Integer> actives = new TreeMap<>();
        for (DictionaryInfo info : versions.values()) {
            if (info.status() == DictionaryInfo.Status.ACTIVE) {
                actives.put(info.subject(), info.version());
            }
        }
        return Collections.unmodifiableSortedMap(actives);
    }

    /** The subjects that hold at least one version, sorted. */
    public SortedSet<String> subjects() {
        SortedSet<String> subjects = new TreeSet<>();
        for (DictionaryInfo info : versions.values()) {
            subjects.add(info.subject());
        }
        return Collections.unmodifiableSortedSet(subjects);
    }

    /** Whether any version belongs to a subject other than {@value DictionaryInfo#DEFAULT_SUBJECT}. */
    public boolean hasOtherSubjects() {
        for (DictionaryInfo info : versions.values()) {
            if (!info.subject().equals(DictionaryInfo.DEFAULT_SUBJECT)) {
                return true;
            }
        }
        return false;
    }

    public List<DictionaryInfo> list() {
        return List.copyOf(versions.values());
    }

    /** The table with {@code info} added; {@code info.version()} must be {@link #nextVersion}. */
    public VersionTable withPublished(DictionaryInfo info) {
        if (info.version() != nextVersion) {
            throw new IllegalArgumentException("Publish must take version " + nextVersion + ", got " + info.version());
        }
        if (info.status() == DictionaryInfo.Status.ACTIVE) {
            throw new IllegalArgumentException("A version is published available; activate it separately");
        }
        if (nextVersion == Integer.MAX_VALUE) {
            throw new RegistryException("The registry has used every version number up to " + Integer.MAX_VALUE
                    + "; publish into a new registry");
        }
        SortedMap<Integer, DictionaryInfo> next = new TreeMap<>(versions);
        next.put(info.version(), info);
        return new VersionTable(nextVersion + 1, next, sets);
    }

    public VersionTable withActive(int version, String where) {
        return withActive(version, where, null);
    }

    /**
     * The table with {@code version} active in its subject, recording {@code at} as its activation time
     * ({@link DictionaryInfo#activatedAt()}) when not null.
     */
    public VersionTable withActive(int version, String where, Instant at) {
        DictionaryInfo target = require(version, where);
        if (target.status() == DictionaryInfo.Status.RETIRED) {
            throw new RegistryException("Cannot activate version " + version + " in " + where
                    + ": it is retired (retired versions only decode); publish the dictionary again instead");
        }
        SortedMap<Integer, DictionaryInfo> next = new TreeMap<>(versions);
        for (DictionaryInfo info : versions.values()) {
            if (info.status() == DictionaryInfo.Status.ACTIVE && info.subject().equals(target.subject())) {
                next.put(info.version(), info.withStatus(DictionaryInfo.Status.AVAILABLE));
            }
        }
        DictionaryInfo active = target.withStatus(DictionaryInfo.Status.ACTIVE);
        boolean newlyActive = target.status() != DictionaryInfo.Status.ACTIVE;
        next.put(version, at != null && newlyActive ? active.withActivatedAt(at) : active);
        SortedMap<String, DictionarySet> nextSets = new TreeMap<>(sets);
        nextSets.remove(target.subject());
        return new VersionTable(nextVersion, next, nextSets);
    }

    /**
     * As {@link #withActive(int, String, Instant)}, only if the active version of {@code version}'s subject
     * is {@code expectedActive} (empty: none): a compare-and-set.
     *
     * @throws RegistryException if it is another one
     */
    public VersionTable withActive(int version, OptionalInt expectedActive, String where, Instant at) {
        DictionaryInfo target = require(version, where);
        OptionalInt actual = activeVersion(target.subject());
        if (!actual.equals(expectedActive)) {
            throw RegistryException.activeVersionChanged(version, target.subject(), expectedActive, actual, where);
        }
        return withActive(version, where, at);
    }

    public VersionTable withRetired(int version, String where) {
        return withRetired(version, where, null);
    }

    /**
     * The table with {@code version} retired, recording {@code at} as its retirement time ({@link
     * DictionaryInfo#retiredAt()}) when not null.
     */
    public VersionTable withRetired(int version, String where, Instant at) {
        DictionaryInfo target = require(version, where);
        if (target.status() == DictionaryInfo.Status.ACTIVE) {
            throw new RegistryException("Cannot retire version " + version + " in " + where
                    + ": it is the active version of subject '" + target.subject()
                    + "'; activate another version of it first");
        }
        refuseMember(target, "retire", where);
        SortedMap<Integer, DictionaryInfo> next = new TreeMap<>(versions);
        DictionaryInfo retired = target.withStatus(DictionaryInfo.Status.RETIRED);
        boolean newlyRetired = target.status() != DictionaryInfo.Status.RETIRED;
        next.put(version, at != null && newlyRetired ? retired.withRetiredAt(at) : retired);
        return new VersionTable(nextVersion, next, sets);
    }

    private void refuseMember(DictionaryInfo target, String action, String where) {
        DictionarySet set = sets.get(target.subject());
        if (set != null && set.members().containsValue(target.version())) {
            throw new RegistryException("Cannot " + action + " version " + target.version() + " in " + where
                    + ": it serves a kind of the active dictionary set of subject '" + target.subject()
                    + "'; activate another version or set of it first");
        }
    }

    public VersionTable withRemoved(int version, String where) {
        DictionaryInfo target = require(version, where);
        if (target.status() == DictionaryInfo.Status.ACTIVE) {
            throw new RegistryException("Cannot remove version " + version + " in " + where
                    + ": it is the active version of subject '" + target.subject()
                    + "'; activate another version of it and retire this one first");
        }
        refuseMember(target, "remove", where);
        SortedMap<Integer, DictionaryInfo> next = new TreeMap<>(versions);
        next.remove(version);
        return new VersionTable(nextVersion, next, sets);
    }

    public DictionaryInfo require(int version, String where) {
        DictionaryInfo info = versions.get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, where);
        }
        return info;
    }

    /** Checks publish arguments once, at the boundary of every registry. */
    /**
     * The record of a dictionary as published: {@code content}'s size and SHA-256, available, not yet
     * activated. {@code content} must have passed {@link #checkPublishable}.
     */
    public static DictionaryInfo published(
            int version, String subject, byte[] content, int level, Instant createdAt, Map<String, String> metadata) {
        return DictionaryInfo.builder(version)
                .subject(subject)
                .sha256(Dictionary.sha256(content))
                .size(content.length)
                .level(level)
                .createdAt(createdAt)
                .status(DictionaryInfo.Status.AVAILABLE)
                .metadata(metadata)
                .build();
    }

    public static void checkPublishable(String subject, byte[] content, int level, Map<String, String> metadata) {
        DictionaryRegistry.checkSubject(subject);
        if (content == null || !Dictionary.isZstdDictionary(content)) {
            throw new IllegalArgumentException(
                    "Not a standard zstd dictionary: it must start with the magic number 37 A4 30 EC and a dictionary id"
                            + " (train it with zdict train or zstd --train)");
        }
        ZdictCodecBuilder.checkLevel(level);
        if (metadata != null) {
            for (Map.Entry<String, String> e : metadata.entrySet()) {
                if (e.getKey() == null || e.getValue() == null) {
                    throw new IllegalArgumentException("Metadata keys and values must not be null: " + metadata);
                }
                if (e.getKey().equals(ManifestJson.ACTIVATED_AT) || e.getKey().equals(ManifestJson.RETIRED_AT)) {
                    throw new IllegalArgumentException("Metadata key '" + e.getKey()
                            + "' is recorded by the registry itself and cannot be published");
                }
                if (e.getKey().equals(DictionaryInfo.Codec.METADATA_KEY)) {
                    DictionaryInfo.Codec.ofLabel(e.getValue());
                }
            }
        }
    }
}
