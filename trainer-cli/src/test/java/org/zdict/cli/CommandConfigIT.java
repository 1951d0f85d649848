package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.Broker;
import org.zdict.testing.SampleEvents;

/**
 * {@code --command-config FILE} against a real broker: its settings reach the registry's clients, the
 * {@code --input} topic reader and the retention lookup of {@code registry remove}; a location's query
 * wins over it; and its secrets appear in no output, report or error message.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CommandConfigIT {
    private static final String SECRET = "SECRET-xyz-4711";

    static Broker cluster;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBrokerAndWriteEvents() throws Exception {
        cluster = Broker.start(Map.of("offsets.topic.num.partitions", "1"));
        cluster.createTopic("events", 1);
        Map<String, Object> config = new HashMap<>(cluster.clientConfig());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<?>> sent = new ArrayList<>();
            for (byte[] event : SampleEvents.synthetic(400, 5)) {
                sent.add(producer.send(new ProducerRecord<>("events", event)));
            }
            for (Future<?> future : sent) {
                future.get(60, TimeUnit.SECONDS);
            }
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static String location(String topic) {
        return "kafka://" + cluster.bootstrapServers() + "/" + topic;
    }

    /** A properties file with secret-typed settings that a PLAINTEXT broker ignores, and {@code more}. */
    private static Path file(String name, String more) throws Exception {
        return Files.writeString(
                dir.resolve(name),
                "# as Kafka's tools read them\n"
                        + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required"
                        + " username=\"app\" password=\"" + SECRET + "\";\n"
                        + "ssl.key.password=" + SECRET + "\n"
                        + "zdict.registry.cache.dir=" + dir.resolve("cache-" + name) + "\n"
                        + more);
    }

    private static void assertNoSecret(Cli.Result result) {
        assertFalse(result.out().contains(SECRET), result.toString());
        assertFalse(result.err().contains(SECRET), result.toString());
        assertFalse(result.err().contains("\tat "), "no stack trace: " + result);
    }

    @Test
    void trainsFromATopicIntoAKafkaRegistryWithSettingsFromTheFileAndShowsNoSecret() throws Exception {
        Path config = file("plain.properties", "security.protocol=PLAINTEXT\nzdict.registry.init.timeout.ms=20000\n");
        Path report = dir.resolve("report.json");
        Cli.Result train = Cli.trainTiny(
                "--input",
                location("events"),
                "--registry",
                location("_zdict_registry"),
                "--activate",
                "--command-config",
                config.toString(),
                "--report-json",
                report.toString());
        assertEquals(0, train.exitCode(), train.toString());
        assertTrue(train.out().contains("Published as version 1"), train.out());
        assertEquals("", train.err(), "no warning: every setting is known, no query holds a secret");
        assertNoSecret(train);
        assertFalse(Files.readString(report).contains(SECRET));
        assertTrue(Files.readString(report).contains("\"version\""), Files.readString(report));

        Cli.Result list = Cli.run(
                "registry",
                "list",
                "--json",
                "--registry",
                location("_zdict_registry"),
                "--command-config",
                config.toString());
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.out().contains("\"inputs\""), list.out());
        assertNoSecret(list);
    }

    @Test
    void aSecretInAQueryIsWarnedAboutAndKeptOutOfTheReportAndTheRegistry() throws Exception {
        Path config = file("query.properties", "zdict.registry.init.timeout.ms=20000\n");
        Path report = dir.resolve("query-report.json");
        String registry = location("_zdict_query_secret");
        Cli.Result train = Cli.trainTiny(
                "--input",
                location("events") + "?ssl.key.password=" + SECRET,
                "--registry",
                registry + "?ssl.keystore.key=" + SECRET,
                "--command-config",
                config.toString(),
                "--report-json",
                report.toString());
        assertEquals(0, train.exitCode(), train.toString());
        assertEquals(1, train.err().lines().count(), train.err());
        assertTrue(train.err().contains("warning: " + registry + " has ssl.keystore.key in its query"), train.err());
        assertTrue(train.out().contains("in " + registry + "?... ("), train.out());
        assertNoSecret(train);
        assertFalse(Files.readString(report).contains(SECRET));

        Cli.Result list = Cli.run("registry", "list", "--json", "--registry", registry);
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.out().contains(location("events")), list.out());
        assertNoSecret(list);
    }

    @Test
    void theFileReachesEveryClientAndALocationsQueryWinsOverIt() throws Exception {
        // security.protocol=SSL cannot talk to the PLAINTEXT broker: a client that got the file's settings fails.
        Path ssl = file(
                "ssl.properties",
                "security.protocol=SSL\nzdict.registry.init.timeout.ms=3000\ndefault.api.timeout.ms=3000\n"
                        + "request.timeout.ms=3000\n");
        String registry = location("_zdict_query_wins");
        Cli.Result train = Cli.trainTiny(
                "--input",
                location("events") + "?security.protocol=PLAINTEXT",
                "--registry",
                registry + "?security.protocol=PLAINTEXT",
                "--command-config",
                ssl.toString());
        assertEquals(0, train.exitCode(), train.toString());
        assertNoSecret(train);

        // A fresh local copy: the one train left would be served while the topic cannot be read.
        Cli.Result registryFromFile = Cli.run(
                "registry",
                "list",
                "--registry",
                registry + "?zdict.registry.cache.dir=" + dir.resolve("fresh-cache"),
                "--command-config",
                ssl.toString());
        assertEquals(1, registryFromFile.exitCode(), registryFromFile.toString());
        assertEquals(1, registryFromFile.err().lines().count(), registryFromFile.err());
        assertNoSecret(registryFromFile);

        Cli.Result inputFromFile = Cli.trainTiny("--input", location("events"), "--command-config", ssl.toString());
        assertEquals(1, inputFromFile.exitCode(), inputFromFile.toString());
        assertTrue(
                inputFromFile.err().contains("Cannot read topic")
                        || inputFromFile.err().contains("events"),
                inputFromFile.err());
        assertNoSecret(inputFromFile);

        // registry remove reads --topic's retention with the file's settings too.
        Cli.Result retention = Cli.run(
                "registry",
                "remove",
                "1",
                "--topic",
                "events",
                "--registry",
                registry + "?security.protocol=PLAINTEXT",
                "--bootstrap-server",
                cluster.bootstrapServers(),
                "--command-config",
                ssl.toString());
        assertEquals(1, retention.exitCode(), retention.toString());
        assertTrue(retention.err().contains("Cannot read the retention of --topic"), retention.err());
        assertNoSecret(retention);
        Cli.Result retentionWithQuery = Cli.run(
                "registry",
                "remove",
                "1",
                "--topic",
                "events",
                "--registry",
                registry + "?security.protocol=PLAINTEXT",
                "--command-config",
                ssl.toString());
        assertEquals(1, retentionWithQuery.exitCode(), retentionWithQuery.toString());
        assertTrue(
                retentionWithQuery.err().contains("Cannot remove version 1: it is available"),
                retentionWithQuery.err());
    }

    @Test
    void failuresAreOneLineWithoutTheSecret() throws Exception {
        // No broker on the port.
        Path unreachable = file("unreachable.properties", "zdict.registry.init.timeout.ms=1000\n");
        Cli.Result noBroker = Cli.trainTiny(
                "--input",
                "kafka://127.0.0.1:1/events",
                "--registry",
                "kafka://127.0.0.1:1/_zdict_registry",
                "--command-config",
                unreachable.toString());
        assertEquals(1, noBroker.exitCode(), noBroker.toString());
        assertEquals(1, noBroker.err().lines().count(), noBroker.err());
        assertNoSecret(noBroker);

        // SASL with a JAAS config Kafka cannot parse (the password where the control flag belongs): Kafka's
        // message quotes it.
        Path badJaas = Files.writeString(
                dir.resolve("bad-jaas.properties"),
                "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nzdict.registry.init.timeout.ms=3000\n"
                        + "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule " + SECRET
                        + " username=app;\n");
        for (List<String> command : List.of(
                List.of("registry", "list", "--registry", location("_zdict_registry")),
                List.of("train", "-q", "--input", location("events"), "--dict-size", "1K", "--level", "1"))) {
            List<String> args = new ArrayList<>(command);
            args.addAll(List.of("--command-config", badJaas.toString()));
            Cli.Result result = Cli.run(args.toArray(new String[0]));
            assertEquals(1, result.exitCode(), result.toString());
            assertEquals(1, result.err().lines().count(), result.err());
            assertTrue(result.err().contains("JAAS config"), "says what is wrong: " + result.err());
            assertNoSecret(result);
            List<String> verbose = new ArrayList<>(args);
            verbose.add("--verbose");
            Cli.Result withTrace = Cli.run(verbose.toArray(new String[0]));
            assertTrue(withTrace.err().contains("\tat "), "a stack trace with --verbose: " + withTrace.err());
            assertFalse(withTrace.err().contains(SECRET), withTrace.err());
        }
    }
}
