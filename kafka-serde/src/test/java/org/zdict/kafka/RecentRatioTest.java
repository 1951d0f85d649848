package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.metrics.MetricConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** {@code compression-ratio-recent}: the ratio of the last window's records only, as the window moves. */
class RecentRatioTest {
    private static final MetricConfig WINDOW_60S =
            new MetricConfig().timeWindow(30, TimeUnit.SECONDS).samples(2);

    @TempDir
    Path temp;

    private final LongAdder original = new LongAdder();
    private final LongAdder compressed = new LongAdder();
    private final RecentRatio recent = new RecentRatio(original::sum, compressed::sum);

    private void count(long originalBytes, long compressedBytes) {
        original.add(originalBytes);
        compressed.add(compressedBytes);
    }

    @Test
    void afterTheWindowMovesOnlyTheRecentRecordsCount() {
        count(5_000, 1_000); // 5x
        assertEquals(5.0, recent.measure(WINDOW_60S, 0), 1e-9, "since start before any earlier read");
        count(3_000, 1_000); // 3x, 30 s later
        assertEquals(4.0, recent.measure(WINDOW_60S, 30_000), 1e-9, "no read a window ago yet: since start");
        count(2_000, 1_000); // 2x, 60 s after the first read
        assertEquals(2.5, recent.measure(WINDOW_60S, 60_000), 1e-9, "since the read at 0 s: 3x and 2x");
        assertEquals(2.0, recent.measure(WINDOW_60S, 90_000), 1e-9, "since the read at 30 s: only the 2x");
        assertTrue(Double.isNaN(recent.measure(WINDOW_60S, 200_000)), "no record in the window: no data");
        count(9_000, 1_000);
        assertEquals(9.0, recent.measure(WINDOW_60S, 260_000), 1e-9);
    }

    @Test
    void frequentReadsKeepFewTotals() {
        for (long now = 0; now < 3_600_000; now += 100) {
            count(4, 1);
            assertEquals(4.0, recent.measure(WINDOW_60S, now), 1e-9);
        }
        count(1_000_000, 1_000_000);
        // The one big 1x record weighs against a minute or so of 4x records, not against an hour of them.
        double ratio = recent.measure(WINDOW_60S, 3_600_000);
        assertTrue(ratio > 1.0 && ratio < 1.7, "ratio " + ratio);
    }

    @Test
    void aSerializerReportsTheRecentRatioOfEachVersionThroughJmx() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(temp)) {
            registry.publish(TestDictionaries.trained(1), 3, Map.of());
            registry.activate(1);
        }
        Map<String, String> tags = Map.of(
                "client-id", "recent-ratio", "config", "value.serializer", "class", "ZdictSerializer", "version", "1");
        ZdictSerializer<byte[]> serializer = new ZdictSerializer<>();
        try (serializer) {
            serializer.configure(
                    Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, temp.toString(), "client.id", "recent-ratio"), false);
            for (byte[] event : SampleEvents.synthetic(200, 9)) {
                serializer.serialize("t", event);
            }
            double recent = ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RECENT_RATIO, tags);
            double sinceStart = ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RATIO, tags);
            assertTrue(recent > 2, "ratio on the events the dictionary knows: " + recent);
            // All 200 records are in the window: the window's ratio is the ratio since start.
            assertEquals(sinceStart, recent, 1e-9);
        }
        assertNull(ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.RATIO, tags));
    }
}
