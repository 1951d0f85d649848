package org.zdict.cli.registry;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.SubjectOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A {@code zdict registry} subcommand that acts on one version of an existing registry, named by a
 * positional {@code VERSION} ({@code activate 2}, {@code retire 1}). Versions
 * are unique across subjects, so the number names the version; {@code --subject} is a check that it
 * belongs to the subject meant.
 */
abstract class VersionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Parameters(paramLabel = "VERSION", description = "The version number.")
    int version;

    @Mixin
    SubjectOption subject;

    @Override
    public final Integer call() throws IOException {
        subject.name();
        String done;
        try (DictionaryRegistry target = registry.openExisting()) {
            done = apply(target);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(done);
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /** " for subject NAME" unless the subject is the default one, for messages. */
    String ofSubject() {
        String name = subject.name();
        return name.equals(DictionaryInfo.DEFAULT_SUBJECT) ? "" : " for subject " + name;
    }

    /** Acts on {@link #version} of {@code target}; returns the sentence that says what was done. */
    abstract String apply(DictionaryRegistry target) throws IOException;
}
