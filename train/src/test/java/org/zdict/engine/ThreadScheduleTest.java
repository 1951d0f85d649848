package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class ThreadScheduleTest {
    @Test
    void aThreadThatSleepsIsScheduledAgainWhenItWakes() throws InterruptedException {
        try (ThreadSchedule schedule = ThreadSchedule.ofCurrentThread()) {
            long before = schedule.timesScheduled();
            assumeTrue(before >= 0, "no /proc/thread-self/schedstat here");
            Thread.sleep(5);
            assertTrue(schedule.timesScheduled() > before);
        }
    }

    @Test
    void whereTheCountIsUnknownItReadsMinusOne() {
        try (ThreadSchedule unknown = ThreadSchedule.unknown()) {
            assertEquals(-1, unknown.timesScheduled());
        }
    }
}
