package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.Broker;
import org.zdict.testing.SampleEvents;

/** The commands work the same on a kafka:// registry, against one real KRaft broker. */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class KafkaRegistryIT {
    static Broker cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        cluster = Broker.start(Map.of());
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String registry(String topic) {
        return "kafka://" + cluster.bootstrapServers() + "/" + topic + "?zdict.registry.cache.dir="
                + dir.resolve("cache-" + topic);
    }

    private static Set<String> topics() throws Exception {
        try (Admin admin = cluster.admin()) {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void commandsThatOnlyReadOrChangeVersionsRefuseAMissingTopicAtOnceAndCreateNothing() throws Exception {
        String registry = "kafka://" + cluster.bootstrapServers() + "/typo";
        Path events = Cli.syntheticEvents(dir, "typo-events.jsonl", 20, 7);
        Path payload = Files.write(dir.resolve("typo.zd"), new byte[] {1, 2, 3});
        List<List<String>> readers = List.of(
                List.of("registry", "list"),
                List.of("registry", "activate", "1"),
                List.of("registry", "retire", "1"),
                List.of(
                        "registry",
                        "export",
                        "1",
                        "-o",
                        dir.resolve("typo.dict").toString()),
                List.of("eval", events.toString()),
                List.of(
                        "compress",
                        "-i",
                        events.toString(),
                        "-o",
                        dir.resolve("typo.out").toString()),
                List.of(
                        "decompress",
                        "-i",
                        payload.toString(),
                        "-o",
                        dir.resolve("typo.json").toString()));
        for (List<String> command : readers) {
            List<String> args = new ArrayList<>(command);
            args.add("--registry");
            args.add(registry);
            long start = System.nanoTime();
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(1, result.exitCode(), command + ": " + result);
            assertTrue(result.err().contains("'typo'"), command + " does not name the topic: " + result);
            assertTrue(result.err().contains("zdict train --registry"), command + ": " + result);
            assertTrue(millis < 10_000, command + " took " + millis + " ms to refuse");
            assertFalse(topics().contains("typo"), command + " created the registry topic");
        }
    }

    @Test
    void importIntoANewTopicCreatesIt() throws Exception {
        Path events = Cli.syntheticEvents(dir, "import-events.jsonl", 2000, 17);
        Path folder = dir.resolve("import-source");
        assertEquals(0, Cli.trainSmall(events, folder).exitCode());
        Path exported = dir.resolve("import.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", folder.toString())
                        .exitCode());
        assertFalse(topics().contains("zdict-imported"));
        Cli.Result imported =
                Cli.run("registry", "import", exported.toString(), "--registry", registry("zdict-imported"));
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(topics().contains("zdict-imported"));
        Cli.Result list = Cli.run("registry", "list", "--registry", registry("zdict-imported"));
        assertEquals(0, list.exitCode(), list::toString);
    }

    @Test
    void removeNamesATopicThatDoesNotExistAndRemovesNothing() throws Exception {
        String registry = registry("zdict-remove");
        for (int seed : new int[] {23, 29}) {
            Path events = Cli.syntheticEvents(dir, "remove-events-" + seed + ".jsonl", 2000, seed);
            Cli.Result train = Cli.trainTiny(events.toString(), "--registry", registry, "--activate");
            assertEquals(0, train.exitCode(), train::toString);
        }
        Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", registry);
        assertEquals(0, retire.exitCode(), retire::toString);

        Cli.Result remove = Cli.run("registry", "remove", "1", "--registry", registry, "--topic", "nosuch");
        assertEquals(1, remove.exitCode(), remove::toString);
        assertTrue(remove.err().contains("no topic 'nosuch'"), remove::toString);
        Cli.Result list = Cli.run("registry", "list", "--registry", registry);
        assertTrue(list.out().contains("retired"), "version 1 is still listed: " + list);
    }

    @Test
    void trainsPublishesListsAndDecodesThroughATopic() throws Exception {
        assertFalse(topics().contains("zdict-cli-it"));
        String registry = registry("zdict-cli-it");
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 2000, 31);
        Cli.Result train = Cli.run(
                "train",
                "-q",
                events.toString(),
                "--registry",
                registry,
                "--activate",
                "--dict-size",
                "2K",
                "--level",
                "3",
                "--min-mbps",
                "0");
        assertEquals(0, train.exitCode(), train::toString);
        assertTrue(train.out().contains("Published as version 1"), train::toString);
        assertTrue(topics().contains("zdict-cli-it"), "train created the registry topic");

        Cli.Result list = Cli.run("registry", "list", "--json", "--registry", registry);
        assertEquals(0, list.exitCode(), list::toString);
        assertTrue(list.out().contains("\"status\" : \"active\""), list::toString);

        byte[] event = SampleEvents.synthetic(1, 32).get(0);
        Path input = Files.write(dir.resolve("event.json"), event);
        Path payload = dir.resolve("event.zd");
        Path restored = dir.resolve("restored.json");
        assertEquals(
                0,
                Cli.run("compress", "--registry", registry, "-i", input.toString(), "-o", payload.toString())
                        .exitCode());
        assertEquals(
                0,
                Cli.run("decompress", "--registry", registry, "-i", payload.toString(), "-o", restored.toString())
                        .exitCode());
        assertArrayEquals(event, Files.readAllBytes(restored));

        Path exported = dir.resolve("v1.dict");
        assertEquals(
                0,
                Cli.run("registry", "export", "1", "-o", exported.toString(), "--registry", registry)
                        .exitCode());
        Cli.Result imported = Cli.run("registry", "import", exported.toString(), "--activate", "--registry", registry);
        assertEquals(0, imported.exitCode(), imported::toString);
        assertTrue(imported.out().contains("as version 2 (active)"), imported::toString);
        Cli.Result retire = Cli.run("registry", "retire", "1", "--registry", registry);
        assertEquals(0, retire.exitCode(), retire::toString);
        assertEquals(
                0,
                Cli.run("decompress", "--registry", registry, "-i", payload.toString(), "-o", restored.toString())
                        .exitCode());
        assertArrayEquals(event, Files.readAllBytes(restored));
    }
}
