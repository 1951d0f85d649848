package org.zdict.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** The options of a kafka:// input: bad ones are usage errors that name them, before anything connects. */
class KafkaInputOptionsTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private final ListConverters.Since since = new ListConverters.Since(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void sinceTakesHowLongAgoOrATime() {
        assertEquals(NOW.minusSeconds(90), since.convert("90s"));
        assertEquals(NOW.minusSeconds(6 * 3600), since.convert("6h"));
        assertEquals(NOW.minusSeconds(6 * 3600), since.convert("PT6H"));
        assertEquals(NOW.minusSeconds(7 * 86400), since.convert("7d"));
        assertEquals(Instant.parse("2026-11-30T09:00:00Z"), since.convert("2026-11-30T10:00:00+01:00"));
        TypeConversionException bad = assertThrows(TypeConversionException.class, () -> since.convert("yesterday"));
        assertTrue(bad.getMessage().contains("'yesterday'"), bad.getMessage());
        assertThrows(TypeConversionException.class, () -> since.convert("0m"));
    }

    @Test
    void badKafkaInputsAreUsageErrorsNamingTheBadPart() {
        Cli.Result noPort = Cli.trainTiny("--input", "kafka://broker/events");
        assertEquals(2, noPort.exitCode(), noPort.toString());
        assertTrue(noPort.err().contains("Input 'kafka://broker/events': 'broker' is not HOST:PORT"), noPort.err());

        // The query may hold secrets: no usage error repeats it, for an input or a registry.
        String secret = "hunter2";
        String jaas = "sasl.jaas.config=PlainLoginModule+required+password%3D" + secret;
        for (String[] bad : new String[][] {
            {"kafka://broker/events?" + jaas, "Input 'kafka://broker/events?...': 'broker' is not HOST:PORT"},
            {"kafka://broker:9092/events?" + jaas + "&" + secret, "setting 2 of the query is not key=value"},
            {"kafka://broker:9092/events?ssl.key.password=" + secret + "%zz", "setting 'ssl.key.password'"}
        }) {
            Cli.Result input = Cli.trainTiny("--input", bad[0]);
            assertEquals(2, input.exitCode(), input.toString());
            assertTrue(input.err().contains(bad[1]), input.err());
            assertFalse(input.err().contains(secret), input.err());
        }
        Cli.Result registry = Cli.run("registry", "list", "--registry", "kafka://broker/_zdict?" + jaas);
        assertEquals(2, registry.exitCode(), registry.toString());
        assertTrue(registry.err().contains("Registry location 'kafka://broker/_zdict?...'"), registry.err());
        assertFalse(registry.err().contains(secret), registry.err());
        Cli.Result retrainRegistry = Cli.run(
                "retrain", "--input", "kafka://b:1/t", "--registry", "kafka://broker:1/_zdict?" + jaas + "&" + secret);
        assertEquals(2, retrainRegistry.exitCode(), retrainRegistry.toString());
        assertFalse(retrainRegistry.err().contains(secret), retrainRegistry.err());

        Cli.Result records = Cli.trainTiny("--input", "kafka://broker:9092/events", "--kafka-records", "0");
        assertEquals(2, records.exitCode(), records.toString());
        assertTrue(records.err().contains("'--kafka-records': 0 is below 1"), records.err());

        Cli.Result sinceWhen = Cli.run("eval", "--input", "kafka://b:1/t", "--registry", "x", "--kafka-since", "soon");
        assertEquals(2, sinceWhen.exitCode(), sinceWhen.toString());
        assertTrue(sinceWhen.err().contains("'soon'"), sinceWhen.err());
    }
}
