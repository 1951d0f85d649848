package org.zdict.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The smoke tests' child processes: output captured, and never left running. */
@DisabledOnOs(OS.WINDOWS)
@Timeout(60)
class ChildProcessTest {
    @TempDir
    Path dir;

    @Test
    void capturesExitCodeAndBothOutputs() throws Exception {
        ChildProcess.Result result = ChildProcess.run(
                List.of("sh", "-c", "echo \"$GREETING\"; echo oops >&2; exit 3"),
                dir,
                Map.of("GREETING", "hello"),
                Duration.ofSeconds(30));
        assertEquals(3, result.exitCode(), result::toString);
        assertEquals("hello\n", result.out());
        assertEquals("oops\n", result.err());
    }

    @Test
    void killsAChildThatOverrunsItsTimeAndWhatItStarted() throws Exception {
        AssertionError overrun = assertThrows(
                AssertionError.class,
                () -> ChildProcess.run(
                        List.of("sh", "-c", "sleep 300 & echo $!; wait"), dir, Map.of(), Duration.ofSeconds(2)));
        assertTrue(overrun.getMessage().contains("Still running after PT2S, killed"), overrun::getMessage);
        Matcher pid = Pattern.compile("--- out ---\\n(\\d+)\\n").matcher(overrun.getMessage());
        assertTrue(pid.find(), overrun::getMessage);
        Optional<ProcessHandle> sleeper = ProcessHandle.of(Long.parseLong(pid.group(1)));
        try {
            if (sleeper.isPresent()) {
                sleeper.get().onExit().get(10, TimeUnit.SECONDS);
                assertFalse(sleeper.get().isAlive());
            }
        } finally {
            sleeper.ifPresent(ProcessHandle::destroyForcibly); // when the test fails, leave nothing behind
        }
    }
}
