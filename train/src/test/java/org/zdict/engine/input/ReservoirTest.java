package org.zdict.engine.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReservoirTest {

    private static Reservoir fill(int maxSamples, long maxBytes, long seed, int events, int eventSize) {
        Reservoir reservoir = new Reservoir(maxSamples, maxBytes, seed);
        for (int i = 0; i < events; i++) {
            byte[] event = new byte[eventSize];
            event[0] = (byte) (i % 100);
            event[1] = (byte) (i / 100);
            reservoir.offer(event);
        }
        return reservoir;
    }

    private static int index(byte[] event) {
        return event[0] + 100 * event[1];
    }

    @Test
    void keepsEverythingBelowTheBounds() {
        Reservoir reservoir = fill(100, 1 << 20, 1, 50, 10);
        assertEquals(50, reservoir.samples().size());
        assertEquals(500, reservoir.sampleBytes());
        assertEquals(50, reservoir.seen());
    }

    @Test
    void boundsTheCount() {
        Reservoir reservoir = fill(100, 1 << 20, 1, 10_000, 10);
        assertEquals(100, reservoir.samples().size());
        assertEquals(10_000, reservoir.seen());
        assertEquals(100_000, reservoir.seenBytes());
    }

    @Test
    void boundsTheBytes() {
        Reservoir reservoir = fill(100_000, 5_000, 1, 10_000, 10);
        assertTrue(reservoir.sampleBytes() <= 5_000, "bytes " + reservoir.sampleBytes());
        assertTrue(
                reservoir.samples().size() >= 450, "size " + reservoir.samples().size());
    }

    @Test
    void givesTheSampleBackInArrivalOrderAfterReplacementsAndEvictions() {
        Reservoir reservoir = fill(1000, 5_000, 5, 9_000, 10);
        List<byte[]> ordered = reservoir.samplesInArrivalOrder();
        assertEquals(reservoir.samples().size(), ordered.size());
        for (int i = 1; i < ordered.size(); i++) {
            assertTrue(index(ordered.get(i - 1)) < index(ordered.get(i)), "out of order at " + i);
        }
        assertEquals(
                reservoir.samples().stream().map(ReservoirTest::index).sorted().toList(),
                ordered.stream().map(ReservoirTest::index).toList());
    }

    @Test
    void samplesFromTheWholeStream() {
        List<byte[]> samples = fill(1000, 1 << 20, 3, 9_000, 10).samples();
        long late = samples.stream().filter(e -> index(e) >= 6_000).count();
        // A uniform sample holds about a third from the last third; the first 1,000 events alone would hold none.
        assertTrue(late > 250 && late < 420, "late " + late);
    }

    @Test
    void isDeterministicForASeed() {
        List<Integer> a = fill(100, 1 << 20, 42, 5_000, 10).samples().stream()
                .map(ReservoirTest::index)
                .toList();
        List<Integer> b = fill(100, 1 << 20, 42, 5_000, 10).samples().stream()
                .map(ReservoirTest::index)
                .toList();
        List<Integer> c = fill(100, 1 << 20, 43, 5_000, 10).samples().stream()
                .map(ReservoirTest::index)
                .toList();
        assertEquals(a, b);
        assertTrue(!a.equals(c));
    }
}
