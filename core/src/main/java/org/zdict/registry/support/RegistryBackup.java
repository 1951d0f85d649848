package org.zdict.registry.support;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.zdict.RegistryException;
import org.zdict.codec.ZdictCodecBuilder;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionarySet;

/**
 * The versions of a backup to restore into a registry with their numbers ({@code
 * DictionaryRegistry.restore}), checked once for every kind of registry: the version table they make
 * and each version's bytes, and the rule for which registries may take them. Immutable.
 */
public final class RegistryBackup {
    private final VersionTable table;
    private final Map<Integer, byte[]> contents;

    private RegistryBackup(VersionTable table, Map<Integer, byte[]> contents) {
        this.table = table;
        this.contents = contents;
    }

    /**
     * Checks {@code versions} and {@code nextVersion}: each version's bytes a zstd dictionary of the size
     * and SHA-256 its record names, at a valid level, each number once and below {@code nextVersion}, at
     * most one active version per subject.
     *
     * @throws IllegalArgumentException naming the first version that fails
     */
    public static RegistryBackup of(List<Dictionary> versions, int nextVersion) {
        return of(versions, nextVersion, List.of());
    }

    /**
     * As {@link #of(List, int)}, with the dictionary sets the backed-up registry had active: each set's
     * fallback must be the active version of its subject in {@code versions}, its members versions of it.
     *
     * @throws IllegalArgumentException naming the first version or set that fails
     */
    public static RegistryBackup of(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        List<DictionaryInfo> records = new ArrayList<>(versions.size());
        Map<Integer, byte[]> contents = new TreeMap<>();
        for (Dictionary dictionary : versions) {
            DictionaryInfo info = dictionary.info();
            byte[] content = dictionary.content();
            if (content.length != info.size() || !Dictionary.sha256(content).equals(info.sha256())) {
                throw new IllegalArgumentException("Version " + info.version() + " of the backup has "
                        + content.length + " bytes with SHA-256 " + Dictionary.sha256(content)
                        + ", but its record names " + info.size() + " bytes with SHA-256 " + info.sha256());
            }
            if (!Dictionary.isZstdDictionary(content)) {
                throw new IllegalArgumentException("Version " + info.version() + " of the backup is not a zstd"
                        + " dictionary (no magic number 37 A4 30 EC and dictionary id)");
            }
            ZdictCodecBuilder.checkLevel(info.level());
            records.add(info);
            contents.put(info.version(), content);
        }
        if (nextVersion < 1) {
            throw new IllegalArgumentException("The next version number must be positive, got " + nextVersion);
        }
        try {
            VersionTable table = VersionTable.of(nextVersion, records);
            SortedMap<String, DictionarySet> bySubject = new TreeMap<>();
            for (DictionarySet set : sets) {
                DictionaryInfo fallback = table.versions().get(set.fallback());
                if (fallback == null) {
                    throw new IllegalArgumentException(
                            "The backup's dictionary set " + set + " falls back to a version the backup does not hold");
                }
                bySubject.put(fallback.subject(), set);
            }
            return new RegistryBackup(new VersionTable(nextVersion, table.versions(), bySubject), contents);
        } catch (RegistryException e) {
            throw new IllegalArgumentException("Not a registry's versions: " + e.getMessage(), e);
        }
    }

    /** {@return the version table the backup restores: numbers, statuses, times and the next number} */
    public VersionTable table() {
        return table;
    }

    /** {@return the bytes of {@code version}, a version of the backup} */
    public byte[] content(int version) {
        return contents.get(version);
    }

    /**
     * The versions of the backup that {@code target} does not hold yet, in ascending order. A target may
     * take the backup if it is empty (no version ever published), or holds the dictionaries of a restore
     * of this backup cut short before its statuses were written: only versions of the backup, each as in
     * the backup and available, every version of the backup below its next number among them.
     *
     * @param target the registry's table now
     * @param where the registry, for messages
     * @throws RegistryException naming {@code where} otherwise
     */
    public List<Integer> missingFrom(VersionTable target, String where) {
        if (target.versions().isEmpty() && target.nextVersion() == 1) {
            return List.copyOf(table.versions().keySet());
        }
        for (DictionaryInfo held : target.versions().values()) {
            DictionaryInfo backedUp = table.versions().get(held.version());
            if (held.status() != DictionaryInfo.Status.AVAILABLE
                    || backedUp == null
                    || !sameDictionary(held, backedUp)) {
                throw conflict(target, where);
            }
        }
        SortedMap<Integer, DictionaryInfo> below = table.versions().headMap(target.nextVersion());
        if (target.nextVersion() > table.nextVersion()
                || !target.versions().keySet().containsAll(below.keySet())) {
            throw conflict(target, where);
        }
        return List.copyOf(table.versions().tailMap(target.nextVersion()).keySet());
    }

    private RegistryException conflict(VersionTable target, String where) {
        String lowest = !table.versions().isEmpty()
                        && target.nextVersion() > table.versions().firstKey()
                ? ", past the backup's lowest version " + table.versions().firstKey()
                : "";
        return new RegistryException("Cannot restore into " + where + ": it is not empty (it holds "
                + target.versions().size() + " version(s), " + target.versions().keySet()
                + ", and its next version number is " + target.nextVersion() + lowest
                + "); a restore keeps every version's number, so it needs a registry where no version was ever"
                + " published: a new folder, or a missing or empty Kafka topic. Nothing was written");
    }

    /** Whether two records are of the same published dictionary: everything but status and lifecycle times. */
    private static boolean sameDictionary(DictionaryInfo a, DictionaryInfo b) {
        return a.subject().equals(b.subject())
                && a.sha256().equals(b.sha256())
                && a.size() == b.size()
                && a.level() == b.level()
                && a.createdAt().equals(b.createdAt())
                && a.metadata().equals(b.metadata());
    }
}
