package org.zdict.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zdict.CorruptDictionaryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.ZdictException;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Hands out the dictionaries a {@link RegistryFollower} serves, reading their bytes from the local copy
 * each time (checked against the SHA-256 of their record on the first read, see {@link
 * org.zdict.registry.support.DictionaryFiles}), so none is held on the heap between calls: the codec's bounded
 * cache of digested dictionaries is what keeps them. A version whose file is missing, unreadable or
 * changed is read again from its record in the topic and stored again. Thread-safe.
 */
final class VerifiedDictionaries {
    private static final Logger LOG = LoggerFactory.getLogger(VerifiedDictionaries.class);

    private final String where;
    private final RegistryFollower follower;
    private final RegistryCache cache;
    private final RegistryTopic topic;

    VerifiedDictionaries(String where, RegistryFollower follower, RegistryCache cache, RegistryTopic topic) {
        this.where = where;
        this.follower = follower;
        this.cache = cache;
        this.topic = topic;
    }

    /**
     * @throws UnknownDictionaryVersionException if {@code version} is not served
     * @throws CorruptDictionaryException if its bytes match its record neither in the local copy nor in
     *     the topic
     */
    Dictionary get(int version) {
        RegistryCopy current = follower.served();
        DictionaryInfo info = current.table().versions().get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, where);
        }
        try {
            return new Dictionary(info, cache.read(info));
        } catch (ZdictException e) {
            Long offset = current.offsets().get(version);
            if (offset == null) {
                throw e; // the topic was not read yet (the local copy is all there is)
            }
            LOG.warn("{}; reading version {} again from offset {} of {}", e.getMessage(), version, offset, where);
            return new Dictionary(info, fetch(current, info, offset, e));
        }
    }

    private byte[] fetch(RegistryCopy current, DictionaryInfo info, long offset, ZdictException local) {
        byte[] value;
        try {
            value = topic.readValue(offset);
        } catch (ZdictException e) {
            e.addSuppressed(local);
            throw e;
        }
        if (value == null) {
            throw new CorruptDictionaryException(
                    info.version(), local.getMessage() + ", and " + where + " no longer holds its record");
        }
        DictionaryRecord record = RegistryRecords.readDictionaryRecord(value);
        String sha256 = Dictionary.sha256(record.content());
        if (record.version() != info.version() || !sha256.equals(info.sha256())) {
            throw new CorruptDictionaryException(
                    info.version(),
                    "its bytes in " + where + " have SHA-256 " + sha256 + " but its record says " + info.sha256());
        }
        cache.store(current.table(), java.util.Map.of(info.version(), record.content()));
        return record.content();
    }

    /** Forgets {@code version}, once removed. */
    void forget(int version) {
        cache.forget(version);
    }
}
