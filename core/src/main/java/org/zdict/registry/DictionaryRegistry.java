package org.zdict.registry;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedSet;
import java.util.TreeSet;
import org.zdict.UnknownDictionaryVersionException;

/**
 * The versions of dictionaries a codec may use, with their administration: publishing and the lifecycle
 * below; the read path a codec needs is {@link DictionarySource}. A version is a positive integer, unique within a
 * registry and never reused, whose bytes never change once published, so readers may cache them forever.
 *
 * <p>Versions belong to <em>subjects</em> ({@link #checkSubject}), one lineage of dictionaries each with
 * its own active version; version numbers are unique across all subjects, so a version alone names its
 * dictionary and decoding never needs a subject. Everything that names no subject means {@value
 * DictionaryInfo#DEFAULT_SUBJECT}, which is all a registry written before subjects holds.
 *
 * <p>Lifecycle: {@link #publish} (available) → {@link #activate} (used for new payloads) → {@link
 * #retire} (decodes only) → {@link #remove} (gone for good, an explicit separate step), each step
 * within the version's subject: activating a version changes the active version of its subject only.
 * Implementations are safe for concurrent use by many threads. Every method may throw {@link
 * org.zdict.RegistryException} when the registry's storage (a folder, a Kafka topic) cannot be read or
 * written, and refuses a change the lifecycle forbids with {@link org.zdict.RegistryException} or {@link
 * IllegalArgumentException}, naming the version.
 */
public interface DictionaryRegistry extends DictionarySource {

    /**
     * The valid subject names, as a regular expression: 1 to 255 characters from {@code a-z A-Z 0-9 . _
     * -}. Every valid Kafka topic name (1 to 249 of the same characters) is one, and so is a topic name
     * followed by {@code -value} or {@code -key}, Schema Registry's {@code TopicNameStrategy} names.
     */
    String SUBJECT_PATTERN = "[a-zA-Z0-9._-]{1,255}";

    /**
     * Whether {@code name} is a valid subject name ({@link #SUBJECT_PATTERN}).
     *
     * @param name any string, or null
     * @return true for 1 to 255 characters from {@code a-z A-Z 0-9 . _ -}
     */
    static boolean isValidSubject(String name) {
        return name != null && SubjectPattern.PATTERN.matcher(name).matches();
    }

    /**
     * Returns {@code name} if it is a valid subject name ({@link #SUBJECT_PATTERN}).
     *
     * @param name the name to check
     * @return {@code name}
     * @throws IllegalArgumentException naming the value and the allowed characters otherwise
     */
    static String checkSubject(String name) {
        if (!isValidSubject(name)) {
            throw new IllegalArgumentException("Invalid subject name '" + name + "': a subject name is 1 to 255"
                    + " characters from a-z A-Z 0-9 . _ - (" + SUBJECT_PATTERN + "), like a Kafka topic name");
        }
        return name;
    }

    /**
     * The subject Schema Registry's {@code TopicNameStrategy} gives {@code topic}: {@code <topic>-key} for
     * keys, {@code <topic>-value} for values.
     *
     * @param topic a Kafka topic name
     * @param isKey whether the subject is for record keys
     * @return the subject name
     * @throws IllegalArgumentException if the result is not a valid subject name
     */
    static String subjectForTopic(String topic, boolean isKey) {
        return checkSubject(topic + (isKey ? "-key" : "-value"));
    }

    /**
     * Publishes a new version into {@code subject}, not yet active. Its number is the next one of the
     * whole registry.
     *
     * @param subject a valid subject name ({@link #checkSubject}); the subject exists once it has a version
     * @param content a standard zstd dictionary
     * @param level the zstd level it was built for
     * @param metadata free-form training metadata
     * @return the new version's record
     * @throws IllegalArgumentException if the subject name is invalid, before anything is written
     */
    DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata);

    /**
     * Publishes a new version into the {@value DictionaryInfo#DEFAULT_SUBJECT} subject, not yet active.
     *
     * @param content a standard zstd dictionary
     * @param level the zstd level it was built for
     * @param metadata free-form training metadata
     * @return the new version's record
     */
    default DictionaryInfo publish(byte[] content, int level, Map<String, String> metadata) {
        return publish(DictionaryInfo.DEFAULT_SUBJECT, content, level, metadata);
    }

    /**
     * Makes {@code version} the one new payloads of its subject use; other subjects keep theirs. Refuses
     * retired and unknown versions.
     *
     * @param version a published, not retired version
     * @throws UnknownDictionaryVersionException if the registry does not hold it
     * @throws org.zdict.RegistryException if it is retired
     */
    void activate(int version);

    /**
     * Makes {@code version} active as {@link #activate(int)} does, but only if the active version of its
     * subject is still {@code expectedActive} (empty: the subject has none), checked and changed in one
     * atomic step against every other writer of the registry, in this process or another: a
     * compare-and-set. Two writers that both decided to replace the same active version cannot both
     * succeed; the second is refused and changes nothing.
     *
     * @param expectedActive the active version the caller's decision was made against
     * @throws org.zdict.RegistryException of kind {@code ACTIVE_VERSION_CHANGED} if the subject's active
     *     version is another one; nothing changed
     */
    void activate(int version, OptionalInt expectedActive);

    /**
     * Makes {@code set} the active state of the subject of its fallback version, in one change: the
     * fallback becomes the subject's active version and the members route its events. Only if the
     * subject's active version is still {@code expectedActive} and its set still {@code expectedSet}
     * (empty: none), checked against every other writer, as {@link #activate(int, OptionalInt)} does.
     * {@link #activate(int)} later replaces the set by one version.
     *
     * @param set the rule, the fallback and the members: published, not retired versions of one subject
     * @param expectedActive the active version the caller's decision was made against
     * @param expectedSet the set the caller's decision was made against
     * @throws UnknownDictionaryVersionException if the registry does not hold one of its versions
     * @throws org.zdict.RegistryException if one is retired or of another subject, or (kind {@code
     *     ACTIVE_VERSION_CHANGED}) the subject's active state is another one; nothing changed
     * @throws UnsupportedOperationException if this kind of registry holds no sets (the default)
     */
    default void activateSet(DictionarySet set, OptionalInt expectedActive, Optional<DictionarySet> expectedSet) {
        throw new UnsupportedOperationException("The " + describe() + " cannot hold dictionary sets");
    }

    /** Makes {@code set} the active state of its subject, whatever that state is now. */
    default void activateSet(DictionarySet set) {
        DictionaryInfo fallback = info(set.fallback())
                .orElseThrow(() -> new UnknownDictionaryVersionException(set.fallback(), describe()));
        activateSet(set, activeVersion(fallback.subject()), activeSet(fallback.subject()));
    }

    /**
     * Stops new payloads from using {@code version}; it still decodes. Refuses the active version of its
     * subject.
     *
     * @param version a published version that is not active
     * @throws UnknownDictionaryVersionException if the registry does not hold it
     * @throws org.zdict.RegistryException if it is the active version of its subject
     */
    void retire(int version);

    /**
     * Deletes {@code version} for good. Refuses the active version of its subject. The number is never
     * reused.
     *
     * @param version a published version that is not active
     * @throws UnknownDictionaryVersionException if the registry does not hold it
     * @throws org.zdict.RegistryException if it is active, or (Kafka registry) retired too recently
     */
    void remove(int version);

    /** {@return every version of every subject, in ascending order of version} */
    List<DictionaryInfo> list();

    /**
     * The number the next {@link #publish} takes: above every version the registry holds and every one
     * it removed, so a backup that keeps it ({@code zdict registry export --all}) never lets a restored
     * registry reissue a number.
     *
     * @return the next version number, at least 1
     * @throws UnsupportedOperationException if this kind of registry does not say (the default)
     */
    default int nextVersion() {
        throw new UnsupportedOperationException("The " + describe() + " does not tell its next version number");
    }

    /**
     * Takes {@code versions} with the numbers, subjects, statuses, times and active versions they have,
     * and {@code nextVersion}: restores a backup ({@code zdict registry import --all}) into this registry,
     * which must be empty (no version ever published). Payloads name their version, so a restored
     * registry decodes what the backed-up one did. The arguments are checked before anything is written.
     * The dictionaries are written first and the statuses last, so a restore cut short leaves no active
     * version; repeating it completes it (a registry that holds only some of these versions, each
     * available and as in the backup, takes the rest).
     *
     * @param versions the versions with their bytes, as {@link #get} returns them from the registry backed up
     * @param nextVersion that registry's {@link #nextVersion()}, above every one of {@code versions}
     * @throws IllegalArgumentException if a version's bytes do not match its size or SHA-256, are not a
     *     zstd dictionary, or a number is repeated or not below {@code nextVersion}; nothing is written
     * @throws org.zdict.RegistryException naming this registry if it already holds versions or used
     *     numbers (other than those of a restore of these versions cut short); nothing is written
     * @throws UnsupportedOperationException if this kind of registry cannot take given numbers (the default)
     */
    default void restore(List<Dictionary> versions, int nextVersion) {
        throw new UnsupportedOperationException("The " + describe()
                + " cannot take versions with their numbers; restore into a folder or a" + " Kafka registry");
    }

    /**
     * As {@link #restore(List, int)}, with the dictionary sets the backed-up registry had active ({@link
     * #activeSet}), restored in the same change as the statuses: a set is never half restored.
     *
     * @param sets each set's fallback is the active version of its subject in {@code versions}
     * @throws IllegalArgumentException if a set does not fit {@code versions}; nothing is written
     * @throws UnsupportedOperationException if this kind of registry holds no sets and {@code sets} is not empty
     */
    default void restore(List<Dictionary> versions, int nextVersion, Collection<DictionarySet> sets) {
        if (!sets.isEmpty()) {
            throw new UnsupportedOperationException("The " + describe() + " cannot hold dictionary sets");
        }
        restore(versions, nextVersion);
    }

    /** {@return the names of the subjects that hold at least one version, sorted} */
    default SortedSet<String> subjects() {
        SortedSet<String> subjects = new TreeSet<>();
        for (DictionaryInfo info : list()) {
            subjects.add(info.subject());
        }
        return Collections.unmodifiableSortedSet(subjects);
    }
}
