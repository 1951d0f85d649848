package org.zdict.bench.lz4dict;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.codec.ZdictCodec;
import org.zdict.engine.codec.KafkaLz4Codec;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4Dictionary;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * LZ4 block + dictionary against what zdict ships and what it replaces, side by side in one JVM: per
 * data set and batch size (1 and 4 held-out events), every variant compresses and decodes the same
 * events in rounds of about {@code roundMillis} of the thread's CPU time, the variants' order rotating
 * from round to round (as {@link org.zdict.bench.jmh.AlternatingRounds} does for two), after three
 * warm-up passes. Variants:
 *
 * <ul>
 *   <li>{@code kafka-lz4}: Kafka's own lz4 stream on the batch ({@link KafkaLz4Codec}, what a producer
 *       runs with {@code compression.type=lz4}); decoding it also copies each record's value into a new
 *       array, as the consumer's byte-array deserializer does;
 *   <li>{@code none}: each value copied into a new array (a consumer's cost without compression);
 *   <li>{@code zdict-trained}: ZdictCodec with the trainer's dictionary and level, each record alone,
 *       decoded into a new array (the Kafka deserializer's path);
 *   <li>{@code zdict-lz4}: the same codec with the same dictionary published for LZ4 ({@code
 *       zdict.codec=lz4}), checksums off as in the serde: the product's opt-in LZ4 kind (hc16);
 *   <li>{@code lz4dict-<mode>}: each record alone as an LZ4 block against the last 64 KiB of the trainer's
 *       dictionary ({@link Lz4DictCodec}: a 2-byte prefix, the length as a varint, the block), decoded
 *       into a new array; {@code lz4dict64k-<mode>}: the same with a 64 KiB dictionary trained for zstd
 *       (level 3).
 * </ul>
 *
 * Prints, per row, bytes per event, the ratio, CPU ns per event (median of the rounds) for compression
 * and decoding, and each as the median of the per-round ratios to {@code kafka-lz4}.
 *
 * <pre>Lz4DictLoop [rounds] [round millis] [dataset...]</pre>
 */
public final class Lz4DictLoop {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_PASSES = 3;
    private static final List<String> MODES_64K = List.of("fast", "hc16", "hc256");

    private Lz4DictLoop() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        long roundNanos = (args.length > 1 ? Long.parseLong(args[1]) : 100) * 1_000_000L;
        List<String> datasets = args.length > 2
                ? Arrays.asList(args).subList(2, args.length)
                : List.of("wikipedia_edits", "zeek_network_logs", "github_events");
        System.out.printf(
                Locale.ROOT,
                "# %d rounds of %d ms per variant and operation; CPU ns per event, median of rounds; "
                        + "x lz4 = median of the per-round ratios to kafka-lz4%n",
                rounds,
                roundNanos / 1_000_000);
        System.out.println("| data set | batch | variant | B/event | ratio | bytes ÷ zdict | compress ns/event"
                + " | × kafka-lz4 | decode ns/event | × kafka-lz4 |");
        System.out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
        for (String dataset : datasets) {
            EventSplit split = EventSplit.load(dataset);
            TrainedDictionary trained = DictionaryCache.dictionary(split, DictionarySpec.CHOSEN_BY_TRAINER);
            TrainedDictionary small = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-64k-3"));
            System.out.printf(
                    Locale.ROOT,
                    "# %s: trainer's choice %s; 64 KiB dictionary %s%n",
                    dataset,
                    trained.describe(),
                    small.describe());
            for (int batch : new int[] {1, 4}) {
                List<Side> sides = sides(split, batch, trained, small);
                double[][] compress = measure(sides, true, rounds, roundNanos);
                double[][] decode = measure(sides, false, rounds, roundNanos);
                double zdictBytes = sides.get(2).bytesPerEvent();
                for (int s = 0; s < sides.size(); s++) {
                    Side side = sides.get(s);
                    System.out.printf(
                            Locale.ROOT,
                            "| %s | %d | %s | %.1f | %.2f | %.3f | %.0f | %.2f | %.0f | %.2f |%n",
                            dataset,
                            batch,
                            side.name,
                            side.bytesPerEvent(),
                            side.ratio(),
                            side.bytesPerEvent() / zdictBytes,
                            median(compress[s]),
                            medianRatio(compress[s], compress[0]),
                            median(decode[s]),
                            medianRatio(decode[s], decode[0]));
                }
            }
        }
    }

    private static List<Side> sides(EventSplit split, int batch, TrainedDictionary trained, TrainedDictionary small) {
        List<byte[]> events = split.heldOut();
        List<Side> sides = new ArrayList<>();
        sides.add(new KafkaSide(events, batch));
        sides.add(new NoneSide(events, batch));
        sides.add(new ZdictSide("zdict-trained", events, batch, trained, DictionaryInfo.Codec.ZSTD));
        sides.add(new ZdictSide("zdict-lz4", events, batch, trained, DictionaryInfo.Codec.LZ4));
        Lz4Dictionary large = Lz4Dictionary.of(trained.content());
        for (String mode : Lz4DictModes.ALL) {
            sides.add(new Lz4Side("lz4dict-" + mode, events, batch, large, mode));
        }
        Lz4Dictionary fromSmall = Lz4Dictionary.of(small.content());
        for (String mode : MODES_64K) {
            sides.add(new Lz4Side("lz4dict64k-" + mode, events, batch, fromSmall, mode));
        }
        return sides;
    }

    /** [side][round] CPU ns per event. */
    private static double[][] measure(List<Side> sides, boolean compress, int rounds, long roundNanos) {
        int n = sides.size();
        for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
            for (Side side : sides) {
                round(side, compress, roundNanos);
            }
        }
        double[][] ns = new double[n][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < n; k++) {
                int s = (r + k) % n;
                ns[s][r] = round(sides.get(s), compress, roundNanos);
            }
        }
        return ns;
    }

    private static double round(Side side, boolean compress, long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long units = 0;
        long sink = 0;
        long elapsed;
        do {
            if (compress) {
                for (int k = 0; k < 64; k++) {
                    sink += side.compressNext();
                }
            } else {
                for (int k = 0; k < 64; k++) {
                    sink += side.decodeNext();
                }
            }
            units += 64;
        } while ((elapsed = THREADS.getCurrentThreadCpuTime() - start) < nanos);
        if (sink == 42) {
            System.out.print("");
        }
        return (double) elapsed / (units * side.batch);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }

    private static double medianRatio(double[] values, double[] reference) {
        double[] ratios = new double[values.length];
        for (int r = 0; r < values.length; r++) {
            ratios[r] = values[r] / reference[r];
        }
        return median(ratios);
    }

    /** One variant over the held-out events in units of {@code batch} events, cycling through them. */
    private abstract static class Side {
        final String name;
        final int batch;
        long rawBytes;
        long storedBytes;
        int events;

        Side(String name, int batch) {
            this.name = name;
            this.batch = batch;
        }

        abstract long compressNext();

        abstract long decodeNext();

        double bytesPerEvent() {
            return (double) storedBytes / events;
        }

        double ratio() {
            return (double) rawBytes / storedBytes;
        }
    }

    /** A codec that compresses each record alone, as zdict's serializer does. */
    private abstract static class PerRecord extends Side {
        final byte[][] values;
        final byte[][] payloads;
        final byte[] scratch;
        int next;

        PerRecord(String name, List<byte[]> events, int batch, int room) {
            super(name, batch);
            int count = events.size() / batch * batch;
            values = events.subList(0, count).toArray(new byte[0][]);
            payloads = new byte[count][];
            scratch = new byte[room];
            this.events = count;
        }

        /** Fills {@link #payloads} and checks that each decodes back; call at the end of construction. */
        void encodeAll() {
            for (int i = 0; i < values.length; i++) {
                int n = compress(values[i], scratch);
                payloads[i] = Arrays.copyOf(scratch, n);
                rawBytes += values[i].length;
                storedBytes += n;
                if (!Arrays.equals(decode(payloads[i]), values[i])) {
                    throw new IllegalStateException(name + ": event " + i + " does not round-trip");
                }
            }
        }

        abstract int compress(byte[] value, byte[] dst);

        abstract byte[] decode(byte[] payload);

        @Override
        long compressNext() {
            long total = 0;
            for (int k = 0; k < batch; k++) {
                total += compress(values[next], scratch);
                next = next + 1 == values.length ? 0 : next + 1;
            }
            return total;
        }

        @Override
        long decodeNext() {
            long total = 0;
            for (int k = 0; k < batch; k++) {
                total += decode(payloads[next]).length;
                next = next + 1 == values.length ? 0 : next + 1;
            }
            return total;
        }
    }

    private static final class NoneSide extends PerRecord {
        NoneSide(List<byte[]> events, int batch) {
            super("none", events, batch, 1 << 20);
            encodeAll();
        }

        @Override
        int compress(byte[] value, byte[] dst) {
            System.arraycopy(value, 0, dst, 0, value.length);
            return value.length;
        }

        @Override
        byte[] decode(byte[] payload) {
            return payload.clone();
        }
    }

    private static final class ZdictSide extends PerRecord {
        private final ZdictCodec codec;

        ZdictSide(String name, List<byte[]> events, int batch, TrainedDictionary trained, DictionaryInfo.Codec kind) {
            super(name, events, batch, ZdictCodec.maxCompressedLength(1 << 20));
            DictionaryRegistry registry = DictionaryRegistries.inMemory();
            DictionaryInfo info = registry.publish(trained.content(), trained.level(), kind.metadata());
            registry.activate(info.version());
            codec = ZdictCodec.builder(registry)
                    .level(trained.level())
                    .checksum(false)
                    .build();
            encodeAll();
        }

        @Override
        int compress(byte[] value, byte[] dst) {
            return codec.compress(value, 0, value.length, dst, 0);
        }

        @Override
        byte[] decode(byte[] payload) {
            return codec.decompress(payload);
        }
    }

    private static final class Lz4Side extends PerRecord {
        private final Lz4DictCodec codec;

        Lz4Side(String name, List<byte[]> events, int batch, Lz4Dictionary dictionary, String mode) {
            super(name, events, batch, (int) (7 + Lz4BlockCompressor.maxCompressedLength(1 << 20)));
            codec = new Lz4DictCodec(name, dictionary, Lz4DictModes.depth(mode));
            encodeAll();
        }

        @Override
        int compress(byte[] value, byte[] dst) {
            return codec.compress(value, 0, value.length, dst);
        }

        @Override
        byte[] decode(byte[] payload) {
            return codec.decompress(payload);
        }
    }

    /** Kafka's lz4 stream over each batch of events joined with '\n'. */
    private static final class KafkaSide extends Side {
        private final KafkaLz4Codec codec = new KafkaLz4Codec();
        private final byte[][] batches;
        private final byte[][] frames;
        /** Per batch, where each record's value starts and ends in the decoded batch. */
        private final int[][] bounds;

        private final byte[] scratch;
        private final byte[] decoded;
        private int next;

        KafkaSide(List<byte[]> events, int batch) {
            super("kafka-lz4", batch);
            batches = EventSplit.batches(events, batch);
            frames = new byte[batches.length][];
            bounds = new int[batches.length][];
            this.events = batches.length * batch;
            int largest = 0;
            for (byte[] b : batches) {
                largest = Math.max(largest, b.length);
            }
            scratch = new byte[codec.maxCompressedLength(largest)];
            decoded = new byte[largest];
            for (int i = 0; i < batches.length; i++) {
                bounds[i] = new int[batch + 1];
                int at = 0;
                for (int k = 0; k < batch; k++) {
                    at += events.get(i * batch + k).length;
                    bounds[i][k + 1] = at;
                    at++;
                }
                int n = codec.compress(batches[i], 0, batches[i].length, scratch);
                frames[i] = Arrays.copyOf(scratch, n);
                rawBytes += batches[i].length;
                storedBytes += n;
                int m = codec.decompress(frames[i], 0, n, decoded, batches[i].length);
                if (m != batches[i].length || !Arrays.equals(decoded, 0, m, batches[i], 0, m)) {
                    throw new IllegalStateException("kafka-lz4: batch " + i + " does not round-trip");
                }
            }
        }

        @Override
        long compressNext() {
            byte[] b = batches[next];
            next = next + 1 == batches.length ? 0 : next + 1;
            return codec.compress(b, 0, b.length, scratch);
        }

        @Override
        long decodeNext() {
            int i = next;
            next = next + 1 == batches.length ? 0 : next + 1;
            codec.decompress(frames[i], 0, frames[i].length, decoded, batches[i].length);
            long total = 0;
            int start = 0;
            for (int k = 0; k < batch; k++) {
                int end = bounds[i][k + 1];
                total += Arrays.copyOfRange(decoded, start, end).length;
                start = end + 1;
            }
            return total;
        }
    }
}
