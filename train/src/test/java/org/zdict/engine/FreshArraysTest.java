package org.zdict.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FreshArraysTest {
    private static final int ROUNDS = 40;
    private static final int SLOTS = 4;

    /** Reference slices of 1,000 ns, 600 of them allocating the fresh arrays, and the allocations beside. */
    private static long[][][] run(long fresh) {
        long[][] reference = new long[ROUNDS][SLOTS];
        long[][] allocations = new long[ROUNDS][SLOTS];
        for (long[] round : reference) {
            Arrays.fill(round, 1000);
        }
        for (long[] round : allocations) {
            Arrays.fill(round, fresh);
        }
        return new long[][][] {reference, allocations};
    }

    @Test
    void memoryLoadThatLastsARoundIsTakenOutOfItsReferenceSlices() {
        long[][][] run = run(600);
        // In round 7, memory load makes the allocations, and the reference's own, 300 ns dearer.
        Arrays.setAll(run[0][7], j -> 1300);
        Arrays.fill(run[1][7], 900);
        FreshArrays.countAtLeastDisturbed(run[0], run[1], 1);
        for (long[] round : run[0]) {
            for (long slice : round) {
                assertEquals(1000, slice);
            }
        }
    }

    @Test
    void aReferenceSliceDisturbedAloneDoesNotCount() {
        long[][][] run = run(600);
        run[0][3][1] = 9000;
        FreshArrays.countAtLeastDisturbed(run[0], run[1], 1);
        assertEquals(1000, run[0][3][1]);
    }

    @Test
    void eachWindowKeepsItsOwnReferenceTime() {
        long[][][] run = run(600);
        // Window 1 (odd rounds) holds events that take lz4 longer: 1,200 ns, 600 of them allocating.
        for (int round = 1; round < ROUNDS; round += 2) {
            Arrays.fill(run[0][round], 1200);
        }
        FreshArrays.countAtLeastDisturbed(run[0], run[1], 2);
        assertEquals(1000, run[0][4][0]);
        assertEquals(1200, run[0][5][0]);
    }

    @Test
    void anAllocationDisturbedAloneDoesNotMakeItsReferenceSliceCheaper() {
        long[][][] run = run(600);
        // The thread was switched out during one allocation: 5,000 ns instead of 600.
        run[1][12][2] = 5000;
        FreshArrays.countAtLeastDisturbed(run[0], run[1], 1);
        assertEquals(1000, run[0][12][2]);
    }
}
