package org.zdict.engine;

import java.util.Arrays;

/**
 * The part of a codec's compression CPU that is zeroing the arrays it allocates afresh per call ({@link
 * org.zdict.engine.codec.BlockCodec#freshArraysPerCompress()}), done apart from it: as the codec does it
 * ({@link #allocate}, fresh memory, bound by memory bandwidth, which other work on the machine competes
 * for) and with the same arrays kept in cache ({@link #zero}, bound by the core alone). Timed beside the
 * codec, the difference takes out of its figure what memory-bandwidth load adds to it.
 */
final class FreshArrays {
    private final int[] sizes;
    private final byte[][] cached;
    /** Where allocated arrays go, so that the JIT cannot leave the allocation out. */
    private Object sink;

    FreshArrays(int[] sizes) {
        this.sizes = sizes.clone();
        this.cached = new byte[sizes.length][];
        for (int i = 0; i < sizes.length; i++) {
            cached[i] = new byte[sizes[i]];
        }
    }

    boolean none() {
        return sizes.length == 0;
    }

    /** A pass that allocates the arrays afresh {@code calls} times, as that many compress calls do. */
    Runnable allocate(int calls) {
        return () -> {
            for (int c = 0; c < calls; c++) {
                for (int size : sizes) {
                    sink = new byte[size];
                }
            }
        };
    }

    /** A pass that zeroes the same arrays, kept in cache, {@code calls} times. */
    Runnable zero(int calls) {
        return () -> {
            for (int c = 0; c < calls; c++) {
                for (byte[] array : cached) {
                    Arrays.fill(array, (byte) 0);
                }
            }
            sink = cached;
        };
    }
}
