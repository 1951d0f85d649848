package org.zdict.cli.registry;

import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;

/** {@code zdict registry activate}. */
@Command(name = "activate", description = "Make a version the one new payloads use.")
public final class ActivateCommand extends VersionCommand {
    @Override
    String apply(DictionaryRegistry target) {
        target.activate(version);
        return "Version " + version + " is now active.";
    }
}
