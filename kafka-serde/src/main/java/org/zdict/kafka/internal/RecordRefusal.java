package org.zdict.kafka.internal;

import org.zdict.kafka.KafkaRegistryConfig;

/**
 * Why a registry client skipped a record of the registry topic: one value per rule of the registry topic's reader (docs/REGISTRY.md),
 * each with the {@code reason} tag of its {@value org.zdict.kafka.ZdictMetrics#REFUSED_RECORDS} metric and the rule as
 * logged.
 */
public enum RecordRefusal {
    TOO_LARGE(
            "too-large",
            "a value larger than " + RegistryRecords.MAX_VALUE_BYTES
                    + " bytes, more than any record a publisher writes, is skipped unread"),
    UNREADABLE(
            "unreadable",
            "a value that is not a registry record (not JSON, a field missing or of the wrong type, or a"
                    + " dictionary record whose version is not its key's) is skipped"),
    UNKNOWN_KEY("unknown-key", "a record whose key is neither 'state' nor dict/VERSION/WRITER is skipped"),
    HASH_MISMATCH(
            "hash-mismatch",
            "a dictionary record whose bytes do not have the SHA-256 it states claims no version number"),
    VERSION_TAKEN(
            "version-taken",
            "a later claim of a version number with other bytes is ignored: the first claim wins (a publisher"
                    + " that lost a race also makes one, then tombstones it and takes the next number)"),
    EARLY_TOMBSTONE(
            "early-tombstone",
            "a tombstone on a version's record is ignored unless the state in force has removed that version"),
    EARLY_REMOVAL(
            "early-removal",
            "a state record removes a version only if the state before it has that version retired and, if it"
                    + " was ever active, retired at least " + KafkaRegistryConfig.REMOVE_GRACE_MS_CONFIG
                    + " ago; the version stays, the rest of the record applies"),
    STATE_TOMBSTONE("state-tombstone", "a tombstone on the state record is ignored: the state in force stays");

    private final String tag;
    private final String rule;

    RecordRefusal(String tag, String rule) {
        this.tag = tag;
        this.rule = rule;
    }

    /** {@return the value of the metric's {@code reason} tag} */
    public String tag() {
        return tag;
    }

    /** {@return the rule, as the log states it} */
    public String rule() {
        return rule;
    }
}
