package org.zdict.cli;

import org.zdict.engine.input.OnError;
import picocli.CommandLine.Option;

/**
 * {@code --seed} and {@code --on-error}, shared by the commands that sample events ({@code train},
 * {@code eval}). Their size limits stay with each command: the defaults differ.
 */
public final class SamplingOptions {
    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Random seed for sampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--on-error",
            defaultValue = "fail",
            paramLabel = "POLICY",
            description = "On a malformed event (${COMPLETION-CANDIDATES}): fail, or skip it and go on (default:"
                    + " ${DEFAULT-VALUE}).")
    OnError onError;
}
