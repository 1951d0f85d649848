package org.zdict.cli;

import picocli.CommandLine.Option;

/** {@code -q}: no progress bars, for the commands that draw them ({@code demo}, {@code train}, {@code eval}). */
public final class QuietOption {
    @Option(
            names = {"-q", "--quiet"},
            description = "No progress bars.")
    boolean quiet;

    Progress.Factory progress() {
        return Progress.forTerminal(quiet);
    }
}
