package org.zdict.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Runs the last command given, but refuses {@code -V/--version} followed by a value. picocli prints the
 * version and ignores the rest, so {@code zdict compress --version 2 > out.zd}, the way to choose a
 * dictionary version before {@code -d/--dict-version}, would write the version text where a payload
 * belongs and exit 0.
 */
final class VersionValueCheck implements IExecutionStrategy {
    @Override
    public int execute(ParseResult parseResult) {
        ParseResult last = parseResult;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        if (last.isVersionHelpRequested()) {
            check(last, parseResult.expandedArgs());
        }
        return new CommandLine.RunLast().execute(parseResult);
    }

    private static void check(ParseResult command, List<String> args) {
        CommandSpec spec = command.commandSpec();
        String value = valueAfterVersion(args);
        if (value != null && value.matches("\\d+") && spec.findOption("--dict-version") != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--version takes no value, it prints zdict's version; to choose dictionary version " + value
                            + " write -d " + value + " (--dict-version " + value + ")");
        }
        if (!command.unmatched().isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Unmatched argument '" + String.join(" ", command.unmatched())
                            + "': --version takes no value, it prints zdict's version");
        }
    }

    private static String valueAfterVersion(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("--version") || args.get(i).equals("-V")) {
                return args.get(i + 1);
            }
        }
        return null;
    }
}
