package org.zdict.bench.params;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
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
 * ProfileLoop memory DATASET SIZE_KIB VARIANT               # native memory of 16 contexts (resident set)
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
        EventSplit split = ParamsSweep.split(args[1]);
        int size = Integer.parseInt(args[2]) * 1024;
        byte[] dictionary =
                DictionaryCache.dictionary(split, new DictionarySpec(size, 5)).content();
        if (args[0].equals("loop")) {
            try (Variant variant = variant(args[3], dictionary)) {
                int batch = Integer.parseInt(args[4]);
                double ns = ParamsSweep.nsPerEvent(
                        variant, split.batches(batch), batch, Long.parseLong(args[5]) * 1_000_000_000L);
                System.out.printf(Locale.ROOT, "%s batch %d: %.0f CPU ns per event%n", args[3], batch, ns);
            }
        } else if (args[0].equals("memory")) {
            memory(split, dictionary, args[3]);
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

    /**
     * The resident memory 16 contexts add, each having compressed one event: with a digested dictionary
     * they share it (created once, counted in the total); loading the raw dictionary, each digests its own.
     */
    private static void memory(EventSplit split, byte[] dictionary, String name) {
        int contexts = 16;
        List<AutoCloseable> held = new ArrayList<>();
        byte[] dst = new byte[1 << 20];
        long before = residentBytes();
        if (name.matches("L\\d+")) {
            int level = Integer.parseInt(name.substring(1));
            ZstdDictCompress shared = new ZstdDictCompress(dictionary, level);
            held.add(shared);
            for (int i = 0; i < contexts; i++) {
                ZstdCompressCtx context = new ZstdCompressCtx();
                held.add(context);
                context.loadDict(shared);
                context.compress(split.heldOut().get(i));
            }
        } else {
            for (int i = 0; i < contexts; i++) {
                Variant variant = variant(name, dictionary);
                variant.compress(split.heldOut().get(i), dst);
                held.add(variant);
            }
        }
        long after = residentBytes();
        System.out.printf(
                Locale.ROOT,
                "%s, %d KiB dictionary, %s: %d contexts add %.1f MiB resident, %.0f KiB each%n",
                split.dataset(),
                dictionary.length / 1024,
                name,
                contexts,
                (after - before) / 1048576.0,
                (after - before) / 1024.0 / contexts);
        // Contexts first: zstd-jni refuses to free a dictionary a context still holds.
        Collections.reverse(held);
        for (AutoCloseable resource : held) {
            try {
                resource.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("No VmRSS in /proc/self/status");
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
        return Arrays.copyOf(all, length);
    }
}
