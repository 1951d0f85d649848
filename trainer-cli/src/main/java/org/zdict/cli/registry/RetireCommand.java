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

/** {@code zdict registry retire}. */
@Command(
        name = "retire",
        mixinStandardHelpOptions = true,
        description = "Stop new payloads from using a version; it still decodes.")
public final class RetireCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "VERSION", description = "The version number.")
    int version;

    @Override
    public Integer call() {
        try (DictionaryRegistry target = registry.openExisting()) {
            target.retire(version);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("Version " + version + " is retired: it still decodes, new payloads no longer use it.");
        out.flush();
        return ZdictCommand.EXIT_OK;
    }
}
