package org.zdict.kafka;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RecordRefusal;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Which record holds each version number, for {@link RegistryLog}: the first valid claim wins. A version
 * seeded from the reader's local copy counts as a claim older than any record; then the {@code
 * dict/N/WRITER} record with the lowest offset, whose bytes must match the SHA-256 it states. It keeps the
 * facts of each won version and its record's offset, not its bytes: those won since the last {@link
 * #takeNewContents} are handed out once, to store. Not thread-safe; the log's owner synchronises.
 */
final class VersionClaims {
    /** A won version: its immutable facts (status to be set from the state record) and its record's offset. */
    private record Published(DictionaryInfo facts, long offset) {}

    /** The winner of a version that this reader holds from its local copy and the topic holds no record of. */
    static final String LOCAL_COPY = "(local copy)";

    private final RefusedRecords refused;
    private final Map<Integer, String> winners = new HashMap<>();
    private final Map<Integer, Published> published = new TreeMap<>();
    private final Map<Integer, byte[]> newContents = new HashMap<>();
    private int maxClaimed;

    VersionClaims(RefusedRecords refused) {
        this.refused = refused;
    }

    /** Seeds the versions of the local copy ({@link RegistryLog#seed}). */
    void seed(Iterable<DictionaryInfo> verified) {
        for (DictionaryInfo info : verified) {
            int version = info.version();
            if (winners.containsKey(version)) {
                continue;
            }
            winners.put(version, LOCAL_COPY);
            maxClaimed = Math.max(maxClaimed, version);
            published.put(
                    version,
                    new Published(
                            facts(
                                    version,
                                    info.subject(),
                                    info.sha256(),
                                    info.size(),
                                    info.level(),
                                    info.createdAt(),
                                    info.metadata()),
                            -1));
        }
    }

    /**
     * Applies the claim {@code key} makes of {@code version} with the record {@code value}; returns whether
     * it won or took the place of a local copy's (the table must be rebuilt).
     */
    boolean claim(long offset, String key, int version, byte[] value) {
        DictionaryRecord record;
        try {
            record = RegistryRecords.readDictionaryRecord(value);
        } catch (RegistryException e) {
            return refuse(RecordRefusal.UNREADABLE, offset, key, e.getMessage());
        }
        if (record.version() != version) {
            return refuse(
                    RecordRefusal.UNREADABLE, offset, key, "it holds version " + record.version() + " under its key");
        }
        String sha256 = Dictionary.sha256(record.content());
        if (!sha256.equals(record.sha256())) {
            return refuse(
                    RecordRefusal.HASH_MISMATCH,
                    offset,
                    key,
                    "it states SHA-256 " + record.sha256() + ", its bytes have " + sha256);
        }
        if (LOCAL_COPY.equals(winners.get(version)) && published.containsKey(version)) {
            Published local = published.get(version);
            if (local.facts().sha256().equals(sha256)) {
                winners.put(version, key); // the topic holds it again: its record is where to read it from
                published.put(version, new Published(local.facts(), offset));
                return true;
            }
            return refuse(
                    RecordRefusal.VERSION_TAKEN,
                    offset,
                    key,
                    "version " + version + " is in this reader's local copy with other bytes (SHA-256 "
                            + local.facts().sha256() + ")");
        }
        if (winners.containsKey(version)) {
            Published won = published.get(version);
            if (won != null && won.facts().sha256().equals(sha256)) {
                return false;
            }
            return refuse(
                    RecordRefusal.VERSION_TAKEN,
                    offset,
                    key,
                    "version " + version + " was won by " + winners.get(version) + " with other bytes");
        }
        winners.put(version, key);
        maxClaimed = Math.max(maxClaimed, version);
        DictionaryInfo facts = facts(
                version,
                record.subject(),
                record.sha256(),
                record.content().length,
                record.level(),
                record.createdAt(),
                record.metadata());
        published.put(version, new Published(facts, offset));
        newContents.put(version, record.content());
        return true;
    }

    private static DictionaryInfo facts(
            int version,
            String subject,
            String sha256,
            int size,
            int level,
            Instant createdAt,
            Map<String, String> metadata) {
        return DictionaryInfo.builder(version)
                .subject(subject)
                .sha256(sha256)
                .size(size)
                .level(level)
                .createdAt(createdAt)
                .status(DictionaryInfo.Status.AVAILABLE)
                .metadata(metadata)
                .build();
    }

    private boolean refuse(RecordRefusal reason, long offset, String key, String detail) {
        refused.refused(reason, offset, key, detail);
        return false;
    }

    /** The key that won {@code version}, {@value #LOCAL_COPY}, or null if nobody claimed it yet. */
    String winner(int version) {
        return winners.get(version);
    }

    /** Whether a version is held (won and not dropped). */
    boolean holds(int version) {
        return published.containsKey(version);
    }

    /** Whether {@code version} is held from the local copy only, no record of the topic. */
    boolean fromLocalCopy(int version) {
        return LOCAL_COPY.equals(winners.get(version));
    }

    /** Forgets a removed version's facts and bytes; its number stays claimed. */
    void drop(int version) {
        published.remove(version);
        newContents.remove(version);
    }

    /** The highest version number claimed so far, 0 if none. */
    int maxClaimed() {
        return maxClaimed;
    }

    /** The facts of every held version, by version. */
    Collection<DictionaryInfo> facts() {
        List<DictionaryInfo> facts = new ArrayList<>(published.size());
        for (Published p : published.values()) {
            facts.add(p.facts());
        }
        return facts;
    }

    /**
     * The bytes of the versions won since the last call (as their records carry them, not yet checked
     * against their SHA-256), which are no longer held afterwards.
     */
    Map<Integer, byte[]> takeNewContents() {
        Map<Integer, byte[]> taken = Map.copyOf(newContents);
        newContents.clear();
        return taken;
    }

    /** The offset of the record of each of {@code versions} that a record of the topic holds. */
    Map<Integer, Long> offsets(Set<Integer> versions) {
        Map<Integer, Long> offsets = new HashMap<>();
        for (int version : versions) {
            long offset = published.get(version).offset();
            if (offset >= 0) {
                offsets.put(version, offset);
            }
        }
        return offsets;
    }

    /** Of {@code versions}, those held from the local copy only. */
    SortedSet<Integer> localOnly(Set<Integer> versions) {
        SortedSet<Integer> local = new TreeSet<>();
        winners.forEach((version, key) -> {
            if (LOCAL_COPY.equals(key) && versions.contains(version)) {
                local.add(version);
            }
        });
        return local;
    }
}
