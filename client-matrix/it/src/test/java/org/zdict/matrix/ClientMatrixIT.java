package org.zdict.matrix;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.zdict.kafka.Broker;

/**
 * The serde's real-broker round trip on every kafka-clients release of {@link ClientMatrix}, each in a child
 * JVM whose class path is what Maven resolves for a user's project on that release (client-matrix/clients),
 * against the build's own broker (without zdict-bom too, on kafka-clients' own older zstd-jni); and the
 * refusals below the floor.
 */
class ClientMatrixIT {
    /** The machine CI runs on has two cores: two children at a time. */
    private static final int PARALLEL_CHILDREN = 2;

    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(150);
    private static final Path CLIENTS_DIR = Path.of(System.getProperty("zdict.matrix.clients.dir"));
    private static final Path WORK_DIR = Path.of(System.getProperty("zdict.matrix.work.dir"));
    private static final String DRIVER_CLASSES = System.getProperty("zdict.matrix.driver.classes");

    private static Broker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = Broker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    @Test
    @Timeout(600)
    void everyTestedClientReleaseRoundTripsOrIsRefusedAsDocumented() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_CHILDREN);
        Map<ClientMatrix, Future<ChildJvm.Result>> runs = new EnumMap<>(ClientMatrix.class);
        try {
            for (ClientMatrix entry : ClientMatrix.values()) {
                runs.put(entry, pool.submit(() -> run(entry)));
            }
            List<Executable> checks = new ArrayList<>();
            for (ClientMatrix entry : ClientMatrix.values()) {
                ChildJvm.Result result = runs.get(entry).get();
                System.out.printf(
                        "client matrix: %-26s %-13s exit %s in %.1f s: %s%n",
                        entry.project(),
                        entry.outcome,
                        result.timedOut() ? "none (killed on timeout)" : result.exitCode(),
                        result.wallTime().toMillis() / 1000.0,
                        summary(result.output()));
                checks.add(() -> expect(entry, result));
            }
            assertAll(checks);
        } finally {
            pool.shutdownNow();
        }
    }

    private static ChildJvm.Result run(ClientMatrix entry) throws Exception {
        String runId = entry.name().toLowerCase(Locale.ROOT).replace('_', '-');
        String classPath =
                ChildJvm.resolvedClassPath(entry.projectDir(CLIENTS_DIR)) + File.pathSeparator + DRIVER_CLASSES;
        String mode =
                switch (entry.outcome) {
                    case ROUND_TRIP -> "roundtrip";
                    case ROUND_TRIP_IN_CLIENT_METRICS -> "roundtrip-client-metrics";
                    case REFUSED_BELOW_THE_FLOOR -> "refused";
                };
        List<String> args = List.of(
                mode,
                broker.bootstrapServers(),
                entry.kafkaClients,
                runId,
                WORK_DIR.resolve(runId).resolve("registry-cache").toString());
        return ChildJvm.run(classPath, args, WORK_DIR.resolve(runId + ".log"), CHILD_TIMEOUT);
    }

    private static void expect(ClientMatrix entry, ChildJvm.Result result) {
        String output = result.output();
        String context = entry.project() + " (child's output below)\n" + output;
        assertFalse(result.timedOut(), "timed out after " + CHILD_TIMEOUT + ": " + context);
        assertFalse(output.contains("NoClassDefFoundError"), context);
        assertFalse(output.contains("NoSuchMethodError"), context);
        switch (entry.outcome) {
            case ROUND_TRIP -> {
                assertEquals(0, result.exitCode(), context);
                assertTrue(output.contains("RESULT kafka-clients " + entry.kafkaClients + ": OK "), context);
                assertTrue(output.contains(", metrics in JMX for client-ids "), context);
            }
            case ROUND_TRIP_IN_CLIENT_METRICS -> {
                assertEquals(0, result.exitCode(), context);
                assertTrue(output.contains("RESULT kafka-clients " + entry.kafkaClients + ": OK "), context);
                assertTrue(output.contains(", metrics in the clients' metrics() for client-ids "), context);
            }
            case REFUSED_BELOW_THE_FLOOR -> {
                assertEquals(0, result.exitCode(), context);
                String refusal = "org.apache.kafka.common.config.ConfigException: zdict needs kafka-clients 3.4 or"
                        + " newer, but this class path has kafka-clients " + entry.kafkaClients + ".";
                for (String step : List.of(
                        "DictionaryRegistries.openOrCreate",
                        "ZdictSerializer.configure",
                        "ZdictDeserializer.configure")) {
                    assertTrue(line(output, "REFUSED " + step + ": ").contains(refusal), step + " in " + context);
                }
            }
        }
    }

    /** The line of {@code output} that starts with {@code start}, or "" if there is none. */
    private static String line(String output, String start) {
        return output.lines().filter(line -> line.startsWith(start)).findFirst().orElse("");
    }

    /** The child's RESULT, REFUSED or FAILED lines, for the log. */
    private static String summary(String output) {
        List<String> lines = output.lines()
                .filter(line -> line.startsWith("RESULT")
                        || line.startsWith("REFUSED")
                        || line.startsWith("FAILED")
                        || line.startsWith("ACCEPTED"))
                .toList();
        return lines.isEmpty() ? "(no result line)" : String.join("\n    ", lines);
    }
}
