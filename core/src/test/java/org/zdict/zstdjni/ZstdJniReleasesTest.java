package org.zdict.zstdjni;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.internal.ZstdJniFloor;
import org.zdict.testing.ZstdJniReleaseRuns;

/**
 * The codec on each zstd-jni release it supports, from the floor (Spark 3.5's) to the build's, each in a
 * child JVM whose class path has core and that release only ({@link ReleaseDriver} does the work): every
 * release round-trips, refuses bombs and corrupt payloads, and decodes what every other release wrote.
 * Releases below the floor are refused with the message naming them. The jars come from core's pom
 * (maven-dependency-plugin, target/zstd-jni-releases).
 */
class ZstdJniReleasesTest {
    /** Spark 3.5's (the floor), kafka-clients 3.9's, Spark 4.0's, Spark 4.1's; the build's is added. */
    private static final List<String> RELEASES = List.of("1.5.5-4", "1.5.6-4", "1.5.6-9", "1.5.7-6");
    /**
     * Below the floor: kafka-clients 3.4's, which lacks ZstdDecompressCtx.reset and its streaming decoder;
     * and one that has every method but is older than the floor, refused by the release its manifest names.
     */
    private static final List<String> BELOW_THE_FLOOR = List.of("1.5.2-1", "1.5.5-1");

    @TempDir
    Path work;

    @Test
    void everyReleaseRoundTripsAndDecodesWhatTheOthersWrote() throws Exception {
        List<String> releases = new ArrayList<>(RELEASES);
        releases.add(ZstdJniReleaseRuns.buildsRelease());
        assertEquals(ZstdJniFloor.FLOOR, releases.get(0), "the floor is the oldest release tested");

        List<List<String>> writes = new ArrayList<>();
        for (String release : releases) {
            writes.add(List.of(release, "write", work.resolve(release).toString()));
        }
        for (String release : BELOW_THE_FLOOR) {
            writes.add(List.of(release, "refused"));
        }
        ZstdJniReleaseRuns.runAll(ReleaseDriver.class, writes);

        List<List<String>> reads = new ArrayList<>();
        for (String release : releases) {
            List<String> command = new ArrayList<>(List.of(release, "read"));
            releases.stream()
                    .filter(other -> !other.equals(release))
                    .forEach(other -> command.add(work.resolve(other).toString()));
            reads.add(command);
        }
        ZstdJniReleaseRuns.runAll(ReleaseDriver.class, reads);
    }
}
