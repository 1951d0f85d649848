package org.zdict.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.zdict.cli.input.EventInput;
import org.zdict.cli.input.MalformedEventException;
import org.zdict.cli.train.SampleSet;
import org.zdict.cli.train.Sampler;

/** Reads the inputs of train, eval and demo, reporting skipped events on standard error. */
final class InputReading {
    /** Skipped events reported one by one; beyond this only their number. */
    static final int MAX_REPORTED_SKIPS = 20;

    private InputReading() {}

    static SampleSet read(Sampler sampler, List<EventInput> inputs, Progress.Factory progress, PrintWriter err)
            throws IOException {
        int[] skipped = {0};
        try {
            return sampler.read(inputs, System.in, progress, malformed -> {
                if (++skipped[0] <= MAX_REPORTED_SKIPS) {
                    err.println("zdict: skipped: " + malformed.getMessage());
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
