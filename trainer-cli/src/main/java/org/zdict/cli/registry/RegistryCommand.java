package org.zdict.cli.registry;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code zdict registry}: manage the versions in a registry. */
@Command(
        name = "registry",
        description = "List, activate, retire, remove, import and export dictionary versions; list subjects;"
                + " migrate, purge and check the registry.",
        subcommands = {
            ListCommand.class,
            SubjectsCommand.class,
            ActivateCommand.class,
            RetireCommand.class,
            RemoveCommand.class,
            ImportCommand.class,
            ExportCommand.class,
            MigrateCommand.class,
            PurgeCommand.class,
            CheckCommand.class
        })
public final class RegistryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(),
                "Missing subcommand: list, subjects, activate, retire, remove, import, export, migrate, purge or check");
    }
}
