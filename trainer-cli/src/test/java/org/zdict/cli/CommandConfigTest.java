package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.kafka.internal.KafkaLocation;
import picocli.CommandLine;

/** {@code --command-config FILE} and {@code ZDICT_COMMAND_CONFIG}, without a broker. */
class CommandConfigTest {
    private static final String SECRET = "SECRET-hunter2";

    @TempDir
    static Path dir;

    static Path events;

    @BeforeAll
    static void writeEvents() throws IOException {
        events = Cli.syntheticEvents(dir, "events.jsonl", 400, 3);
    }

    private static Path properties(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void everyCommandThatTakesAKafkaLocationHasTheOption() {
        for (String command : new String[] {
            "train",
            "eval",
            "retrain",
            "demo",
            "compress",
            "decompress",
            "registry list",
            "registry subjects",
            "registry activate",
            "registry retire",
            "registry remove",
            "registry import",
            "registry export"
        }) {
            Cli.Result help = Cli.run((command + " --help").split(" "));
            assertEquals(0, help.exitCode(), help.toString());
            assertTrue(help.out().contains("--command-config=FILE"), command + ":\n" + help.out());
            assertTrue(help.out().contains("ZDICT_COMMAND_CONFIG"), command + ":\n" + help.out());
        }
        assertFalse(Cli.run("inspect", "--help").out().contains("--command-config"));
    }

    @Test
    void aMissingFileIsAUsageErrorNamingIt() {
        Path missing = dir.resolve("no-such.properties");
        Cli.Result train = Cli.trainTiny("--input", events.toString(), "--command-config", missing.toString());
        assertEquals(2, train.exitCode(), train.toString());
        assertTrue(train.err().contains("--command-config " + missing + ": no such file"), train.err());

        Cli.Result list = Cli.run(
                "registry", "list", "--registry", dir.resolve("r").toString(), "--command-config", missing.toString());
        assertEquals(2, list.exitCode(), list.toString());
        assertTrue(list.err().contains("--command-config " + missing + ": no such file"), list.err());
    }

    @Test
    void aFolderIsAUsageErrorNamingIt() {
        Cli.Result result = Cli.trainTiny("--input", events.toString(), "--command-config", dir.toString());
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--command-config " + dir + ": is a folder"), result.err());
    }

    @Test
    void unknownSettingsAreNamedInAWarningAndTheCommandGoesOn() throws IOException {
        Path file = properties(
                "unknown.properties",
                "security.protocol=PLAINTEXT\nssl.key.password=" + SECRET + "\nsecurity.protocoll=SSL\n"
                        + "zdict.registry.client.client.id=x\nzdict.registry.init.timeout.ms=500\nno.such.thing=1\n");
        Path registry = dir.resolve("unknown-registry");
        Cli.Result result = Cli.trainTiny(
                "--input", events.toString(), "--registry", registry.toString(), "--command-config", file.toString());
        assertEquals(0, result.exitCode(), result.toString());
        String warning = "zdict train: warning: the settings no.such.thing, security.protocoll in --command-config "
                + file + " were supplied but are not known Kafka client or zdict.registry settings";
        assertTrue(result.err().contains(warning), result.err());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.out().contains("Published as version 1"), result.out());
        assertFalse((result.out() + result.err()).contains(SECRET), result.toString());

        // A folder registry ignores the file's Kafka settings.
        Cli.Result list =
                Cli.run("registry", "list", "--registry", registry.toString(), "--command-config", file.toString());
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.err().startsWith("zdict registry list: warning: the settings no.such.thing"), list.err());
    }

    @Test
    void aBadRegistrySettingInTheFileIsAUsageErrorNamingTheFile() throws IOException {
        Path file =
                properties("bad.properties", "zdict.registry.init.timeout.ms=abc\nssl.key.password=" + SECRET + "\n");
        Cli.Result result = Cli.run(
                "registry", "list", "--registry", dir.resolve("none").toString(), "--command-config", file.toString());
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(
                result.err()
                        .startsWith("zdict registry list: --command-config " + file + ": Invalid value abc for"
                                + " configuration zdict.registry.init.timeout.ms"),
                result.err());
        assertFalse((result.out() + result.err()).contains(SECRET), result.toString());
    }

    @Test
    void aLocationsQueryWinsOverTheFile() throws IOException {
        KafkaLocation location = KafkaLocation.parse("kafka://broker:9092/events?security.protocol=SSL&client.id=q");
        Map<String, String> file = Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "zdict.registry.init.timeout.ms", "500");

        KafkaLocation merged = location.withDefaults(file);
        assertEquals(
                Map.of(
                        "security.protocol", "SSL",
                        "client.id", "q",
                        "sasl.mechanism", "SCRAM-SHA-512",
                        "zdict.registry.init.timeout.ms", "500"),
                merged.settings());
        assertEquals("SSL", merged.clientSettings().get("security.protocol"));
        assertEquals("broker:9092", merged.clientSettings().get("bootstrap.servers"));
        assertFalse(merged.clientSettings().containsKey("zdict.registry.init.timeout.ms"));

        // The prefixed spelling of a setting the query gives loses too.
        KafkaLocation prefixed = location.withDefaults(Map.of("zdict.registry.client.security.protocol", "SASL_SSL"));
        assertEquals("SSL", prefixed.clientSettings().get("security.protocol"));

        // The registry provider lets the map it is given win over the query; what the option gives it keeps the
        // query's value.
        CommandConfigOption option = new CommandConfigOption();
        option.file = properties("precedence.properties", "security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n");
        option.environment = Map.of();
        Map<String, Object> registrySettings = option.registrySettings(location.toString());
        assertEquals("SSL", location.settings(registrySettings).get("security.protocol"));
        assertEquals("SCRAM-SHA-512", location.settings(registrySettings).get("sasl.mechanism"));
        assertEquals(
                Map.of(), option.registrySettings(dir.resolve("folder-registry").toString()));
    }

    @Test
    void theEnvironmentVariableNamesTheFileWhenTheOptionIsNotGiven() throws IOException {
        Path fromVariable = properties("env.properties", "security.protocol=SSL\n");
        Path fromOption = properties("option.properties", "security.protocol=SASL_SSL\n");
        Map<String, String> environment = Map.of(CommandConfig.ENVIRONMENT_VARIABLE, fromVariable.toString());

        assertEquals(
                Map.of("security.protocol", "SSL"),
                CommandConfig.read(null, environment).settings());
        assertEquals(
                Map.of("security.protocol", "SASL_SSL"),
                CommandConfig.read(fromOption, environment).settings());
        assertEquals(Map.of(), CommandConfig.read(null, Map.of()).settings());
        // The option wins: a missing file named by the variable does not matter then.
        Map<String, String> missing =
                Map.of(CommandConfig.ENVIRONMENT_VARIABLE, dir.resolve("gone").toString());
        assertEquals(
                Map.of("security.protocol", "SASL_SSL"),
                CommandConfig.read(fromOption, missing).settings());
        IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> CommandConfig.read(null, missing));
        assertEquals("ZDICT_COMMAND_CONFIG=" + dir.resolve("gone") + ": no such file", bad.getMessage());
    }

    @Test
    void aMissingFileNamedByTheEnvironmentVariableIsAUsageErrorNamingBoth() {
        CommandLine commandLine = ZdictCommand.commandLine();
        CommandLine list =
                commandLine.getSubcommands().get("registry").getSubcommands().get("list");
        CommandConfigOption option = (CommandConfigOption) list.getCommandSpec()
                .mixins()
                .get("registry")
                .mixins()
                .get("commandConfig")
                .userObject();
        Path missing = dir.resolve("env-missing.properties");
        option.environment = Map.of(CommandConfig.ENVIRONMENT_VARIABLE, missing.toString());

        Cli.Result result = Cli.run(
                commandLine, "registry", "list", "--registry", dir.resolve("r").toString());
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("ZDICT_COMMAND_CONFIG=" + missing + ": no such file"), result.err());
    }

    @Test
    void aSecretInALocationsQueryIsWarnedAboutOnceWithoutItsValue() {
        String query = "?ssl.key.password=" + SECRET + "&zdict.registry.init.timeout.ms=200";
        Cli.Result result = Cli.trainTiny(
                "--input",
                "kafka://127.0.0.1:1/events?sasl.jaas.config=x+required+password%3D%22" + SECRET + "%22%3B",
                "--registry",
                "kafka://127.0.0.1:1/_zdict" + query + "&zdict.registry.cache.dir=" + dir.resolve("cache"));
        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(
                result.err()
                        .startsWith("zdict train: warning: kafka://127.0.0.1:1/_zdict has ssl.key.password in its"
                                + " query, which the process list and shell history show; put it in a file given"
                                + " with --command-config FILE (or ZDICT_COMMAND_CONFIG)\n"),
                result.err());
        assertEquals(1, result.err().lines().filter(l -> l.contains("warning")).count(), result.err());
        assertFalse((result.out() + result.err()).contains(SECRET), result.toString());
    }

    @Test
    void secretSettingsAreRecognisedAndTheirValuesHidden() {
        assertTrue(SecretSettings.isSecret("sasl.jaas.config"));
        assertTrue(SecretSettings.isSecret("zdict.registry.client.sasl.jaas.config"));
        assertTrue(SecretSettings.isSecret("ssl.key.password"));
        assertTrue(SecretSettings.isSecret("ssl.keystore.key"));
        assertFalse(SecretSettings.isSecret("ssl.keystore.location"));
        assertFalse(SecretSettings.isSecret("sasl.mechanism"));

        String jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"app\""
                + " password=\"" + SECRET + "\";";
        Set<String> values = SecretSettings.values(Map.of("sasl.jaas.config", jaas, "client.id", "visible"));
        assertTrue(values.contains(SECRET), values.toString());
        assertFalse(values.contains("visible"), values.toString());
        assertEquals(
                "Bad JAAS config org.apache.kafka.common.security.scram.ScramLoginModule required username=\"app\""
                        + " password=\"[hidden]\";; password [hidden]",
                SecretSettings.hide("Bad JAAS config " + jaas + "; password " + SECRET, values));
        assertEquals(
                "Invalid login module control flag 'required' in JAAS config",
                SecretSettings.hide("Invalid login module control flag 'required' in JAAS config", values));
        // A malformed config: Kafka's message quotes the part where the control flag belongs.
        Set<String> malformed = SecretSettings.values(
                Map.of("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule " + SECRET));
        assertEquals(
                "Invalid login module control flag '[hidden]' in JAAS config",
                SecretSettings.hide("Invalid login module control flag '" + SECRET + "' in JAAS config", malformed));
    }
}
