package org.zdict.cli.registry;

import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;

/** {@code zdict registry retire}. */
@Command(name = "retire", description = "Stop new payloads from using a version; it still decodes.")
public final class RetireCommand extends VersionCommand {
    @Override
    String apply(DictionaryRegistry target) {
        subject.requireVersion(target, version);
        target.retire(version);
        return "Version " + version + " is retired: it still decodes, new payloads no longer use it.";
    }
}
