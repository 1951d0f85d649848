package org.zdict.cli;

import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --registry} option shared by every command that reads or changes a registry. */
public final class RegistryOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-r", "--registry"},
            required = true,
            paramLabel = "DIR|kafka://HOST:PORT/TOPIC",
            description = "The dictionary registry: a folder, or a compacted Kafka topic.")
    String registry;

    /** The parsed location; a bad value is a usage error naming it. */
    public RegistryLocation location() {
        try {
            return RegistryLocation.parse(registry);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Opens a registry that must already exist (for commands that only read or change versions). */
    public DictionaryRegistry openExisting() {
        RegistryLocation location = location();
        if (!location.exists()) {
            throw new CliException(
                    "No registry at " + location + " (no manifest.json): train or import a dictionary into it first");
        }
        return location.open();
    }

    /** Opens the registry, creating it if needed. */
    public DictionaryRegistry openOrCreate() {
        return location().open();
    }
}
