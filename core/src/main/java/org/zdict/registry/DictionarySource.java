package org.zdict.registry;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.zdict.UnknownDictionaryVersionException;

/**
 * Where a codec reads its dictionaries: the read path of a registry, without administration. Versions
 * are positive integers whose bytes never change once published, so readers may cache them forever.
 * {@link DictionaryRegistry} extends it with publishing and the lifecycle; a codec ({@link
 * org.zdict.codec.ZdictCodec}) needs only this.
 *
 * <p>Implementations are safe for concurrent use by many threads. Every method may throw {@link
 * org.zdict.RegistryException} when the storage behind the source (a folder, a Kafka topic) cannot be
 * read.
 */
public interface DictionarySource extends AutoCloseable {

    /**
     * The dictionary {@code version} with its bytes, checked against its recorded SHA-256.
     *
     * @param version a version the source holds
     * @return the dictionary, immutable
     * @throws UnknownDictionaryVersionException if the source does not hold it
     * @throws org.zdict.CorruptDictionaryException if its stored bytes cannot be trusted
     */
    Dictionary get(int version);

    /**
     * The record of {@code version}, if the source holds it.
     *
     * @param version any number
     * @return its record, or empty if the source does not hold it (never published, or removed)
     */
    Optional<DictionaryInfo> info(int version);

    /**
     * The version new payloads of {@code subject} use, if one is active; empty for a subject with no
     * versions. Cheap enough to call per record.
     *
     * @param subject a subject name
     * @return the active version, or empty
     */
    OptionalInt activeVersion(String subject);

    /** {@return the active version of the {@value DictionaryInfo#DEFAULT_SUBJECT} subject, or empty} */
    default OptionalInt activeVersion() {
        return activeVersion(DictionaryInfo.DEFAULT_SUBJECT);
    }

    /**
     * The dictionary set that routes {@code subject}'s events, if its active state is one: the set's
     * fallback is then {@link #activeVersion(String)}. Cheap enough to call per record.
     *
     * @param subject a subject name
     * @return the set, or empty when the subject has one active version or none (the default)
     */
    default Optional<DictionarySet> activeSet(String subject) {
        return Optional.empty();
    }

    /**
     * Waits up to {@code timeout} for {@code version} to arrive (published by another process or thread,
     * or read from wherever the source follows its changes). Returns at once if the source holds it.
     *
     * @param version the dictionary version
     * @param timeout how long to wait at most
     * @return whether the source now holds it. An interrupt ends the wait with the thread's interrupt
     *     status set again, returning false or throwing {@link org.zdict.RegistryException}
     */
    boolean awaitVersion(int version, Duration timeout);

    /** What {@link #revision()} returns for a source that does not count its changes. */
    long UNCOUNTED_REVISION = -1;

    /**
     * A number that grows whenever what the source serves changes (a version published, activated,
     * retired, removed or restored, or read from wherever the source follows its changes), so that a
     * reader that found a version missing can tell, without waiting, whether asking again could help: not
     * while the revision is the same. Cheap enough to call per record. A source that never changes may
     * return a constant.
     *
     * @return the revision, or {@link #UNCOUNTED_REVISION} if the source does not count its changes (the
     *     default); readers then ask again after a while
     */
    default long revision() {
        return UNCOUNTED_REVISION;
    }

    /** {@return a short description of where this source lives, for error messages} */
    String describe();

    /** Releases whatever the source holds open. Idempotent. */
    @Override
    default void close() {}
}
