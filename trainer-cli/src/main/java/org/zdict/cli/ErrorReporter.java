package org.zdict.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.HashSet;
import java.util.Set;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns exceptions into zdict's exit codes and one-line messages: bad usage exits 2 naming the bad
 * value, any other failure exits 1. Stack traces are printed only with {@code --verbose}. The secret
 * values the command has seen ({@link CommandConfigOption#secrets()}) are hidden in every message.
 */
final class ErrorReporter implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        String message = SecretSettings.hide(String.valueOf(e.getMessage()), secrets(command.getCommandSpec()));
        err.println(command.getCommandSpec().qualifiedName() + ": " + message + " (see '"
                + command.getCommandSpec().qualifiedName() + " --help')");
        if (isVerbose(command.getParseResult())) {
            printStackTrace(e, err, command.getCommandSpec());
        }
        err.flush();
        return ZdictCommand.EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        String message = SecretSettings.hide(describe(e), secrets(command.getCommandSpec()));
        err.println(command.getCommandSpec().qualifiedName() + ": error: " + message);
        if (isVerbose(parseResult)) {
            printStackTrace(e, err, command.getCommandSpec());
        }
        err.flush();
        return ZdictCommand.EXIT_FAILURE;
    }

    /** One line: the message, or the exception's type when it has none. */
    static String describe(Throwable e) {
        if (e instanceof UncheckedIOException && e.getCause() != null) {
            return describe(e.getCause());
        }
        if (e instanceof NoSuchFileException missing) {
            return "No such file: " + missing.getFile();
        }
        if (e instanceof AccessDeniedException denied) {
            return "Permission denied: " + denied.getFile();
        }
        if (e instanceof FileSystemException other && other.getReason() != null) {
            return other.getFile() + ": " + other.getReason();
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        if (e instanceof KafkaException && e.getCause() != null) {
            // "Failed to construct kafka consumer" alone does not say what is wrong; the root cause does.
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
                message = message + " (" + root.getMessage() + ")";
            }
        }
        return message.replace('\n', ' ');
    }

    /** The stack trace of {@code e}, secrets hidden, for {@code --verbose}. */
    private static void printStackTrace(Throwable e, PrintWriter err, CommandSpec spec) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        err.print(SecretSettings.hide(trace.toString(), secrets(spec)));
    }

    /** The secret values seen by the {@code --command-config} mixins of {@code spec} (nested ones too). */
    static Set<String> secrets(CommandSpec spec) {
        Set<String> secrets = new HashSet<>();
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof CommandConfigOption config) {
                secrets.addAll(config.secrets());
            }
            secrets.addAll(secrets(mixin));
        }
        return secrets;
    }

    private static boolean isVerbose(ParseResult parseResult) {
        for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
            if (result.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
