package org.zdict.kafka.admin;

import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import org.zdict.RegistryException;
import org.zdict.kafka.internal.RegistryAccess;
import org.zdict.kafka.internal.RegistryKeys;
import org.zdict.kafka.internal.RegistryRecords;
import org.zdict.kafka.internal.RegistryRecords.DictionaryRecord;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryInfo;

/**
 * Publishes a dictionary under a version number no concurrent publisher gets. It writes the dictionary
 * under the key {@code dict/N/WRITER}, with N the next number it knows and WRITER a fresh UUID, reads the
 * topic back up to its own record, and keeps N only if its record is the first claim of N (the lowest
 * offset wins, for every reader alike, see docs/REGISTRY.md section 5); otherwise it tombstones its record and
 * tries again with the next number. Its record always states the SHA-256 of its bytes, so a record that
 * claims the same number with a hash that does not match (which claims nothing) never makes it lose.
 * Callers publish one at a time.
 */
final class VersionPublisher {
    static final int MAX_ATTEMPTS = 10;

    private final RegistryAccess access;
    private final TopicWriter topic;
    private final String where;
    private final Clock clock;

    VersionPublisher(RegistryAccess access, TopicWriter topic) {
        this.access = access;
        this.topic = topic;
        this.where = access.where();
        this.clock = access.clock();
    }

    /**
     * Publishes checked {@code content} into {@code subject}, which the caller no longer changes, and
     * returns its record.
     */
    DictionaryInfo publish(String subject, byte[] content, int level, Map<String, String> metadata) {
        String sha256 = Dictionary.sha256(content);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            access.awaitPosition(access.endOffset());
            int version = access.read(log -> log.table().nextVersion());
            String key = RegistryKeys.dictionary(version, UUID.randomUUID().toString());
            DictionaryRecord record =
                    new DictionaryRecord(version, subject, sha256, level, clock.instant(), metadata, content);
            byte[] value = RegistryRecords.write(record);
            if (value.length > RegistryRecords.MAX_VALUE_BYTES) {
                throw new IllegalArgumentException("A dictionary of " + content.length + " bytes is too large for the"
                        + " Kafka " + where + ": its record would be " + value.length + " bytes, and readers skip"
                        + " records over " + RegistryRecords.MAX_VALUE_BYTES + " bytes; train a smaller one");
            }
            long offset = topic.send(key, value);
            access.awaitPosition(offset + 1);
            DictionaryInfo won = access.read(
                    log -> key.equals(log.winner(version)) ? log.table().require(version, where) : null);
            if (won != null) {
                return won;
            }
            // The losing record stays: the topic is append-only, and readers ignore it (docs/REGISTRY.md).
        }
        throw new RegistryException("Could not claim a version number in " + where + " after " + MAX_ATTEMPTS
                + " attempts: too many concurrent publishers");
    }
}
