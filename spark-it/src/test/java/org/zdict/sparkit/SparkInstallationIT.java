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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.zdict.testing.ChildProcess;

/**
 * zdict-spark on a Spark installation's own class path, as {@code spark-submit --packages} runs it: Spark's
 * jars come first, with its zstd-jni (older than zdict-bom's), and zdict-spark with its dependencies after
 * them (spark-it/installation and spark-it/installation-3.5 resolve those class paths without zdict-bom). A
 * Spark job in a child JVM on each decodes with {@code zdict_decode} and encodes with {@code zdict_encode}
 * exactly, on Spark's zstd-jni, and trains a dictionary from a DataFrame with {@code ZdictTraining} (Spark's
 * lz4-java and kafka-clients beside zdict-train's): on Spark 4.2.0 (zstd-jni 1.5.7-7), which zdict-spark is
 * built against, on Spark 4.1.3 and 4.0.4, and on Spark 3.5.9 built for Scala 2.13 (zstd-jni 1.5.5-4, the
 * codec's floor; kafka-clients 3.4.1). On Spark 3.5.9 built for Scala 2.12 the extension does not load.
 */
class SparkInstallationIT {
    @TempDir
    Path dir;

    /**
     * Half the releases get the functions from the extension, the others from {@code ZdictFunctions.register}
     * in a session built without it: registering takes qualified names from Spark 4.2 on (4.2.0) and plain
     * ones before (4.0), the extension the same (4.1, 3.5).
     */
    @ParameterizedTest(name = "Spark {0}, functions by {3}")
    @CsvSource({
        "4.2.0, zdict.spark.installation.classpath, 1.5.7-7, register",
        "4.1.3, zdict.spark.installation-4.1.classpath, 1.5.7-6, extension",
        "4.0.4, zdict.spark.installation-4.0.classpath, 1.5.6-9, register",
        "3.5.9, zdict.spark.installation-3.5.classpath, 1.5.5-4, extension"
    })
    void aSparkJobOnSparksOwnZstdJniDecodesAndEncodesExactly(
            String spark, String classPathFile, String sparksZstdJni, String functionsBy) throws Exception {
        String installation = Files.readString(Path.of(property(classPathFile))).trim();
        assertTrue(
                installation.contains("spark-sql_2.13-" + spark + ".jar"), "Spark " + spark + " is on the class path");
        assertTrue(
                installation.contains("zstd-jni-" + sparksZstdJni + ".jar"), "Spark's zstd-jni is on the class path");
        assertTrue(!installation.contains("zstd-jni-1.5.7-28"), "zdict-bom's zstd-jni is not");

        ChildProcess.Result result = runDriver(installation, functionsBy);

        assertEquals(0, result.exitCode(), result::toString);
        assertEquals(
                functionsBy.equals("register"),
                result.out().contains("functions registered in the session by ZdictFunctions.register"),
                result::toString);
        assertTrue(result.out().contains("Spark " + spark + System.lineSeparator()), result::toString);
        assertTrue(result.out().contains("zstd-jni " + sparksZstdJni + " from "), result::toString);
        assertTrue(result.out().contains("decoded and re-encoded 200 of 200 values exactly"), result::toString);
        assertTrue(result.out().contains("trained version 1 from "), result::toString);
    }

    /**
     * Spark 3.5's default download is built for Scala 2.12, and zdict-spark for Scala 2.13: the extension
     * logs why it registers no function and Spark goes on, so the functions are unknown
     * and the first query fails to analyse.
     */
    @Test
    void onSpark35ForScala212TheExtensionDoesNotLoad() throws Exception {
        String installation = Files.readString(Path.of(property("zdict.spark.installation-3.5-scala2.12.classpath")))
                .trim();
        assertTrue(installation.contains("scala-library-2.12."), "Scala 2.12 is on the class path");

        ChildProcess.Result result = runDriver(installation, "extension");

        assertEquals(1, result.exitCode(), result::toString);
        assertTrue(
                result.err()
                        .contains("Spark starts without the zdict functions: zdict-spark is built for Scala 2.13 and"
                                + " this Spark runs Scala 2.12."),
                result::toString);
        assertTrue(
                result.err().contains("[UNRESOLVED_ROUTINE] Cannot resolve function `zdict_decode`"), result::toString);
    }

    private ChildProcess.Result runDriver(String installation, String functionsBy) throws Exception {
        List<String> command = new ArrayList<>(List.of(ChildProcess.java()));
        command.addAll(Arrays.asList(property("zdict.spark.jvm.options").trim().split("\\s+")));
        command.addAll(List.of(
                "-cp",
                installation + File.pathSeparator + property("zdict.spark.driver.classes"),
                SparkInstallationDriver.class.getName(),
                dir.toString(),
                functionsBy));
        return ChildProcess.run(command, dir, Map.of(), Duration.ofMinutes(8)); // a shared CI machine under load
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertNotNull(value, name + " is not set; run this test through mvn verify");
        return value;
    }
}
