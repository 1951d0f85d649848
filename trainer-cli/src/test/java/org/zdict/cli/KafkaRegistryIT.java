package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.testing.SampleEvents;

/** The commands work the same on a kafka:// registry, against one real KRaft broker. */
class KafkaRegistryIT {
    static KafkaClusterTestKit cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBroker() throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build();
        cluster = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
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

    @Test
    void trainsPublishesListsAndDecodesThroughATopic() throws Exception {
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
