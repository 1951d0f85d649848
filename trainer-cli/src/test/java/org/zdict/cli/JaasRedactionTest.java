package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is left of Kafka's messages about a JAAS config once zdict hides its secrets: the secret values
 * (passwords, client secrets, tokens, keys) go, the username and the rest stay readable.
 */
class JaasRedactionTest {
    private static final String SECRET = "SECRET-hunter2";
    private static final String PLAIN = "org.apache.kafka.common.security.plain.PlainLoginModule";

    @TempDir
    Path dir;

    /** Kafka's own message for {@code jaas}, with zdict's hiding applied. */
    private static String kafkaMessage(String jaas) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> JaasContext.loadClientContext(Map.of("sasl.jaas.config", new Password(jaas))));
        return SecretSettings.hide(e.getMessage(), SecretSettings.values(Map.of("sasl.jaas.config", jaas)));
    }

    @Test
    void aMissingSemicolonKeepsTheMessageAndHidesOnlyThePassword() {
        String jaas = PLAIN + " required username=\"consumer\" password=\"" + SECRET + "\"";
        assertEquals("JAAS config entry not terminated by semi-colon", kafkaMessage(jaas));
        assertEquals(Set.of(SECRET), SecretSettings.values(Map.of("sasl.jaas.config", jaas)));
        assertEquals(
                "Failed to construct kafka consumer (" + jaas.replace(SECRET, "[hidden]") + ")",
                SecretSettings.hide(
                        "Failed to construct kafka consumer (" + jaas + ")",
                        SecretSettings.values(Map.of("sasl.jaas.config", jaas))));
    }

    @Test
    void aWordWhereTheControlFlagBelongsIsHidden() {
        String jaas = PLAIN + " " + SECRET + " username=\"consumer\";";
        assertEquals("Invalid login module control flag '[hidden]' in JAAS config", kafkaMessage(jaas));
    }

    @Test
    void aValueWithoutItsNameIsHiddenButTheNamesAreNot() {
        String jaas = PLAIN + " required username=\"consumer\" password \"" + SECRET + "\";";
        Set<String> values = SecretSettings.values(Map.of("sasl.jaas.config", jaas));
        assertEquals(Set.of(SECRET), values);
        assertEquals(
                "Value not specified for key '[hidden]' in JAAS config", kafkaMessage(jaas.replace("password ", "")));
    }

    @Test
    void secretLookingOptionsAreHiddenWhateverTheirName() {
        String jaas = "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
                + " clientId=\"orders-app\" clientSecret=\"s3cr3t-value\" apiKey=abcd1234 token=\"tok-9876\""
                + " ssl.truststore.password=trustpass scope=\"read\" storeKey=true;";
        assertEquals(
                Set.of("s3cr3t-value", "abcd1234", "tok-9876", "trustpass"),
                SecretSettings.values(Map.of("sasl.jaas.config", jaas)));
        assertEquals(
                "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required"
                        + " clientId=\"orders-app\" clientSecret=\"[hidden]\" apiKey=[hidden] token=\"[hidden]\""
                        + " ssl.truststore.password=[hidden] scope=\"read\" storeKey=true;",
                SecretSettings.hide(jaas, SecretSettings.values(Map.of("sasl.jaas.config", jaas))));
    }

    @Test
    void aConfigThatIsOnlyAWordIsHidden() {
        assertEquals(Set.of(SECRET), SecretSettings.values(Map.of("sasl.jaas.config", SECRET)));
    }

    @Test
    void otherSecretSettingsAreHiddenWhole() {
        assertEquals(
                Set.of(SECRET), SecretSettings.values(Map.of("ssl.key.password", SECRET, "sasl.mechanism", "PLAIN")));
    }

    @Test
    void theCommandLineShowsKafkasMessageWithTheUsernameAndWithoutThePassword() throws IOException {
        Path config = Files.writeString(
                dir.resolve("client.properties"),
                "security.protocol=SASL_PLAINTEXT\nsasl.mechanism=PLAIN\nzdict.registry.init.timeout.ms=500\n"
                        + "sasl.jaas.config=" + PLAIN + " required username=\"consumer\" password=\"" + SECRET
                        + "\"\n");
        Cli.Result result = Cli.run(
                "registry",
                "list",
                "--registry",
                "kafka://127.0.0.1:1/_zdict?zdict.registry.cache.dir=" + dir.resolve("cache"),
                "--command-config",
                config.toString());
        assertEquals(1, result.exitCode(), result.toString());
        assertFalse((result.out() + result.err()).contains(SECRET), result.toString());
        // Before, the username's value was hidden everywhere: "Failed to construct kafka [hidden] (...)".
        assertEquals(
                "zdict registry list: error: Failed to construct kafka consumer"
                        + " (JAAS config entry not terminated by semi-colon)\n",
                result.err());
    }
}
