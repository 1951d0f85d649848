package org.zdict.cli;

import java.io.PrintWriter;
import org.zdict.cli.input.MalformedEventException;

/** Reports skipped malformed events on standard error. */
final class SkipReporter {
    private SkipReporter() {}

    static void report(PrintWriter err, MalformedEventException skipped) {
        err.println("zdict: skipped: " + skipped.getMessage());
        err.flush();
    }
}
