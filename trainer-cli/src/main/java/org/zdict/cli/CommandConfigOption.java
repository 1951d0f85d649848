package org.zdict.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.ConfigException;
import org.zdict.kafka.KafkaRegistryConfig;
import org.zdict.kafka.internal.KafkaLocation;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --command-config FILE} (or {@value CommandConfig#ENVIRONMENT_VARIABLE}), on every command that
 * takes a {@code kafka://} location: Kafka client settings from a file, so that secrets stay out of
 * command lines. Gives every Kafka client of the command (the registry's, {@code --input} topics', the
 * retention lookup of {@code registry remove}) the file's settings under the location's query, warns
 * once about a secret in a query, and remembers the secret values seen so that {@link ErrorReporter}
 * hides them. One instance per command run.
 */
public final class CommandConfigOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--command-config",
            paramLabel = "FILE",
            description = "Kafka client settings (TLS, SASL, zdict.registry.*) for every kafka:// location, as a"
                    + " properties file; a setting in a location's query wins. Default: the file "
                    + CommandConfig.ENVIRONMENT_VARIABLE + " names.")
    Path file;

    /** Where {@value CommandConfig#ENVIRONMENT_VARIABLE} is read (tests replace it). */
    Map<String, String> environment = System.getenv();

    private CommandConfig loaded;
    private boolean warnedAboutQuery;
    private final Set<String> secrets = new LinkedHashSet<>();

    /**
     * The file's settings, read on first use (warning once about settings no Kafka client knows).
     *
     * @throws ParameterException naming the file when it cannot be read
     */
    public Map<String, String> settings() {
        if (loaded == null) {
            try {
                loaded = CommandConfig.read(file, environment);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            secrets.addAll(SecretSettings.values(loaded.settings()));
            try {
                new KafkaRegistryConfig(loaded.settings()); // the registry's own settings, checked up front
            } catch (ConfigException e) {
                throw new ParameterException(spec.commandLine(), loaded.origin() + ": " + e.getMessage());
            }
            Set<String> unknown = loaded.unknownKeys();
            if (!unknown.isEmpty()) {
                warn("the settings " + String.join(", ", unknown) + " in " + loaded.origin()
                        + " were supplied but are not known Kafka client or zdict.registry settings");
            }
        }
        return loaded.settings();
    }

    /**
     * The settings to open the registry at {@code location} with: for a {@code kafka://} one, the file's
     * under the location's query (the query wins); none for other registries, which ignore the file.
     */
    public Map<String, Object> registrySettings(String location) {
        Map<String, String> fromFile = settings();
        String trimmed = location.trim();
        if (!KafkaLocation.isKafka(trimmed)) {
            return Map.of();
        }
        return new HashMap<>(withFile(KafkaLocation.parse(trimmed), fromFile).settings());
    }

    /** {@code topic} with the file's settings under its query (the query wins). */
    public KafkaLocation withFile(KafkaLocation topic) {
        return withFile(topic, settings());
    }

    /** Settings for a Kafka client of the cluster at {@code bootstrapServers}: the file's client settings. */
    public Map<String, Object> clientSettings(String bootstrapServers) {
        Map<String, Object> client = new KafkaRegistryConfig(settings()).clientSettings();
        client.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return client;
    }

    /** The secret values this run has seen (in the file and in locations' queries), for {@link ErrorReporter}. */
    Set<String> secrets() {
        return Set.copyOf(secrets);
    }

    private KafkaLocation withFile(KafkaLocation location, Map<String, String> fromFile) {
        List<String> inQuery = SecretSettings.secretKeys(location.settings());
        if (!inQuery.isEmpty()) {
            secrets.addAll(SecretSettings.values(location.settings()));
            if (!warnedAboutQuery) {
                warnedAboutQuery = true;
                warn(location.withoutSettings() + " has " + String.join(", ", inQuery)
                        + " in its query, which the process list and shell history show; put it in a file given"
                        + " with --command-config FILE (or " + CommandConfig.ENVIRONMENT_VARIABLE + ")");
            }
        }
        return location.withDefaults(fromFile);
    }

    private void warn(String message) {
        CommandLine command = spec.commandLine();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": warning: " + message);
        err.flush();
    }
}
