package org.zdict.kafka.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;
import org.zdict.registry.DictionaryInfo;

/**
 * What the write side of a Kafka registry client ({@link RegistryWriterProvider}) uses of its reader: the
 * topic's settings, the state read so far, and waiting for the reader to reach an offset. Thread-safe.
 */
public interface RegistryAccess {
    /** {@return the registry's description, for messages: {@code registry kafka://HOST:PORT/TOPIC}} */
    String where();

    /** {@return the registry topic's name} */
    String topicName();

    /** {@return a new mutable map of settings for another Kafka client of the cluster, bootstrap servers included} */
    Map<String, Object> clientSettings();

    /** {@return how long any request waits at most, in milliseconds} */
    long timeoutMs();

    /** {@return how long a once-active version must have been retired before it may be removed, in milliseconds} */
    long removeGraceMs();

    /** {@return the clock of this client} */
    Clock clock();

    /** {@return the folder of the local copy} */
    Path cacheDir();

    /**
     * Whether the topic exists, creating nothing.
     *
     * @throws org.zdict.RegistryException if it has more than one partition
     * @throws RuntimeException if the cluster cannot be reached in time
     */
    boolean topicExists();

    /** {@return the offset the next record of the topic will get} */
    long endOffset();

    /** {@return whether this client cannot read its topic and serves the versions of its local copy} */
    boolean topicUnavailable();

    /** Waits until the reader has applied every record before {@code offset}, at most {@link #timeoutMs}. */
    void awaitPosition(long offset);

    /** {@return what {@code reader} finds in the state read so far, read under the reader's lock} */
    <T> T read(Function<RegistryState, T> reader);

    /** {@return the bytes of {@code info}'s version, from the local copy or the topic} */
    byte[] content(DictionaryInfo info);
}
