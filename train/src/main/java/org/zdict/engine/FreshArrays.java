package org.zdict.engine;

/**
 * The arrays a codec allocates afresh per compress call ({@link
 * org.zdict.engine.codec.BlockCodec#freshArraysPerCompress()}), allocated apart from it: zeroing fresh
 * memory is bound by memory bandwidth, which other work on the machine competes for, so timing this
 * beside the codec tells how much of its figure that competition made ({@link Meter}).
 */
final class FreshArrays {
    private final int[] sizes;
    /** Where allocated arrays go, so that the JIT cannot leave the allocation out. */
    private Object sink;

    FreshArrays(int[] sizes) {
        this.sizes = sizes.clone();
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
}
