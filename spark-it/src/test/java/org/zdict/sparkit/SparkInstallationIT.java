package org.zdict.sparkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.ChildProcess;

/**
 * zdict-spark on a Spark installation's own class path, as {@code spark-submit --packages} runs it: Spark
 * 4.2.0's jars come first, with its zstd-jni 1.5.7-7 (older than zdict-bom's), and zdict-spark with its
 * dependencies after them (spark-it/installation resolves that class path without zdict-bom). A Spark job
 * in a child JVM on it decodes with {@code zdict_decode} and encodes with {@code zdict_encode} exactly,
 * on Spark's zstd-jni.
 */
class SparkInstallationIT {
    private static final String SPARKS_ZSTD_JNI = "1.5.7-7";

    @TempDir
    Path dir;

    @Test
    void aSparkJobOnSparksOwnZstdJniDecodesAndEncodesExactly() throws Exception {
        String installation = Files.readString(Path.of(property("zdict.spark.installation.classpath")))
                .trim();
        assertTrue(
                installation.contains("zstd-jni-" + SPARKS_ZSTD_JNI + ".jar"), "Spark's zstd-jni is on the class path");
        assertTrue(!installation.contains("zstd-jni-1.5.7-28"), "zdict-bom's zstd-jni is not");

        List<String> command = new ArrayList<>(List.of(ChildProcess.java()));
        command.addAll(Arrays.asList(property("zdict.spark.jvm.options").trim().split("\\s+")));
        command.addAll(List.of(
                "-cp",
                installation + File.pathSeparator + property("zdict.spark.driver.classes"),
                SparkInstallationDriver.class.getName(),
                dir.toString()));
        ChildProcess.Result result = ChildProcess.run(command, dir, Map.of(), Duration.ofMinutes(4));

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.out().contains("zstd-jni " + SPARKS_ZSTD_JNI + " from "), result::toString);
        assertTrue(result.out().contains("decoded and re-encoded 200 of 200 values exactly"), result::toString);
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertNotNull(value, name + " is not set; run this test through mvn verify");
        return value;
    }
}
