package org.zdict.engine.zstdjni;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.zdict.testing.ZstdJniReleaseRuns;

/**
 * The trainer on zstd-jni releases with and without {@code trainFromBuffer(…, level)} (added in 1.5.6-6),
 * each in a child JVM whose class path has the engine and that release only ({@link TrainerReleaseDriver}
 * does the work). The jars come from train's pom (maven-dependency-plugin, target/zstd-jni-releases).
 */
class TrainerOnZstdJniReleasesTest {
    @Test
    void oldReleasesTrainForLevelThreeOnlyAndNewOnesForAnyLevel() throws Exception {
        ZstdJniReleaseRuns.runAll(
                TrainerReleaseDriver.class,
                List.of(
                        // Spark 3.5's (the floor) and kafka-clients 3.9's train for the default level only.
                        List.of("1.5.5-4", "old"),
                        List.of("1.5.6-4", "old"),
                        List.of(ZstdJniReleaseRuns.buildsRelease(), "new")));
    }
}
