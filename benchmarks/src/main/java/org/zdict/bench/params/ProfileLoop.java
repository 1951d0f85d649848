package org.zdict.bench.params;

import java.io.ByteArrayOutputStream;
import java.util.Locale;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;

/**
 * Probes for where a small event's compression CPU goes, one variant at a time so a native profiler
 * ({@code perf record}) can attribute it to zstd's functions.
 *
 * <pre>
 * ProfileLoop loop DATASET SIZE_KIB VARIANT BATCH SECONDS   # compress in a loop, for perf
 * ProfileLoop probe DATASET SIZE_KIB                        # fixed per-frame cost, attach against copy
 * </pre>
 *
 * VARIANT is {@code L<n>} (a digested dictionary), {@code L<n> no dict}, {@code kafka-lz4} or the name
 * of one of {@link ParameterSet#candidates()} (the raw dictionary loaded after the parameters).
 */
public final class ProfileLoop {
    /** zstd 1.5.7's attachDictSizeCutoffs: a source above the cutoff copies the dictionary's tables. */
    private static final int[][] CUTOFFS = {{1, 8 << 10}, {3, 16 << 10}, {5, 32 << 10}};

    private ProfileLoop() {}

    public static void main(String[] args) {
        EventSplit split = EventSplit.load(args[1]);
        int size = Integer.parseInt(args[2]) * 1024;
        byte[] dictionary = DictionaryCache.dictionary(split, new DictionarySpec(size, 5)).content();
        if (args[0].equals("loop")) {
            try (Variant variant = variant(args[3], dictionary)) {
                int batch = Integer.parseInt(args[4]);
                double ns = ParamsSweep.nsPerEvent(
                        variant, split.batches(batch), batch, Long.parseLong(args[5]) * 1_000_000_000L);
                System.out.printf(Locale.ROOT, "%s batch %d: %.0f CPU ns per event%n", args[3], batch, ns);
            }
        } else {
            probe(split, dictionary);
        }
    }

    static Variant variant(String name, byte[] dictionary) {
        if (name.equals("kafka-lz4")) {
            return Variant.kafkaLz4();
        }
        if (name.endsWith(" no dict")) {
            return Variant.digested(name, null, Integer.parseInt(name.substring(1, name.indexOf(' '))));
        }
        if (name.matches("L\\d+")) {
            return Variant.digested(name, dictionary, Integer.parseInt(name.substring(1)));
        }
        for (ParameterSet set : ParameterSet.candidates()) {
            if (set.name().equals(name)) {
                return Variant.raw(name, dictionary, set);
            }
        }
        throw new IllegalArgumentException("No variant " + name);
    }

    /**
     * The fixed cost of a frame (a 2-byte source) at each level, and the step in cost where a source
     * passes zstd's attach cutoff and the dictionary's tables are copied into the context instead of
     * referenced, against the same sizes without a dictionary.
     */
    private static void probe(EventSplit split, byte[] dictionary) {
        long nanos = 300_000_000L;
        byte[][] tiny = {"{}".getBytes()};
        System.out.printf(
                Locale.ROOT, "%s, %d KiB dictionary: CPU ns per call%n", split.dataset(), dictionary.length / 1024);
        for (int level = 1; level <= 9; level++) {
            try (Variant with = variant("L" + level, dictionary);
                    Variant without = variant("L" + level + " no dict", dictionary)) {
                ParamsSweep.nsPerEvent(with, tiny, 1, nanos);
                System.out.printf(
                        Locale.ROOT,
                        "L%d 2-byte frame: %.0f with the dictionary, %.0f without%n",
                        level,
                        ParamsSweep.nsPerEvent(with, tiny, 1, nanos),
                        ParamsSweep.nsPerEvent(without, tiny, 1, nanos));
            }
        }
        for (int[] cutoff : CUTOFFS) {
            int level = cutoff[0];
            byte[][] below = {prefix(split, cutoff[1] - 256)};
            byte[][] above = {prefix(split, cutoff[1] + 256)};
            try (Variant with = variant("L" + level, dictionary);
                    Variant without = variant("L" + level + " no dict", dictionary)) {
                ParamsSweep.nsPerEvent(with, below, 1, nanos);
                ParamsSweep.nsPerEvent(with, above, 1, nanos);
                double withBelow = ParamsSweep.nsPerEvent(with, below, 1, nanos);
                double withAbove = ParamsSweep.nsPerEvent(with, above, 1, nanos);
                double withoutBelow = ParamsSweep.nsPerEvent(without, below, 1, nanos);
                double withoutAbove = ParamsSweep.nsPerEvent(without, above, 1, nanos);
                System.out.printf(
                        Locale.ROOT,
                        "L%d at %d B (attached) %.0f, at %d B (copied) %.0f; without a dictionary %.0f and %.0f:"
                                + " the copy costs %.0f ns%n",
                        level,
                        below[0].length,
                        withBelow,
                        above[0].length,
                        withAbove,
                        withoutBelow,
                        withoutAbove,
                        (withAbove - withBelow) - (withoutAbove - withoutBelow));
            }
        }
    }

    /** The held-out events joined by newlines, cut to {@code length} bytes. */
    private static byte[] prefix(EventSplit split, int length) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] event : split.heldOut()) {
            out.writeBytes(event);
            out.write('\n');
            if (out.size() >= length) {
                break;
            }
        }
        byte[] all = out.toByteArray();
        return java.util.Arrays.copyOf(all, length);
    }
}
