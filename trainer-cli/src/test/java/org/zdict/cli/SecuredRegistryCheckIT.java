package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.SecuredBroker;

/**
 * {@code zdict registry check} on a broker that authenticates every client and authorizes it with the ACLs
 * docs/SECURITY.md gives per role: each caller is told what it holds and which roles that allows, from the
 * brokers' own answer; a reader, which may not describe the topic's configuration, gets {@code unknown}
 * (exit 3), an administrator the full verdict. Runs in the fork of the SASL broker's ITs.
 */
@Timeout(5 * 60)
class SecuredRegistryCheckIT {
    private static final Path SECURITY_DOC = Path.of("..", "docs", "SECURITY.md");
    private static final String TOPIC = "_zdict_registry";

    @TempDir
    static Path dir;

    private static SecuredBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = SecuredBroker.start();
        for (String user : List.of("consumer", "publisher", "registry-admin")) {
            broker.addUser(user, user + "-secret");
            broker.grantAsDocumented(SECURITY_DOC, "User:" + user);
        }
        Path events = Cli.syntheticEvents(dir, "events.jsonl", 600, 3);
        Cli.Result train = Cli.trainTiny(
                events.toString(), "--registry", registry(), "--command-config", config("publisher"), "--activate");
        assertEquals(0, train.exitCode(), train::toString);
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String registry() {
        return "kafka://" + broker.bootstrapServers() + "/" + TOPIC + "?zdict.registry.cache.dir="
                + dir.resolve("cache");
    }

    /** A --command-config file with {@code user}'s credentials. */
    private static String config(String user) throws IOException {
        Map<String, ?> settings = SecuredBroker.securitySettings(user, user + "-secret");
        Path file = dir.resolve(user + ".properties");
        Files.writeString(
                file,
                settings.entrySet().stream()
                        .filter(e -> !e.getKey().equals("bootstrap.servers"))
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining("\n")));
        return file.toString();
    }

    private static Cli.Result check(String user) throws IOException {
        return Cli.run("registry", "check", "--registry", registry(), "--command-config", config(user));
    }

    @Test
    void aReaderHoldsReadAndCannotJudgeTheConfiguration() throws IOException {
        Cli.Result check = check("consumer");

        assertEquals(3, check.exitCode(), check::toString);
        String out = check.out();
        assertTrue(
                out.contains("unknown  cannot read the configuration of topic " + TOPIC + ": this caller lacks"
                        + " DescribeConfigs on it"),
                out);
        assertTrue(out.contains("ok       versions 1: each dictionary record present"), out);
        // The replication factor is known without the configuration.
        assertTrue(out.contains("note     replication factor 1 on a cluster of 1 broker"), out);
        assertTrue(
                out.contains("note     this caller holds on topic " + TOPIC + ": Read, Describe; on the cluster:"
                        + " none\n"),
                out);
        assertTrue(out.contains("note     can act as reader"), out);
        assertTrue(
                out.contains("note     cannot act as publisher (zdict train, retrain, registry"
                        + " activate/retire/remove/import), which needs Read, Write on the topic: lacks Write\n"),
                out);
        assertFalse(out.contains("consumer-secret") || check.err().contains("consumer-secret"), check::toString);
    }

    @Test
    void aPublisherMayPublishButNotMigrate() throws IOException {
        Cli.Result check = check("publisher");

        assertEquals(3, check.exitCode(), check::toString);
        assertTrue(check.out().contains("note     can act as publisher"), check::toString);
        assertTrue(
                check.out().contains("note     cannot act as administrator (zdict registry migrate and purge)"),
                check::toString);
    }

    @Test
    void anAdministratorSeesATopicThisReleaseCreatedAsSound() throws IOException {
        Cli.Result check = check("registry-admin");

        assertEquals(0, check.exitCode(), check::toString);
        assertTrue(
                check.out().contains("ok       cleanup.policy=delete, retention.ms=-1, retention.bytes=-1"),
                check::toString);
        assertTrue(check.out().contains("note     can act as administrator"), check::toString);
    }
}
