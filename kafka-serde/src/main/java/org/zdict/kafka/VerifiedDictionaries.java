package org.zdict.kafka;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.CorruptDictionaryException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.internal.DictionaryContent;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Hands out the dictionaries a {@link RegistryFollower} serves, checking each version's bytes against
 * the SHA-256 of its record once, on first use. Thread-safe.
 */
final class VerifiedDictionaries {
    private final String where;
    private final RegistryFollower follower;
    private final Map<Integer, Dictionary> verified = new ConcurrentHashMap<>();

    VerifiedDictionaries(String where, RegistryFollower follower) {
        this.where = where;
        this.follower = follower;
    }

    /**
     * @throws UnknownDictionaryVersionException if {@code version} is not served
     * @throws CorruptDictionaryException if its bytes do not match its record
     */
    Dictionary get(int version) {
        RegistryCopy current = follower.served();
        DictionaryInfo info = current.table().versions().get(version);
        if (info == null) {
            throw new UnknownDictionaryVersionException(version, where);
        }
        Dictionary cached = verified.get(version);
        if (cached != null) {
            return new Dictionary(info, cached.content());
        }
        byte[] content = current.contents().get(version);
        String sha256 = DictionaryContent.sha256(content);
        if (!sha256.equals(info.sha256())) {
            throw new CorruptDictionaryException(
                    version,
                    "its bytes in " + where + " have SHA-256 " + sha256 + " but its record says " + info.sha256());
        }
        Dictionary dictionary = new Dictionary(info, content);
        verified.put(version, dictionary);
        return dictionary;
    }

    /** Forgets {@code version}, once removed. */
    void forget(int version) {
        verified.remove(version);
    }
}
