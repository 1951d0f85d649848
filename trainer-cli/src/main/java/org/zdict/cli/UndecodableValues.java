package org.zdict.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.zdict.CorruptPayloadException;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.engine.input.MalformedEventException;

/**
 * The record values of topics that could not be decoded, counted by why: versions the registry does
 * not hold, another dictionary under a version number it holds, or damage. Says what happened when
 * they are most of what was skipped.
 */
final class UndecodableValues {
    private static final int MAX_LISTED_VERSIONS = 10;

    private final SortedSet<Integer> unknownVersions = new TreeSet<>();
    private final SortedSet<Integer> mismatchedVersions = new TreeSet<>();
    private long count;
    private long unknown;
    private long mismatched;
    private String registry;

    /** Counts {@code skipped} if it is an undecodable record value. */
    void add(MalformedEventException skipped) {
        if (!skipped.isUndecodableRecord()) {
            return;
        }
        count++;
        if (skipped.registry() != null) {
            registry = skipped.registry();
        }
        Throwable cause = skipped.getCause();
        if (cause instanceof UnknownDictionaryVersionException e) {
            unknown++;
            unknownVersions.add(e.version());
        } else if (cause instanceof CorruptPayloadException e
                && e.kind() == CorruptPayloadException.Kind.DICTIONARY_MISMATCH) {
            mismatched++;
            mismatchedVersions.add(e.dictionaryVersion().getAsInt());
        }
    }

    long count() {
        return count;
    }

    /**
     * The refusal when these values are most of a skipped input: how many could not be decoded, with
     * which registry and why, and what to do.
     *
     * @param skippedShare the share of the input's bytes skipped
     * @param kept the events read
     */
    String refusal(double skippedShare, long kept) {
        List<String> why = new ArrayList<>();
        if (unknown > 0) {
            why.add(String.format(
                    Locale.ROOT,
                    registry == null
                            ? "%,d written by zdict with version(s) %s"
                            : "%,d written with version(s) %s, which it does not hold",
                    unknown,
                    list(unknownVersions)));
        }
        if (mismatched > 0) {
            why.add(String.format(
                    Locale.ROOT,
                    "%,d written with another dictionary than its version(s) %s",
                    mismatched,
                    list(mismatchedVersions)));
        }
        long other = count - unknown - mismatched;
        if (other > 0) {
            why.add(String.format(Locale.ROOT, "%,d damaged", other));
        }
        String with = registry == null ? "without a registry" : "with " + registry;
        return String.format(
                Locale.ROOT,
                "%.0f %% of the input was skipped: %,d value(s) read from Kafka could not be decoded %s (%s), %,d"
                        + " event(s) were kept. Values written by zdict decode only with the registry their producers"
                        + " write with: give that one as --registry. Nothing was trained or published",
                100 * skippedShare,
                count,
                with,
                String.join("; ", why),
                kept);
    }

    private static String list(SortedSet<Integer> versions) {
        String listed = versions.stream()
                .limit(MAX_LISTED_VERSIONS)
                .map(String::valueOf)
                .collect(Collectors.joining(", "));
        return versions.size() > MAX_LISTED_VERSIONS ? listed + ", ..." : listed;
    }
}
