package org.zdict.registry;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything a registry records about one dictionary version, apart from its bytes. Immutable, so safe
 * to share between threads; the canonical constructor throws {@link IllegalArgumentException} for a
 * version that is not positive or an invalid subject name, and {@link NullPointerException} for a missing
 * field.
 *
 * @param version positive, unique in its registry (across all its subjects), never reused
 * @param subject the lineage the version belongs to ({@link SubjectNames}); {@value #DEFAULT_SUBJECT}
 *     unless published into another
 * @param sha256 lower-case hex SHA-256 of the dictionary bytes
 * @param size dictionary size in bytes
 * @param level the zstd level the dictionary was built for (the codec's default level for it)
 * @param createdAt when it was published
 * @param status active (the active version of its subject), available or retired
 * @param metadata free-form training metadata (samples, held-out ratio, ...), sorted by key; the registry
 *     itself records the lifecycle times {@value #ACTIVATED_AT} and {@value #RETIRED_AT} here (ISO-8601),
 *     keys that publishing refuses
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

    /** Metadata key: when the version last became the active version of its subject, ISO-8601. */
    public static final String ACTIVATED_AT = "activatedAt";

    /** Metadata key: when the version was retired, ISO-8601. */
    public static final String RETIRED_AT = "retiredAt";

    /**
     * Checks and copies the fields (see the class description).
     *
     * @param version the dictionary version
     * @param subject the subject (lineage) the version belongs to
     * @param sha256 lower-case hex SHA-256 of the dictionary bytes
     * @param size dictionary size in bytes
     * @param level the zstd level the dictionary was built for
     * @param createdAt when it was published
     * @param status active, available or retired
     * @param metadata free-form training metadata
     */
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

    /**
     * A record of the {@value #DEFAULT_SUBJECT} subject.
     *
     * @param version positive, unique in its registry
     * @param sha256 lower-case hex SHA-256 of the dictionary bytes
     * @param size dictionary size in bytes
     * @param level the zstd level the dictionary was built for
     * @param createdAt when it was published
     * @param status active, available or retired
     * @param metadata free-form training metadata
     */
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

    /**
     * This record with another status.
     *
     * @param newStatus the status
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withStatus(DictionaryStatus newStatus) {
        return new DictionaryInfo(version, subject, sha256, size, level, createdAt, newStatus, metadata);
    }

    /**
     * When the version last became the active version of its subject; empty if it never did, or if that
     * happened before registries recorded it.
     *
     * @return the time, from metadata {@value #ACTIVATED_AT}
     */
    public Optional<Instant> activatedAt() {
        return time(ACTIVATED_AT);
    }

    /**
     * When the version was retired; empty if it is not retired, or was retired before registries recorded it.
     *
     * @return the time, from metadata {@value #RETIRED_AT}
     */
    public Optional<Instant> retiredAt() {
        return status == DictionaryStatus.RETIRED ? time(RETIRED_AT) : Optional.empty();
    }

    /**
     * This record with the lifecycle time {@code key} ({@link #ACTIVATED_AT} or {@link #RETIRED_AT}) set.
     *
     * @param key the metadata key
     * @param at the time to record
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withTime(String key, Instant at) {
        Map<String, String> stamped = new TreeMap<>(metadata);
        stamped.put(key, at.toString());
        return new DictionaryInfo(version, subject, sha256, size, level, createdAt, status, stamped);
    }

    private Optional<Instant> time(String key) {
        String value = metadata.get(key);
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(value));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
