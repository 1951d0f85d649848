/*
 * Frozen copy of the previous release's reading code (commit 3c15f04, core/.../registry/DictionaryInfo.java),
 * renamed into org.zdict.previous; do not change it: it stands for clients of that release.
 */
package org.zdict.previous;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything a registry records about one dictionary version, apart from its bytes.
 *
 * @param version positive, unique in its registry, never reused
 * @param sha256 lower-case hex SHA-256 of the dictionary bytes
 * @param size dictionary size in bytes
 * @param level the zstd level the dictionary was built for (the codec's default level for it)
 * @param createdAt when it was published
 * @param status active, available or retired
 * @param metadata free-form training metadata (samples, held-out ratio, ...), sorted by key
 */
public record PreviousDictionaryInfo(
        int version,
        String sha256,
        int size,
        int level,
        Instant createdAt,
        PreviousDictionaryStatus status,
        Map<String, String> metadata) {

    public PreviousDictionaryInfo {
        if (version <= 0) {
            throw new IllegalArgumentException("Dictionary version must be positive, got " + version);
        }
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(status, "status");
        metadata = Collections.unmodifiableSortedMap(new TreeMap<>(metadata == null ? Map.of() : metadata));
    }

    public PreviousDictionaryInfo withStatus(PreviousDictionaryStatus newStatus) {
        return new PreviousDictionaryInfo(version, sha256, size, level, createdAt, newStatus, metadata);
    }
}
