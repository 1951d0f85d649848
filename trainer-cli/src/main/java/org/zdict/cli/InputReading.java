package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;
import org.zdict.engine.ProgressListener;
import org.zdict.engine.SampleSet;
import org.zdict.engine.Sampler;
import org.zdict.engine.TrainingEngine;
import org.zdict.engine.TrainingPlan;
import org.zdict.engine.input.MalformedEventException;

/** Reads the inputs of train, eval and demo, reporting skipped events on standard error. */
final class InputReading {
    /** Skipped events reported one by one; beyond this only their number. */
    static final int MAX_REPORTED_SKIPS = 20;
    /** Above this share of skipped input bytes, the input is refused rather than trained on. */
    static final double MAX_SKIPPED_SHARE = 0.5;

    private InputReading() {}

    /** Samples a training plan's inputs through the engine. */
    static SampleSet read(TrainingPlan plan, ProgressListener progress, PrintWriter err) throws IOException {
        return read(skipped -> new TrainingEngine(progress, skipped).sample(plan), err);
    }

    /** Reads a sample, telling {@code skipped} about every malformed event skipped. */
    @FunctionalInterface
    private interface Sampling {
        SampleSet read(Consumer<MalformedEventException> skipped) throws IOException;
    }

    private static SampleSet read(Sampling sampling, PrintWriter err) throws IOException {
        UndecodableValues undecodable = new UndecodableValues();
        SampleSet samples = readReporting(sampling, err, undecodable);
        long skipped = samples.skipped() + samples.oversized();
        if (skipped > 0) {
            err.printf(
                    Locale.ROOT,
                    "zdict: skipped %,d event(s)%s; %.1f %% of the input's bytes are in no event%n",
                    skipped,
                    samples.oversized() > 0
                            ? " (" + samples.oversized() + " larger than " + Sampler.maxEventSizeLabel() + ")"
                            : "",
                    100 * samples.skippedShare());
            err.flush();
        }
        if (samples.skippedShare() > MAX_SKIPPED_SHARE && undecodable.count() * 2 > skipped) {
            throw new CliException(undecodable.refusal(samples.skippedShare(), samples.eventsRead()));
        }
        if (samples.skippedShare() > MAX_SKIPPED_SHARE) {
            throw new CliException(String.format(
                    Locale.ROOT,
                    "%.0f %% of the input was skipped (%,d events skipped, %,d kept): it does not look like the JSON"
                            + " events zdict is for. Check the input; nothing was trained or published",
                    100 * samples.skippedShare(),
                    skipped,
                    samples.eventsRead()));
        }
        return samples;
    }

    /** The engine's message, saying how this command is given a registry where one was missing. */
    static String describe(MalformedEventException malformed) {
        String message = malformed.getMessage();
        if (!malformed.lacksRegistry()) {
            return message;
        }
        return message.substring(0, message.length() - MalformedEventException.NO_REGISTRY.length())
                + "; give --registry to decode such values";
    }

    private static SampleSet readReporting(Sampling sampling, PrintWriter err, UndecodableValues undecodable)
            throws IOException {
        int[] skipped = {0};
        try {
            return sampling.read(malformed -> {
                undecodable.add(malformed);
                if (++skipped[0] <= MAX_REPORTED_SKIPS) {
                    err.println("zdict: skipped: " + describe(malformed));
                } else if (skipped[0] == MAX_REPORTED_SKIPS + 1) {
                    err.println("zdict: skipping more malformed events without reporting each");
                }
                err.flush();
            });
        } catch (MalformedEventException e) {
            throw new CliException(e.getMessage() + " (--on-error skip skips malformed events)", e);
        }
    }
}
