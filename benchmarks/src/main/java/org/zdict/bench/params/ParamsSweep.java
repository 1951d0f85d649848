package org.zdict.bench.params;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictDecompress;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;

/**
 * Where a small event's compression CPU goes, and which zstd parameter sets keep a strong level's ratio
 * at a weak level's cost. For each data set and dictionary size (the benchmarks' held-out split and
 * cached dictionaries, trained for level 5), on single events and batches of 4, in one JVM and in
 * alternating rounds of thread CPU time: levels 1–9 through a digested dictionary (today's path), the
 * candidate parameter sets through a context that loads the raw dictionary, a few probes, and Kafka's
 * lz4 on batches of 4, the CPU ceiling of {@code balanced}. Prints markdown tables, CPU as a multiple of
 * that lz4 (the median of the per-round ratios).
 *
 * <pre>ParamsSweep [datasets] [dictionary sizes in KiB] [rounds] [round millis]</pre>
 *
 * {@code -Dzdict.params.training=N} trains on the first N events instead of the benchmarks' 5,000 (the
 * next 4,096 are still the ones measured), for dictionaries larger than 5,000 events can fill.
 */
public final class ParamsSweep {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int[] BATCHES = {1, 4};
    private static final int LZ4_BATCH = 4;
    private static final int REFERENCE_LEVEL = 5;
    private static final long LZ4_WARM_UP_NANOS = 1_500_000_000L;
    private static final long LZ4_WARM_UP_ROUND_NANOS = 100_000_000L;
    private static final int LZ4_WARM_UP_MAX_ROUNDS = 60;

    private ParamsSweep() {}

    public static void main(String[] args) {
        String[] datasets = (args.length > 0 ? args[0] : "github_events,wikipedia_edits,zeek_network_logs").split(",");
        int[] sizes = Arrays.stream((args.length > 1 ? args[1] : "64,256,512").split(","))
                .mapToInt(kib -> Integer.parseInt(kib.trim()) * 1024)
                .toArray();
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        long roundNanos = (args.length > 3 ? Long.parseLong(args[3]) : 20) * 1_000_000L;
        System.out.printf(
                Locale.ROOT,
                "zstd-jni 1.5.7-28, %d rounds of %d ms thread CPU per variant; CPU = ns per event, x lz4 = per-round"
                        + " ratio to Kafka lz4 on batches of %d (median)%n",
                rounds,
                roundNanos / 1_000_000,
                LZ4_BATCH);
        for (String dataset : datasets) {
            EventSplit split = split(dataset.trim());
            for (int size : sizes) {
                byte[] dictionary = DictionaryCache.dictionary(split, new DictionarySpec(size, REFERENCE_LEVEL))
                        .content();
                sweep(split, dictionary, rounds, roundNanos);
            }
        }
    }

    /** The data set's split, with {@code zdict.params.training} training events when set. */
    static EventSplit split(String dataset) {
        return EventSplit.load(
                dataset,
                Integer.getInteger("zdict.params.training", EventSplit.TRAINING_EVENTS),
                EventSplit.HELD_OUT_EVENTS);
    }

    private static void sweep(EventSplit split, byte[] dictionary, int rounds, long roundNanos) {
        List<Variant> variants = new ArrayList<>();
        try {
            for (int level = 1; level <= 9; level++) {
                variants.add(Variant.digested("L" + level, dictionary, level));
            }
            for (int level : new int[] {3, 5}) {
                variants.add(Variant.raw(
                        "L" + level + " raw",
                        dictionary,
                        new ParameterSet("L" + level, level, 0, ParameterSet.KEEP, ParameterSet.KEEP, 0, 0, 0, 0)));
            }
            for (ParameterSet set : ParameterSet.candidates()) {
                variants.add(Variant.raw(set.name(), dictionary, set));
            }
            for (int level : new int[] {1, 3, 5}) {
                variants.add(Variant.digested("L" + level + " no dict", null, level));
            }
            variants.add(Variant.kafkaLz4());
            report(split, dictionary, variants, rounds, roundNanos);
        } finally {
            variants.forEach(Variant::close);
        }
    }

    private static void report(
            EventSplit split, byte[] dictionary, List<Variant> variants, int rounds, long roundNanos) {
        int n = variants.size();
        int lz4 = n - 1;
        double[][] ratio = new double[BATCHES.length][n];
        double[][] ns = new double[BATCHES.length][n];
        double[][] vsLz4 = new double[BATCHES.length][n];
        byte[][] lz4Batches = split.batches(LZ4_BATCH);
        // Kafka's lz4 is Java: measured cold, before the JIT has compiled it, it looks several times dearer.
        warmUp(variants.get(lz4), lz4Batches);
        try (ZstdDictDecompress digested = new ZstdDictDecompress(dictionary);
                ZstdDecompressCtx decompressor = new ZstdDecompressCtx()) {
            for (int b = 0; b < BATCHES.length; b++) {
                byte[][] batches = split.batches(BATCHES[b]);
                for (int v = 0; v < n; v++) {
                    boolean dict = !variants.get(v).name.endsWith("no dict");
                    decompressor.loadDict(dict ? digested : null);
                    ratio[b][v] = ratio(variants.get(v), v == lz4 ? lz4Batches : batches, decompressor);
                }
                double[][] perRound = new double[n][rounds];
                double[][] ratioRound = new double[n][rounds];
                for (int r = -2; r < rounds; r++) {
                    double[] round = new double[n];
                    for (int k = 0; k < n; k++) {
                        int v = (k + Math.max(r, 0) * 7) % n;
                        round[v] = v == lz4
                                ? nsPerEvent(variants.get(v), lz4Batches, LZ4_BATCH, roundNanos)
                                : nsPerEvent(variants.get(v), batches, BATCHES[b], roundNanos);
                    }
                    if (r >= 0) {
                        for (int v = 0; v < n; v++) {
                            perRound[v][r] = round[v];
                            ratioRound[v][r] = round[v] / round[lz4];
                        }
                    }
                }
                for (int v = 0; v < n; v++) {
                    ns[b][v] = median(perRound[v]);
                    vsLz4[b][v] = median(ratioRound[v]);
                }
            }
        }
        print(split, dictionary, variants, ratio, ns, vsLz4);
    }

    private static void print(
            EventSplit split,
            byte[] dictionary,
            List<Variant> variants,
            double[][] ratio,
            double[][] ns,
            double[][] vsLz4) {
        int l5 = REFERENCE_LEVEL - 1;
        System.out.printf(
                Locale.ROOT,
                "%n### %s, %d KiB dictionary (trained for L%d on %d events), %d held-out events, mean %d B%n%n",
                split.dataset(),
                dictionary.length / 1024,
                REFERENCE_LEVEL,
                split.training().size(),
                split.heldOut().size(),
                split.heldOut().stream().mapToInt(e -> e.length).sum()
                        / split.heldOut().size());
        System.out.println(
                "| variant | parameters | ratio b1 | vs L5 | CPU ns b1 | x lz4 | ratio b4 | vs L5 | CPU ns b4"
                        + " | x lz4 |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (int v = 0; v < variants.size(); v++) {
            Variant variant = variants.get(v);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %s | %.3f | %+.1f%% | %.0f | %.2f | %.3f | %+.1f%% | %.0f | %.2f |%n",
                    variant.name,
                    variant.detail,
                    ratio[0][v],
                    100 * (ratio[0][v] / ratio[0][l5] - 1),
                    ns[0][v],
                    vsLz4[0][v],
                    ratio[1][v],
                    100 * (ratio[1][v] / ratio[1][l5] - 1),
                    ns[1][v],
                    vsLz4[1][v]);
        }
        System.out.flush();
    }

    /**
     * Held-out bytes over compressed bytes (a zdict payload: the frame and its 2-byte prefix; Kafka's
     * lz4 frame as is), every zstd frame decoded and compared with its input.
     */
    private static double ratio(Variant variant, byte[][] batches, ZstdDecompressCtx decompressor) {
        long in = 0;
        long out = 0;
        byte[] dst = new byte[1 << 20];
        for (byte[] batch : batches) {
            int written = variant.compress(batch, dst);
            in += batch.length;
            out += written + (variant.zstd() ? 2 : 0);
            if (variant.zstd()) {
                byte[] back = new byte[batch.length];
                int length = decompressor.decompressByteArray(back, 0, back.length, dst, 0, written);
                if (length != batch.length || !Arrays.equals(back, batch)) {
                    throw new IllegalStateException(variant.name + " did not round-trip");
                }
            }
        }
        return (double) in / out;
    }

    /**
     * Runs Kafka's lz4 for {@link #LZ4_WARM_UP_NANOS}, then until two rounds in a row agree within 10 %
     * (at most {@link #LZ4_WARM_UP_MAX_ROUNDS}): once, the first data set's lz4 still cost 8 times its
     * usual after the fixed warm-up alone.
     */
    private static void warmUp(Variant lz4, byte[][] batches) {
        nsPerEvent(lz4, batches, LZ4_BATCH, LZ4_WARM_UP_NANOS);
        double previous = nsPerEvent(lz4, batches, LZ4_BATCH, LZ4_WARM_UP_ROUND_NANOS);
        for (int round = 0; round < LZ4_WARM_UP_MAX_ROUNDS; round++) {
            double current = nsPerEvent(lz4, batches, LZ4_BATCH, LZ4_WARM_UP_ROUND_NANOS);
            if (Math.abs(current - previous) <= 0.1 * previous) {
                return;
            }
            previous = current;
        }
    }

    /** Thread CPU ns per event over about {@code nanos}, cycling through {@code batches}. */
    static double nsPerEvent(Variant variant, byte[][] batches, int eventsPerBatch, long nanos) {
        byte[] dst = new byte[1 << 20];
        long start = THREADS.getCurrentThreadCpuTime();
        long now;
        long calls = 0;
        int next = 0;
        do {
            for (int k = 0; k < 16; k++) {
                variant.compress(batches[next], dst);
                if (++next == batches.length) {
                    next = 0;
                }
            }
            calls += 16;
            now = THREADS.getCurrentThreadCpuTime();
        } while (now - start < nanos);
        return (double) (now - start) / (calls * eventsPerBatch);
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
