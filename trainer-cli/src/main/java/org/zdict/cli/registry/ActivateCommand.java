package org.zdict.cli.registry;

import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Command;

/** {@code zdict registry activate}. */
@Command(
        name = "activate",
        description = "Make a version the one new payloads of its subject use (--subject, default: default);"
                + " other subjects keep their active versions.")
public final class ActivateCommand extends VersionCommand {
    @Override
    String apply(DictionaryRegistry target) {
        subject.requireVersion(target, version);
        target.activate(version);
        return "Version " + version + " is now active" + ofSubject() + ".";
    }
}
