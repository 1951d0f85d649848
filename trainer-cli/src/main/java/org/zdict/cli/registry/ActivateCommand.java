package org.zdict.cli.registry;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code zdict registry activate}. */
@Command(name = "activate", mixinStandardHelpOptions = true, description = "Make a version the one new payloads use.")
public final class ActivateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "VERSION", description = "The version number.")
    int version;

    @Override
    public Integer call() {
        try (DictionaryRegistry target = registry.openExisting()) {
            target.activate(version);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Version " + version + " is now active.");
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
