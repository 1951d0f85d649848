package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.MetricConfig;
import org.junit.jupiter.api.Test;

/**
 * The counts stay exact whichever threads count: the owner's plain fields and the others' adders add up,
 * LZ4 records among them.
 */
class VersionCountersTest {
    private static final int RECORDS_PER_THREAD = 200_000;

    @Test
    void countsOfTheOwnerAndOtherThreadsAddUpExactly() throws Exception {
        VersionCounters counters = new VersionCounters(); // this thread owns it
        Map<String, Measurable> metrics = new HashMap<>();
        counters.publish((name, description, value) -> metrics.put(name, value));
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> others = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Thread other = new Thread(() -> {
                awaitQuietly(start);
                for (int i = 0; i < RECORDS_PER_THREAD; i++) {
                    counters.counted(5, 2, true);
                }
            });
            other.start();
            others.add(other);
        }
        start.countDown();
        for (int i = 0; i < RECORDS_PER_THREAD; i++) {
            counters.counted(3, 1, i % 2 == 0);
        }
        for (Thread other : others) {
            other.join();
        }
        long records = 4L * RECORDS_PER_THREAD;
        long original = 3L * RECORDS_PER_THREAD + 3 * 5L * RECORDS_PER_THREAD;
        long compressed = 1L * RECORDS_PER_THREAD + 3 * 2L * RECORDS_PER_THREAD;
        MetricConfig config = new MetricConfig();
        assertEquals((double) records, metrics.get(ZdictMetrics.RECORDS).measure(config, 0));
        assertEquals(
                3.0 * RECORDS_PER_THREAD + RECORDS_PER_THREAD / 2,
                metrics.get(ZdictMetrics.LZ4_RECORDS).measure(config, 0));
        assertEquals((double) original, metrics.get(ZdictMetrics.ORIGINAL_BYTES).measure(config, 0));
        assertEquals(
                (double) compressed, metrics.get(ZdictMetrics.COMPRESSED_BYTES).measure(config, 0));
        assertEquals(
                (double) original / compressed, metrics.get(ZdictMetrics.RATIO).measure(config, 0), 1e-12);
        assertEquals(
                (double) original / compressed,
                metrics.get(ZdictMetrics.RECENT_RATIO).measure(config, 0),
                1e-12);
    }

    @Test
    void countsOfAnotherThreadAloneAreSeen() throws Exception {
        VersionCounters counters = new VersionCounters();
        Map<String, Measurable> metrics = new HashMap<>();
        counters.publish((name, description, value) -> metrics.put(name, value));
        Thread other = new Thread(() -> counters.counted(430, 120, false));
        other.start();
        other.join();
        MetricConfig config = new MetricConfig();
        assertEquals(1.0, metrics.get(ZdictMetrics.RECORDS).measure(config, 0));
        assertEquals(430.0, metrics.get(ZdictMetrics.ORIGINAL_BYTES).measure(config, 0));
        assertEquals(120.0, metrics.get(ZdictMetrics.COMPRESSED_BYTES).measure(config, 0));
        assertEquals(0.0, metrics.get(ZdictMetrics.LZ4_RECORDS).measure(config, 0));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
