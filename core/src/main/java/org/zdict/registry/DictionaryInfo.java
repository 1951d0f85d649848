package org.zdict.registry;

import java.time.Instant;
import java.util.Collections;
import java.util.Locale;
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
    public static final String DEFAULT_SUBJECT = "default";

    private final int version;
    private final String subject;
    private final String sha256;
    private final int size;
    private final int level;
    private final Instant createdAt;
    private final Status status;
    private final Map<String, String> metadata;
    private final Instant activatedAt;
    private final Instant retiredAt;

    private DictionaryInfo(Builder b) {
        if (b.version <= 0) {
            throw new IllegalArgumentException("Dictionary version must be positive, got " + b.version);
        }
        DictionaryRegistry.checkSubject(b.subject);
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
     * Status#AVAILABLE available}, without metadata or lifecycle times until set.
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

    /** {@return the lineage the version belongs to ({@link DictionaryRegistry#checkSubject})} */
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
    public Status status() {
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
        return status == Status.RETIRED ? Optional.ofNullable(retiredAt) : Optional.empty();
    }

    /**
     * This record with another status.
     *
     * @param newStatus the status
     * @return a new record, equal in every other field
     */
    public DictionaryInfo withStatus(Status newStatus) {
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
        private Status status = Status.AVAILABLE;
        private Map<String, String> metadata = Map.of();
        private Instant activatedAt;
        private Instant retiredAt;

        private Builder(int version) {
            this.version = version;
        }

        /** Sets {@code subject}: the lineage the version belongs to; {@value #DEFAULT_SUBJECT} unless set. */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /** Sets {@code sha256}: lower-case hex SHA-256 of the dictionary bytes; required. */
        public Builder sha256(String sha256) {
            this.sha256 = sha256;
            return this;
        }

        /** Sets {@code size}: the dictionary size in bytes. */
        public Builder size(int size) {
            this.size = size;
            return this;
        }

        /** Sets {@code level}: the zstd level the dictionary was built for. */
        public Builder level(int level) {
            this.level = level;
            return this;
        }

        /** Sets {@code createdAt}: when the version was published; required. */
        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        /** Sets {@code status}: active, available (unless set) or retired. */
        public Builder status(Status status) {
            this.status = status;
            return this;
        }

        /** Sets {@code metadata}: free-form training metadata, copied; null means none. */
        public Builder metadata(Map<String, String> metadata) {
            this.metadata = metadata == null ? Map.of() : metadata;
            return this;
        }

        /** Sets {@code activatedAt}: when the version last became active; null if never, or not recorded. */
        public Builder activatedAt(Instant activatedAt) {
            this.activatedAt = activatedAt;
            return this;
        }

        /** Sets {@code retiredAt}: when the version was retired; null if not retired, or not recorded. */
        public Builder retiredAt(Instant retiredAt) {
            this.retiredAt = retiredAt;
            return this;
        }

        /** {@return the record} */
        public DictionaryInfo build() {
            return new DictionaryInfo(this);
        }
    }

    /** Where a published version stands. Every status except removal still decodes. Immutable (an enum). */
    public enum Status {
        /** The version new payloads are compressed with. At most one per subject. */
        ACTIVE,
        /** Published, decodes, may be activated. */
        AVAILABLE,
        /** Decodes, but new payloads never use it and it cannot be activated again. */
        RETIRED;

        /** {@return the lower-case name used in manifests, JSON output and the CLI} */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The status with this {@link #label()}.
         *
         * @param label {@code active}, {@code available} or {@code retired}
         * @return the status
         * @throws IllegalArgumentException naming the label for any other value
         */
        public static Status ofLabel(String label) {
            for (Status status : values()) {
                if (status.label().equals(label)) {
                    return status;
                }
            }
            throw new IllegalArgumentException(
                    "Unknown dictionary status '" + label + "'; expected active, available or retired");
        }
    }

    /**
     * What a codec writes with a dictionary version: zstd frames (the default) or LZ4 blocks against the
     * dictionary's last 64 KiB, an opt-in for topics whose consumers are CPU-bound (docs/FORMAT.md,
     * docs/TRAINING.md). Recorded per version in its metadata under {@link #METADATA_KEY}, where the
     * previous release reads and keeps it (and writes zstd frames with the version, which every release
     * decodes). Readers need no setting: every payload says what it holds. Immutable (an enum).
     */
    public enum Codec {
        /** zstd frames at the version's level. */
        ZSTD("zstd"),
        /** LZ4 blocks (a hash-chain search 16 candidates deep) against the dictionary's last 64 KiB. */
        LZ4("lz4");

        /** The metadata key a version's codec is recorded under; absent means {@link #ZSTD}. */
        public static final String METADATA_KEY = "zdict.codec";

        private final String label;

        Codec(String label) {
            this.label = label;
        }

        /** {@return the name recorded in the metadata and given on the command line: {@code zstd} or {@code lz4}} */
        public String label() {
            return label;
        }

        /**
         * The metadata that publishes a version for this codec, to pass to {@link DictionaryRegistry#publish}:
         * {@code zdict.codec=lz4} for {@link #LZ4}, none for {@link #ZSTD} (the default).
         *
         * @return an immutable map
         */
        public Map<String, String> metadata() {
            return this == ZSTD ? Map.of() : Map.of(METADATA_KEY, label);
        }

        /**
         * The codec named {@code label}.
         *
         * @param label {@code zstd} or {@code lz4}
         * @return the codec
         * @throws IllegalArgumentException for any other name, listing the known ones
         */
        public static Codec ofLabel(String label) {
            for (Codec codec : values()) {
                if (codec.label.equals(label)) {
                    return codec;
                }
            }
            throw new IllegalArgumentException(
                    "Unknown dictionary codec '" + label + "': expected zstd or lz4 (" + METADATA_KEY + ")");
        }

        /**
         * The codec recorded in {@code metadata}: {@link #ZSTD} when none is.
         *
         * @param metadata a version's metadata
         * @return the codec
         * @throws IllegalArgumentException when the recorded name is unknown (a newer release's codec)
         */
        public static Codec of(Map<String, String> metadata) {
            String label = metadata.get(METADATA_KEY);
            return label == null ? ZSTD : ofLabel(label);
        }

        /**
         * The codec recorded for the version {@code info} describes.
         *
         * @param info the version's record
         * @return the codec
         * @throws IllegalArgumentException when the recorded name is unknown (a newer release's codec)
         */
        public static Codec of(DictionaryInfo info) {
            return of(info.metadata());
        }
    }
}
