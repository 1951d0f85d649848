package org.zdict.registry;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.zdict.UnknownDictionaryVersionException;

/**
 * The versions of dictionaries a codec may use. A version is a positive integer, unique within a
 * registry and never reused, whose bytes never change once published, so readers may cache them forever.
 *
 * <p>Lifecycle: {@link #publish} (available) → {@link #activate} (used for new payloads) → {@link
 * #retire} (decodes only) → {@link #remove} (gone for good, an explicit separate step). Implementations
 * are safe for concurrent use.
 */
public interface DictionaryRegistry extends AutoCloseable {

    /**
     * Publishes a new version, not yet active.
     *
     * @param content a standard zstd dictionary
     * @param level the zstd level it was built for
     * @param metadata free-form training metadata
     * @return the new version's record
     */
    DictionaryInfo publish(byte[] content, int level, Map<String, String> metadata);

    /** Makes {@code version} the one new payloads use. Refuses retired and unknown versions. */
    void activate(int version);

    /** Stops new payloads from using {@code version}; it still decodes. Refuses the active version. */
    void retire(int version);

    /** Deletes {@code version} for good. Refuses the active version. The number is never reused. */
    void remove(int version);

    /** Every version, in ascending order. */
    List<DictionaryInfo> list();

    /** The record of {@code version}, if the registry holds it. */
    Optional<DictionaryInfo> info(int version);

    /**
     * The dictionary {@code version} with its bytes, checked against its recorded SHA-256.
     *
     * @throws UnknownDictionaryVersionException if the registry does not hold it
     * @throws org.zdict.CorruptDictionaryException if its stored bytes cannot be trusted
     */
    Dictionary get(int version);

    /** The version new payloads use, if one is active. Cheap enough to call per record. */
    OptionalInt activeVersion();

    /** A short description of where this registry lives, for error messages. */
    String describe();

    /** Releases whatever the registry holds open. Idempotent. */
    @Override
    default void close() {}
}
