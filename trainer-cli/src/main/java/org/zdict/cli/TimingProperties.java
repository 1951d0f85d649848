package org.zdict.cli;

import org.zdict.engine.Timing;

/**
 * The engine's measurement timing, from system properties where they are set: {@code zdict.timing.rounds}
 * and {@code zdict.timing.round.millis} shorten timing where speeds do not matter (as in the tests), and
 * {@code zdict.timing.clock=wall} times in wall-clock rather than thread CPU time.
 */
final class TimingProperties {
    private TimingProperties() {}

    static Timing read() {
        return new Timing(
                Integer.getInteger("zdict.timing.rounds", Timing.DEFAULT.rounds()),
                Long.getLong("zdict.timing.round.millis", Timing.DEFAULT.roundMillis()),
                "wall".equals(System.getProperty("zdict.timing.clock")));
    }
}
