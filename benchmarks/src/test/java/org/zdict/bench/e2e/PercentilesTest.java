package org.zdict.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PercentilesTest {
    @Test
    void takesNearestRankPercentilesInMilliseconds() {
        long[] nanos = new long[1000];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = (i + 1) * 1_000_000L; // 1..1000 ms, shuffled order does not matter
        }
        Percentiles p = Percentiles.of(nanos);
        assertEquals(500.5, p.averageMs(), 1e-9);
        assertEquals(990.0, p.p99Ms(), 1e-9);
        assertEquals(999.0, p.p999Ms(), 1e-9);
    }
}
