package org.zdict.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns exceptions into zdict's exit codes and one-line messages: bad usage exits 2 naming the bad
 * value, any other failure exits 1. Stack traces are printed only with {@code --verbose}.
 */
final class ErrorReporter implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage() + " (see '"
                + command.getCommandSpec().qualifiedName() + " --help')");
        if (isVerbose(command.getParseResult())) {
            e.printStackTrace(err);
        }
        err.flush();
        return ZdictCommand.EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": error: " + describe(e));
        if (isVerbose(parseResult)) {
            e.printStackTrace(err);
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
        return message.replace('\n', ' ');
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
