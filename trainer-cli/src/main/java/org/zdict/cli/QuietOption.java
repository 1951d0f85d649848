package org.zdict.cli;

import org.zdict.engine.ProgressListener;
import picocli.CommandLine.Option;

/**
 * {@code -q}: no progress bars, for the commands that draw them ({@code demo}, {@code train}, {@code eval},
 * {@code retrain}).
 */
public final class QuietOption {
    @Option(
            names = {"-q", "--quiet"},
            description = "No progress bars.")
    boolean quiet;

    ProgressListener progress() {
        return Progress.forTerminal(quiet);
    }
}
