package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.SecuredBroker;
import org.zdict.testing.ChildProcess;
import org.zdict.testing.SampleEvents;

/**
 * The {@code zdict} jar, run as users run it, against a broker that authenticates every client
 * (SASL/SCRAM) and authorizes it with the ACLs docs/SECURITY.md gives per role, each identity's settings
 * in a {@code --command-config} file: the publisher trains from a topic into a new registry topic,
 * retrains and activates; the consumer lists but cannot change anything; a stranger and a wrong password
 * get one line naming the cluster and the cause, exit 1, no stack trace and no secret. Runs in a fork of
 * its own (the test kit's JAAS file is JVM-wide).
 */
@Timeout(10 * 60)
class SecuredCliIT {
    private static final Path SECURITY_DOC = Path.of("..", "docs", "SECURITY.md");
    private static final String EVENTS = "events";
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    private static SecuredBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = SecuredBroker.start();
        for (String user : List.of("consumer", "publisher", "stranger")) {
            broker.addUser(user, password(user));
        }
        broker.grantAsDocumented(SECURITY_DOC, "User:consumer");
        broker.grantAsDocumented(SECURITY_DOC, "User:publisher");
        broker.createTopic(EVENTS, 1);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(broker.superUserSettings(), new ByteArraySerializer(), new ByteArraySerializer())) {
            for (byte[] event : SampleEvents.synthetic(1500, 3)) {
                producer.send(new ProducerRecord<>(EVENTS, event));
            }
            producer.flush();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void eachRoleDoesWhatItsAclsAllowAndNoMore() throws Exception {
        ChildProcess.Result train = zdict(
                "publisher",
                "train",
                "-q",
                "--input",
                "kafka://" + broker.bootstrapServers() + "/" + EVENTS,
                "--registry",
                registry(),
                "--activate",
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, train.exitCode(), train::toString);

        ChildProcess.Result list = zdict("consumer", "registry", "list", "--registry", registry(), "--json");
        assertEquals(0, list.exitCode(), list::toString);
        assertTrue(list.out().replace(" ", "").contains("\"status\":\"active\""), list::toString);

        ChildProcess.Result retrain = zdict(
                "publisher",
                "retrain",
                "--input",
                "kafka://" + broker.bootstrapServers() + "/" + EVENTS,
                "--registry",
                registry(),
                "--dict-size",
                "1K",
                "--level",
                "1",
                "--min-mbps",
                "0");
        assertEquals(0, retrain.exitCode(), retrain::toString);

        ChildProcess.Result activate = zdict("publisher", "registry", "activate", "1", "--registry", registry());
        assertEquals(0, activate.exitCode(), activate::toString);

        Path exported = dir.resolve("v1.dict");
        ChildProcess.Result export =
                zdict("consumer", "registry", "export", "1", "-o", exported.toString(), "--registry", registry());
        assertEquals(0, export.exitCode(), export::toString);

        ChildProcess.Result consumerWrites =
                zdict("consumer", "registry", "import", exported.toString(), "--registry", registry());
        assertEquals(1, consumerWrites.exitCode(), consumerWrites::toString);
        assertOneLineWithout(consumerWrites, "consumer");
        assertTrue(
                consumerWrites.err().contains("Not authorized to write to the registry topic '_zdict_registry'"),
                consumerWrites::toString);
        assertTrue(consumerWrites.err().contains("nothing was written"), consumerWrites::toString);
    }

    @Test
    void aStrangerIsRefusedInOneLineNamingTheTopicAndThePermission() throws Exception {
        ChildProcess.Result list = zdict("stranger", "registry", "list", "--registry", registry());
        assertEquals(1, list.exitCode(), list::toString);
        assertOneLineWithout(list, "stranger");
        assertTrue(
                list.err()
                        .contains("Not authorized to read the registry topic '_zdict_registry' on the Kafka"
                                + " cluster at " + broker.bootstrapServers()),
                list::toString);
        assertTrue(list.err().contains("needs DESCRIBE and READ on topic '_zdict_registry'"), list::toString);
    }

    @Test
    void aWrongPasswordIsAnAuthenticationFailureInOneLine() throws Exception {
        Path config = dir.resolve("wrong.properties");
        writeConfig(config, "publisher", "not-" + password("publisher"));
        ChildProcess.Result list = run(config, "registry", "list", "--registry", registry());
        assertEquals(1, list.exitCode(), list::toString);
        assertOneLineWithout(list, "publisher");
        assertFalse(list.err().contains("not-" + password("publisher")), list::toString);
        assertTrue(
                list.err()
                        .contains("Authentication to the Kafka cluster at " + broker.bootstrapServers()
                                + " failed (SaslAuthenticationException"),
                list::toString);
    }

    private static void assertOneLineWithout(ChildProcess.Result result, String user) {
        assertEquals(1, result.err().lines().count(), result::toString);
        assertFalse(result.err().contains("\tat ") || result.err().contains("Exception in thread"), result::toString);
        assertFalse(result.out().contains(password(user)) || result.err().contains(password(user)), result::toString);
    }

    private static String password(String user) {
        return "pw-" + user + "-" + user.hashCode();
    }

    private static String registry() {
        return "kafka://" + broker.bootstrapServers() + "/_zdict_registry";
    }

    /** Runs the jar as {@code user}, whose settings are in a {@code --command-config} file. */
    private static ChildProcess.Result zdict(String user, String... args) throws Exception {
        Path config = dir.resolve(user + ".properties");
        if (!Files.exists(config)) {
            writeConfig(config, user, password(user));
        }
        return run(config, args);
    }

    private static ChildProcess.Result run(Path config, String... args) throws IOException, InterruptedException {
        String jar = System.getProperty("zdict.cli.jar");
        assertNotNull(jar, "zdict.cli.jar is not set; run this test through mvn verify");
        List<String> command = new ArrayList<>(List.of(ChildProcess.java(), "-jar", jar));
        command.addAll(List.of(args));
        command.addAll(List.of("--command-config", config.toString()));
        return ChildProcess.run(command, dir, Map.of(), TIMEOUT);
    }

    private static void writeConfig(Path config, String user, String password) throws IOException {
        StringBuilder lines = new StringBuilder("# zdict --command-config for " + user + "\n");
        SecuredBroker.securitySettings(user, password).forEach((key, value) -> lines.append(key)
                .append('=')
                .append(value.replace("\\", "\\\\"))
                .append('\n'));
        lines.append("zdict.registry.init.timeout.ms=20000\n");
        Files.writeString(config, lines);
    }
}
