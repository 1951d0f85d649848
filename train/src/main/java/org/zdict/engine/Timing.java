package org.zdict.engine;

/**
 * How long speeds are measured: each measurement runs {@code rounds} timed rounds of at least
 * {@code roundMillis} each, and the fastest counts; many short rounds find a quiet moment on a busy
 * machine. Shorter timing suits runs where speeds do not matter, such as tests.
 *
 * @param rounds timed rounds per measurement, at least 1
 * @param roundMillis the least time one round runs, at least 0
 * @param wallClock time in wall-clock time rather than the measuring thread's CPU time (which filters
 *     out pauses caused by other work on the machine, and is used where the JVM can read it)
 */
public record Timing(int rounds, long roundMillis, boolean wallClock) {
    /** Ten rounds of 20 ms in thread CPU time: what {@code zdict train} measures with. */
    public static final Timing DEFAULT = new Timing(10, 20, false);

    public Timing {
        if (rounds < 1) {
            throw new IllegalArgumentException("Timed rounds must be at least 1, got " + rounds);
        }
        if (roundMillis < 0) {
            throw new IllegalArgumentException("Round time must not be negative, got " + roundMillis + " ms");
        }
    }
}
