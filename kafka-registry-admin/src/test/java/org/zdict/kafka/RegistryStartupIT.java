package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement of docs/BENCHMARKS.md, "Many dictionary versions in one consumer", start-up part: a
 * registry topic holding 200 versions spread over 20 subjects (64 to 112 KiB each, random bytes behind a
 * dictionary header), and a new client ({@link RegistryStartup}, a JVM of its own with a 256 MiB serial-GC
 * heap) opening it, first with an empty local copy (a new host), then with the local copy the previous
 * run left (a restart), three times each, alternating. Prints the figures as a table.
 *
 * <p>Opt-in: {@code mvn -B verify -pl kafka-serde -am -Dit.test=RegistryStartupIT -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false -Dzdict.startup.measure=true}
 */
@EnabledIfSystemProperty(named = "zdict.startup.measure", matches = "true")
class RegistryStartupIT {
    private static final int SUBJECTS = 20;
    private static final int VERSIONS = 200;
    private static final int ROUNDS = 3;
    private static final String TOPIC = "reg-startup";

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void aNewClientStartsAgainstTwoHundredVersions() throws Exception {
        try (Broker broker = Broker.start()) {
            publish(broker.bootstrapServers());
            StringBuilder table =
                    new StringBuilder("| local copy | open (wall) | open (CPU) | live heap added after open"
                            + " | dictionary bytes retained | reading every version once | live heap added after |"
                            + " dictionary bytes retained after |\n|---|---|---|---|---|---|---|---|\n");
            for (int round = 1; round <= ROUNDS; round++) {
                Path copy = temp.resolve("copy-" + round);
                for (String which : List.of("empty", "from the previous run")) {
                    Map<String, String> r = run(broker.bootstrapServers(), copy);
                    assertEquals(Integer.toString(VERSIONS), r.get("versions"));
                    table.append(String.format(
                            "| %s | %s ms | %s ms | %.1f MiB | %.1f MiB | %s ms | %.1f MiB | %.1f MiB |%n",
                            which,
                            r.get("open-ms"),
                            r.get("open-cpu-ms"),
                            mib(r, "heap-added-open"),
                            mib(r, "retained-open"),
                            r.get("get-all-ms"),
                            mib(r, "heap-added-used"),
                            mib(r, "retained-used")));
                }
            }
            System.out.println("registry start-up, " + VERSIONS + " versions:\n" + table);
        }
    }

    private static double mib(Map<String, String> r, String key) {
        return Long.parseLong(r.get(key)) / 1048576.0;
    }

    private void publish(String bootstrapServers) throws Exception {
        Map<String, Object> config = new HashMap<>();
        config.put(
                KafkaRegistryConfig.CACHE_DIR_CONFIG, temp.resolve("publisher").toString());
        Random random = new Random(42);
        long total = 0;
        try (KafkaDictionaryRegistry publisher = KafkaDictionaryRegistry.open(bootstrapServers, TOPIC, config)) {
            for (int i = 0; i < VERSIONS; i++) {
                byte[] content = new byte[(64 + (i % 7) * 8) * 1024];
                random.nextBytes(content);
                byte[] header = {(byte) 0x37, (byte) 0xA4, (byte) 0x30, (byte) 0xEC, (byte) i, (byte) (i >> 8), 1, 0};
                System.arraycopy(header, 0, content, 0, header.length);
                total += content.length;
                int version = publisher
                        .publish("subject-" + (i % SUBJECTS), content, 3, Map.of())
                        .version();
                if (i < SUBJECTS) {
                    publisher.activate(version);
                }
            }
        }
        System.out.printf("registry start-up: published %d versions, %.1f MiB%n", VERSIONS, total / 1048576.0);
    }

    private static Map<String, String> run(String bootstrapServers, Path copy) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-Xms256m",
                "-XX:+UseSerialGC",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                RegistryStartup.class.getName(),
                bootstrapServers,
                TOPIC,
                copy.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, String> result = new HashMap<>();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                System.out.println("registry start-up: " + line);
                int eq = line.indexOf('=');
                if (eq > 0 && !line.contains(" ")) {
                    result.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
        }
        if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new AssertionError("the client failed: " + result);
        }
        Files.createDirectories(copy);
        return result;
    }
}
