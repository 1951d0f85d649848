package org.zdict.cli.registry;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.zdict.cli.RegistryOption;
import org.zdict.cli.ZdictCommand;
import org.zdict.kafka.KafkaDictionaryRegistry;
import org.zdict.registry.DictionaryRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** A {@code zdict registry} subcommand that acts on the topic of an existing {@code kafka://} registry. */
abstract class KafkaTopicCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RegistryOption registry;

    @Override
    public final Integer call() {
        checkArguments();
        String done;
        try (DictionaryRegistry target = registry.openExisting()) {
            if (!(target instanceof KafkaDictionaryRegistry kafka)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "zdict registry " + spec.name()
                                + " acts on a registry topic (--registry kafka://HOST:PORT/TOPIC), not on "
                                + registry.display() + ": " + folderNote());
            }
            done = apply(kafka);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(done);
        out.flush();
        return ZdictCommand.EXIT_OK;
    }

    /** Refuses bad arguments before the registry is opened (which may wait for the cluster). */
    void checkArguments() {}

    /** What the command means for a folder registry, for the usage error. */
    abstract String folderNote();

    /** Acts on the registry topic; returns the sentence that says what was done. */
    abstract String apply(KafkaDictionaryRegistry target);
}
