package org.zdict.registry;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything a registry records about one dictionary version, apart from its bytes. Immutable, so safe
 * to share between threads. Made by a {@link Builder} (so a later release can add a field without
 * breaking anyone), or from another record with {@link #withStatus}, {@link #withActivatedAt} and {@link
 * #withRetiredAt}.
 */
public final class DictionaryInfo {

    /** The subject of versions published without one: {@value}. */
    public static final String DEFAULT_SUBJECT = SubjectNames.DEFAULT;

    private final int version;
    private final String subject;
    private final String sha256;
    private final int size;
    private final int level;
    private final Instant createdAt;
    private final DictionaryStatus status;
    private final Map<String, String> metadata;
    private final Instant activatedAt;
    private final Instant retiredAt;

    private DictionaryInfo(Builder b) {
        if (b.version <= 0) {
            throw new IllegalArgumentException("Dictionary version must be positive, got " + b.version);
        }
        SubjectNames.check(b.subject);
        this.version = b.version;
        this.subject = b.subject;
        this.sha256 = Objects.requireNonNull(b.sha256, "sha256");
        this.size = b.size;
        this.level = b.level;
        this.createdAt = Objects.requireNonNull(b.createdAt, "createdAt");
        this.status = Objects.requireNonNull(b.status, "status");
        this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
        this.activatedAt = b.activatedAt;
        this.retiredAt = b.retiredAt;
    }

    /**
     * A builder of the record of {@code version}, in subject {@value #DEFAULT_SUBJECT}, {@linkplain
     * DictionaryStatus#AVAILABLE available}, without metadata or lifecycle times until set.
     *
     * @param version positive, unique in its registry (across all its subjects), never reused
     * @return the builder
     */
    public static Builder builder(int version) {
        return new Builder(version);
    }

    /** {@return the version: positive, unique in its registry (across all its subjects), never reused} */
    public int version() {
        return version;
    }

    /** {@return the lineage the version belongs to ({@link SubjectNames})} */
    public String subject() {
        return subject;
    }

    /** {@return the lower-case hex SHA-256 of the dictionary bytes} */
    public String sha256() {
        return sha256;
    }

    /** {@return the dictionary size in bytes} */
    public int size() {
        return size;
    }

    /** {@return the zstd level the dictionary was built for (the codec's default level for it)} */
    public int level() {
        return level;
    }

    /** {@return when the version was published} */
    public Instant createdAt() {
        return createdAt;
    }

    /** {@return active (the active version of its subject), available or retired} */
    public DictionaryStatus status() {
        return status;
    }

    /** {@return the free-form training metadata (samples, held-out ratio, ...), sorted by key, unmodifiable} */
    public Map<String, String> metadata() {
        return metadata;
    }

    /**
     * When the version last became the active version of its subject; empty if it never did, or if that
     * happened before registries recorded it.
     *
     * @return the time, or empty
     */
    public Optional<Instant> activatedAt() {
        return Optional.ofNullable(activatedAt);
    }

    /**
     * When the version was retired; empty if it is not retired, or was retired before registries recorded it.
     *
     * @return the time, or empty
     */
    public Optional<Instant> retiredAt() {
        return status == DictionaryStatus.RETIRED ? Optional.ofNullable(retiredAt) : Optional.empty();
    }

    /**
     * This record with another status.
     *
     * @param newStatus the status
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withStatus(DictionaryStatus newStatus) {
        return toBuilder().status(newStatus).build();
    }

    /**
     * This record with the time the version last became active.
     *
     * @param at the time
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withActivatedAt(Instant at) {
        return toBuilder().activatedAt(at).build();
    }

    /**
     * This record with the time the version was retired.
     *
     * @param at the time
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withRetiredAt(Instant at) {
        return toBuilder().retiredAt(at).build();
    }

    private Builder toBuilder() {
        return new Builder(version)
                .subject(subject)
                .sha256(sha256)
                .size(size)
                .level(level)
                .createdAt(createdAt)
                .status(status)
                .metadata(metadata)
                .activatedAt(activatedAt)
                .retiredAt(retiredAt);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DictionaryInfo that
                && version == that.version
                && size == that.size
                && level == that.level
                && subject.equals(that.subject)
                && sha256.equals(that.sha256)
                && createdAt.equals(that.createdAt)
                && status == that.status
                && metadata.equals(that.metadata)
                && Objects.equals(activatedAt, that.activatedAt)
                && Objects.equals(retiredAt, that.retiredAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, subject, sha256, size, level, createdAt, status, metadata, activatedAt, retiredAt);
    }

    @Override
    public String toString() {
        return "DictionaryInfo[version=" + version + ", subject=" + subject + ", sha256=" + sha256 + ", size=" + size
                + ", level=" + level + ", createdAt=" + createdAt + ", status=" + status + ", metadata=" + metadata
                + ", activatedAt=" + activatedAt + ", retiredAt=" + retiredAt + "]";
    }

    /**
     * Collects the fields of a {@link DictionaryInfo}. {@link #build()} throws {@link
     * IllegalArgumentException} for a version that is not positive or an invalid subject name, and {@link
     * NullPointerException} for a missing sha256, createdAt or status. Not thread-safe.
     */
    public static final class Builder {
        private final int version;
        private String subject = DEFAULT_SUBJECT;
        private String sha256;
        private int size;
        private int level;
        private Instant createdAt;
        private DictionaryStatus status = DictionaryStatus.AVAILABLE;
        private Map<String, String> metadata = Map.of();
        private Instant activatedAt;
        private Instant retiredAt;

        private Builder(int version) {
            this.version = version;
        }

        /**
         * Sets {@code subject}.
         *
         * @param subject the lineage the version belongs to; {@value #DEFAULT_SUBJECT} unless set
         * @return this builder
         */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /**
         * Sets {@code sha256}.
         *
         * @param sha256 lower-case hex SHA-256 of the dictionary bytes; required
         * @return this builder
         */
        public Builder sha256(String sha256) {
            this.sha256 = sha256;
            return this;
        }

        /**
         * Sets {@code size}.
         *
         * @param size the dictionary size in bytes
         * @return this builder
         */
        public Builder size(int size) {
            this.size = size;
            return this;
        }

        /**
         * Sets {@code level}.
         *
         * @param level the zstd level the dictionary was built for
         * @return this builder
         */
        public Builder level(int level) {
            this.level = level;
            return this;
        }

        /**
         * Sets {@code createdAt}.
         *
         * @param createdAt when the version was published; required
         * @return this builder
         */
        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        /**
         * Sets {@code status}.
         *
         * @param status active, available (unless set) or retired
         * @return this builder
         */
        public Builder status(DictionaryStatus status) {
            this.status = status;
            return this;
        }

        /**
         * Sets {@code metadata}.
         *
         * @param metadata free-form training metadata, copied; null means none
         * @return this builder
         */
        public Builder metadata(Map<String, String> metadata) {
            this.metadata = metadata == null ? Map.of() : metadata;
            return this;
        }

        /**
         * Sets {@code activatedAt}.
         *
         * @param activatedAt when the version last became active; null if never, or not recorded
         * @return this builder
         */
        public Builder activatedAt(Instant activatedAt) {
            this.activatedAt = activatedAt;
            return this;
        }

        /**
         * Sets {@code retiredAt}.
         *
         * @param retiredAt when the version was retired; null if not retired, or not recorded
         * @return this builder
         */
        public Builder retiredAt(Instant retiredAt) {
            this.retiredAt = retiredAt;
            return this;
        }

        /** {@return the record} */
        public DictionaryInfo build() {
            return new DictionaryInfo(this);
        }
    }
}
