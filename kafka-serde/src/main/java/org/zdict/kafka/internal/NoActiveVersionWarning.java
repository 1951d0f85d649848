package org.zdict.kafka.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.zdict.registry.DictionarySource;

/**
 * The warning that a writer compresses a subject's records as plain zstd (no dictionary) because its
 * registry has no active version for that subject: logged at WARN the first time for each subject, then
 * never again by this instance. Make one per writer (a serializer, a Spark encode function); {@link
 * #noActiveVersion} may be called for every record, from any thread: after the first call for a subject
 * it is one lock-free lookup that allocates nothing.
 */
public final class NoActiveVersionWarning {
    private final Logger log;
    private final String writer;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /**
     * @param log where the warning goes
     * @param writer what writes, for the message: {@code "ZdictSerializer"}, {@code "zdict_encode"}
     */
    public NoActiveVersionWarning(Logger log, String writer) {
        this.log = log;
        this.writer = writer;
    }

    /**
     * Records that a record of {@code subject} was written without a dictionary; warns the first time.
     *
     * @param subject the record's subject
     * @param registry the writer's registry, named in the warning
     * @return whether this call logged the warning
     */
    public boolean noActiveVersion(String subject, DictionarySource registry) {
        if (warned.contains(subject) || !warned.add(subject)) {
            return false;
        }
        log.warn(message(writer, subject, registry.describe()));
        return true;
    }

    /** The warning's text: who writes what, why, and what to do. */
    public static String message(String writer, String subject, String registry) {
        return writer + " writes the records of subject " + subject + " as plain zstd, without a dictionary:"
                + " " + registry + " has no active version for it. They stay readable, but compress far less."
                + " Activate a version of the subject (zdict registry activate VERSION --subject " + subject
                + ", or zdict train --subject " + subject + " --activate); the writer switches to it with no"
                + " restart. Logged once per subject; the metric records-without-dictionary-total counts them";
    }
}
