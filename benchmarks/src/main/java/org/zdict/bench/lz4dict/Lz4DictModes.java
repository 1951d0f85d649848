package org.zdict.bench.lz4dict;

import java.util.List;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4Dictionary;

/** The search modes measured: {@code fast}, or {@code hc<depth>}. */
public final class Lz4DictModes {
    /** Every mode, cheapest first. */
    public static final List<String> ALL = List.of("fast", "hc4", "hc16", "hc64", "hc256");

    private Lz4DictModes() {}

    /** 0 for {@code fast}, else the HC depth. */
    public static int depth(String mode) {
        if (mode.equals("fast")) {
            return 0;
        }
        if (mode.startsWith("hc")) {
            return Integer.parseInt(mode.substring(2));
        }
        throw new IllegalArgumentException("Unknown LZ4 mode '" + mode + "'; expected fast or hc<depth>");
    }

    public static Lz4BlockCompressor compressor(Lz4Dictionary dictionary, String mode) {
        int depth = depth(mode);
        return depth == 0 ? Lz4BlockCompressor.fast(dictionary) : Lz4BlockCompressor.hc(dictionary, depth);
    }
}
