package org.zdict.registry;

import java.util.Map;

/**
 * What a codec writes with a dictionary version: zstd frames (the default) or LZ4 blocks against the
 * dictionary's last 64 KiB, an opt-in for topics whose consumers are CPU-bound (docs/FORMAT.md,
 * docs/TRAINING.md). Recorded per version in its metadata under {@link #METADATA_KEY}, where the
 * previous release reads and keeps it (and writes zstd frames with the version, which every release
 * decodes). Readers need no setting: every payload says what it holds. Immutable (an enum).
 */
public enum DictionaryCodec {
    /** zstd frames at the version's level. */
    ZSTD("zstd"),
    /** LZ4 blocks (a hash-chain search 16 candidates deep) against the dictionary's last 64 KiB. */
    LZ4("lz4");

    /** The metadata key a version's codec is recorded under; absent means {@link #ZSTD}. */
    public static final String METADATA_KEY = "zdict.codec";

    private final String label;

    DictionaryCodec(String label) {
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
    public static DictionaryCodec ofLabel(String label) {
        for (DictionaryCodec codec : values()) {
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
    public static DictionaryCodec of(Map<String, String> metadata) {
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
    public static DictionaryCodec of(DictionaryInfo info) {
        return of(info.metadata());
    }
}
