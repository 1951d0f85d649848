package org.zdict.kafka;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What code logs at WARN and above in tests: slf4j-simple, at the tests' level, writes it to stderr. */
final class LoggedWarnings {
    private LoggedWarnings() {}

    /** {@return what {@code action} logged at WARN and above} */
    static String of(Runnable action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(saved);
        }
        return err.toString(StandardCharsets.UTF_8);
    }
}
