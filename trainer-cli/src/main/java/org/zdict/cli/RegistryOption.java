package org.zdict.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.zdict.RegistryException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code --registry} option shared by every command that reads or changes a registry, with {@code
 * --command-config} for a kafka:// one's client settings. Locations are opened by {@link
 * DictionaryRegistries}; a bad one is a usage error naming it.
 */
public final class RegistryOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-r", "--registry"},
            required = true,
            paramLabel = "DIR|kafka://HOST:PORT/TOPIC",
            description = "The dictionary registry: a folder, a compacted Kafka topic"
                    + " (kafka://HOST:PORT[,HOST:PORT...]/TOPIC[?key=value&...]), or classpath:FOLDER (read-only).")
    String registry;

    @Mixin
    CommandConfigOption commandConfig;

    /** The location as the user gave it, for messages. */
    public String location() {
        return registry;
    }

    /** The location for messages and reports: as given, without a kafka:// query string (it may hold secrets). */
    public String display() {
        return DictionaryRegistries.withoutQuery(registry);
    }

    /** The {@code --command-config} settings, for the command's other Kafka clients. */
    public CommandConfigOption commandConfig() {
        return commandConfig;
    }

    /** Opens a registry that must already exist (for commands that only read or change versions). */
    public DictionaryRegistry openExisting() {
        return open(spec, registry, false, commandConfig);
    }

    /** Opens the registry, creating it if needed. */
    public DictionaryRegistry openOrCreate() {
        return open(spec, registry, true, commandConfig);
    }

    /** Checks {@code location} without opening it, so a bad one fails before any work. */
    static void check(CommandSpec spec, String location) {
        try {
            DictionaryRegistries.canonical(location);
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Checks, before any work, that {@code location} can be published to: an existing registry opens
     * (a corrupt one fails here), a classpath one is refused as read-only, and a new folder can be
     * created under its nearest existing parent.
     */
    static void checkCanPublish(CommandSpec spec, String location, CommandConfigOption config) {
        check(spec, location);
        String canonical = DictionaryRegistries.canonical(location);
        if (canonical.startsWith("classpath:")) {
            throw new ParameterException(
                    spec.commandLine(), "Registry '" + location + "' is on the classpath, which is read-only");
        }
        try (DictionaryRegistry existing = open(spec, location, false, config)) {
            existing.activeVersion();
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.NOT_FOUND) {
                throw e;
            }
            if (canonical.contains("://")) {
                return;
            }
            Path parent = Path.of(canonical);
            while (parent != null && !Files.exists(parent)) {
                parent = parent.getParent();
            }
            if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
                throw new CliException("Cannot create the registry " + location + ": " + parent
                        + " is not a writable folder (checked before training; nothing was trained or published)");
            }
        }
    }

    /**
     * Opens the registry at {@code location}; with {@code create}, creates it if there is none. A missing
     * registry for a reader is a failure ({@link org.zdict.RegistryException}, exit 1). A kafka://
     * registry gets the {@code config} file's settings under its query.
     */
    static DictionaryRegistry open(CommandSpec spec, String location, boolean create, CommandConfigOption config) {
        try {
            return create
                    ? DictionaryRegistries.openOrCreate(location, config.registrySettings(location))
                    : DictionaryRegistries.open(location, config.registrySettings(location));
        } catch (RegistryException e) {
            if (e.kind() != RegistryException.Kind.BAD_LOCATION) {
                throw e;
            }
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
