package org.zdict.registry;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything a registry records about one dictionary version, apart from its bytes.
 *
 * @param version positive, unique in its registry (across all its subjects), never reused
 * @param subject the lineage the version belongs to ({@link SubjectNames}); {@value #DEFAULT_SUBJECT}
 *     unless published into another
 * @param sha256 lower-case hex SHA-256 of the dictionary bytes
 * @param size dictionary size in bytes
 * @param level the zstd level the dictionary was built for (the codec's default level for it)
 * @param createdAt when it was published
 * @param status active (the active version of its subject), available or retired
 * @param metadata free-form training metadata (samples, held-out ratio, ...), sorted by key
 */
public record DictionaryInfo(
        int version,
        String subject,
        String sha256,
        int size,
        int level,
        Instant createdAt,
        DictionaryStatus status,
        Map<String, String> metadata) {

    /** The subject of versions published without one: {@value}. */
    public static final String DEFAULT_SUBJECT = SubjectNames.DEFAULT;

    public DictionaryInfo {
        if (version <= 0) {
            throw new IllegalArgumentException("Dictionary version must be positive, got " + version);
        }
        SubjectNames.check(subject);
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(status, "status");
        metadata = Collections.unmodifiableSortedMap(new TreeMap<>(metadata == null ? Map.of() : metadata));
    }

    /** A record of the {@value #DEFAULT_SUBJECT} subject. */
    public DictionaryInfo(
            int version,
            String sha256,
            int size,
            int level,
            Instant createdAt,
            DictionaryStatus status,
            Map<String, String> metadata) {
        this(version, DEFAULT_SUBJECT, sha256, size, level, createdAt, status, metadata);
    }

    public DictionaryInfo withStatus(DictionaryStatus newStatus) {
        return new DictionaryInfo(version, subject, sha256, size, level, createdAt, newStatus, metadata);
    }
}
