package org.zdict.cli;

import org.zdict.engine.input.OnError;
import picocli.CommandLine.Option;

/**
 * {@code --seed} and {@code --on-error}, shared by the commands that sample events ({@code train} and
 * {@code retrain} through {@link TrainingOptions}, {@code eval}). The options that {@code eval} and
 * {@link TrainingOptions} both name stay with each, as their help differs: {@code --max-samples} and
 * {@code --max-sample-bytes} (eval samples 50000 and 16M by default, train 200000 and 32M, the engine's
 * plan defaults), and {@code --batch} (for train, the choice uses the first).
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
