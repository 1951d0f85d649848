package org.zdict.cli;

import java.util.Arrays;
import java.util.concurrent.Callable;
import org.zdict.cli.registry.RegistryCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code zdict} command: train, evaluate and manage zstd dictionaries for small JSON events. Its
 * {@code -h/--help} and {@code -V/--version} are inherited by every subcommand ({@code scope = INHERIT}).
 */
@Command(
        name = "zdict",
        mixinStandardHelpOptions = true,
        versionProvider = ZdictVersion.class,
        scope = ScopeType.INHERIT,
        description = {
            "Train, evaluate and manage zstd dictionaries for small JSON events.",
            "Exit codes: 0 success, 2 bad usage, 1 failure."
        },
        subcommands = {
            DemoCommand.class,
            TrainCommand.class,
            RetrainCommand.class,
            EvalCommand.class,
            CompressCommand.class,
            DecompressCommand.class,
            InspectCommand.class,
            RegistryCommand.class,
            CommandLine.HelpCommand.class
        })
public final class ZdictCommand implements Callable<Integer> {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILURE = 1;
    public static final int EXIT_USAGE = 2;
    private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String KAFKA_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.apache.kafka";

    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean verbose;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'zdict --help'");
    }

    /**
     * The command line with zdict's error handling (one-line errors, stack traces only with --verbose) and
     * enum option values accepted in any case ({@code --objective Speed}).
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ZdictCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        ErrorReporter errors = new ErrorReporter();
        commandLine.setParameterExceptionHandler(errors);
        commandLine.setExecutionExceptionHandler(errors);
        commandLine.setExecutionStrategy(new VersionValueCheck());
        return commandLine;
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        boolean verbose = Arrays.asList(args).contains("--verbose");
        if (System.getProperty(LOG_LEVEL) == null) {
            // Kafka clients log connection retries as warnings; zdict reports failures itself.
            System.setProperty(LOG_LEVEL, verbose ? "warn" : "error");
        }
        if (System.getProperty(KAFKA_LOG_LEVEL) == null && !verbose) {
            // They log a TLS or SASL failure as errors, with stack traces; zdict reports it in one line.
            System.setProperty(KAFKA_LOG_LEVEL, "off");
        }
        System.exit(commandLine().execute(args));
    }
}
