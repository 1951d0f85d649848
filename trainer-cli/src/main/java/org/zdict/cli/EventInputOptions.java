package org.zdict.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The events a command reads ({@code train}, {@code eval}): {@code -i FILE|DIR|-}, repeatable, and more files. */
public final class EventInputOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-i", "--input"},
            paramLabel = "FILE|DIR|-",
            description = "Events to read (repeatable): JSON Lines, a JSON array or concatenated JSON, plain, .gz"
                    + " or .zst; a folder means all its files; - is standard input.")
    List<String> inputs = new ArrayList<>();

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "More inputs, as with --input.")
    List<String> moreInputs = new ArrayList<>();

    /** Every input named, in order; none is a usage error. */
    List<String> names() {
        List<String> all = new ArrayList<>(inputs);
        all.addAll(moreInputs);
        if (all.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Missing input: give --input FILE (or - for stdin)");
        }
        return all;
    }
}
