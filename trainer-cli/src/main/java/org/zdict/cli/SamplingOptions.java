package org.zdict.cli;

import org.zdict.engine.input.OnError;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * How the commands that sample events ({@code train} and {@code retrain} through {@link TrainingOptions},
 * {@code eval}) sample them, declared once: {@code --max-samples}, {@code --max-sample-bytes}, {@code
 * --seed} and {@code --on-error}. Train samples 200000 events and 32M by default (the engine's plan
 * defaults), eval 50000 and 16M ({@link EvalDefaults}). {@code --batch} stays with each command, as its
 * help differs (for train, the choice uses the first).
 */
public final class SamplingOptions {
    /** {@code eval}'s defaults, where they differ from train's: it needs fewer events to measure. */
    public static final class EvalDefaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec argSpec) {
            if (argSpec instanceof OptionSpec option) {
                return switch (option.longestName()) {
                    case "--max-samples" -> "50000";
                    case "--max-sample-bytes" -> "16M";
                    default -> null;
                };
            }
            return null;
        }
    }

    @Option(
            names = "--max-samples",
            paramLabel = "N",
            defaultValue = "200000",
            description = "Most events to sample, training plus held-out (default: ${DEFAULT-VALUE}).")
    int maxSamples;

    @Option(
            names = "--max-sample-bytes",
            paramLabel = "SIZE",
            defaultValue = "32M",
            converter = ListConverters.ByteCount.class,
            description = "Most bytes of events to sample (default: ${DEFAULT-VALUE}).")
    long maxSampleBytes;

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
