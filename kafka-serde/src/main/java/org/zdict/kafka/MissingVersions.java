package org.zdict.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.CorruptPayloadException;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionarySource;

/**
 * What a deserializer remembers of the dictionary versions it waited for in vain. A version that did not
 * arrive within the wait stays known-missing, and its records fail at once, until the registry changes
 * ({@link DictionarySource#revision()} moves: a version published, a state changed, the topic read further);
 * then the next record of that version waits once more. A source that does not count its changes
 * ({@link DictionarySource#UNCOUNTED_REVISION}) is asked again once the wait has passed. Safe for use by
 * many threads.
 */
final class MissingVersions {
    /** More versions than any registry holds: past this many, the memory starts again (random bytes). */
    private static final int MAX_REMEMBERED = 1024;

    private record Missing(long revision, long sinceNanos) {}

    private final Map<Integer, Missing> missing = new ConcurrentHashMap<>();

    /**
     * Waits up to {@code waitMs} for {@code version} to reach {@code source}, unless it is known to be
     * missing from the source as it is now.
     *
     * @param onWait called before a wait of more than 0 ms begins
     * @return whether the source now holds the version
     */
    boolean arrived(DictionarySource source, int version, long waitMs, Runnable onWait) {
        long revision = source.revision();
        Missing known = missing.get(version);
        if (known != null && stillMissing(known, revision, waitMs)) {
            return false;
        }
        if (waitMs > 0) {
            onWait.run();
        }
        boolean found = source.awaitVersion(version, Duration.ofMillis(waitMs));
        if (found) {
            missing.remove(version);
        } else {
            if (missing.size() >= MAX_REMEMBERED) {
                missing.clear();
            }
            // The revision read before the wait: a change during the wait lets the next record ask again.
            missing.put(version, new Missing(revision, System.nanoTime()));
        }
        return found;
    }

    private static boolean stillMissing(Missing known, long revision, long waitMs) {
        if (revision == DictionarySource.UNCOUNTED_REVISION) {
            return System.nanoTime() - known.sinceNanos()
                    < Duration.ofMillis(waitMs).toNanos();
        }
        return known.revision() == revision;
    }

    /**
     * Why {@code data}, whose prefix names a version the registry does not hold, cannot be a zdict payload
     * whatever the registry later holds (no zstd frame or LZ4 block header after the prefix, or one that
     * declares more than {@code codec}'s limit), so that nothing waits for its version; null if
     * it could be one.
     */
    static ZdictException notAPayload(byte[] data, ZdictCodec codec) {
        try {
            PayloadPrefix prefix = PayloadPrefix.read(data, 0, data.length);
            if (!prefix.isDictionaryFrame() && !prefix.isLz4Block()) {
                return null;
            }
            long size = codec.decompressedLength(data, 0, data.length);
            if (size > codec.maxDecompressedSize()) {
                return new CorruptPayloadException(
                        prefix.length(),
                        "Not a zdict payload: its header declares " + size
                                + " bytes, more than the limit of " + codec.maxDecompressedSize() + " bytes ("
                                + ZdictSerdeConfig.MAX_DECOMPRESSED_BYTES_CONFIG + ")");
            }
            return null;
        } catch (ZdictException e) {
            return e;
        }
    }
}
