package org.zdict.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.zdict.engine.codec.BlockCodec;

/**
 * Measures a codec on batches: the ratio over every batch (each checked to round-trip), and the speed
 * on a leading slice of them, as the best of a few timed rounds in thread CPU time (which filters out
 * pauses caused by other work on the machine). Compression CPU against a reference codec is measured
 * side by side instead ({@link #slices}), in short alternating slices, so that load on the
 * machine weighs on both alike; so is decoding CPU ({@link Work#DECODE}).
 */
final class Meter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Bytes of batches each speed measurement times. */
    static final long TIMING_BYTES = 1_000_000;
    /**
     * Bytes of events each side-by-side slice compresses: about 0.1 ms of work, so that most slices run
     * between two of the pauses other work on a busy machine causes.
     */
    static final long SLICE_BYTES = 32 << 10;
    /** Windows of events the side-by-side rounds take in turn: 8 × 32 KiB of held-out events. */
    static final int SLICE_WINDOWS = 8;
    /** Side-by-side rounds per timed round of {@link Timing}: 200 with the default timing. */
    static final int SLICE_ROUNDS_PER_ROUND = 20;
    /**
     * Times a slice is timed at most while the thread keeps being switched out during it: on a machine
     * where a third of the slices are, four tries in a row are switched out about once in a hundred.
     */
    static final int MOST_TRIES = 4;

    private final long timingBytes;
    private final long roundNanos;
    private final int rounds;
    /** Thread CPU time unless unsupported or wall-clock time is asked for. */
    private final boolean cpuTime;

    private final long sliceBytes;
    private final int sliceRounds;

    Meter(Timing timing) {
        this(TIMING_BYTES, timing);
    }

    /** @param timingBytes how many bytes of batches to time (at least one batch) */
    Meter(long timingBytes, Timing timing) {
        this(timingBytes, timing, SLICE_BYTES, SLICE_ROUNDS_PER_ROUND * timing.rounds());
    }

    /**
     * @param sliceBytes how many bytes of events each side-by-side slice compresses
     * @param sliceRounds how many rounds of side-by-side slices to time
     */
    Meter(long timingBytes, Timing timing, long sliceBytes, int sliceRounds) {
        this.timingBytes = timingBytes;
        this.roundNanos = timing.roundMillis() * 1_000_000L;
        this.rounds = timing.rounds();
        this.cpuTime = THREADS.isCurrentThreadCpuTimeSupported() && !timing.wallClock();
        this.sliceBytes = sliceBytes;
        this.sliceRounds = sliceRounds;
    }

    Measurement measure(BlockCodec codec, Batches batches) {
        List<byte[]> payloads = batches.payloads();
        byte[] scratch = new byte[codec.maxCompressedLength(batches.largest())];
        byte[] restored = new byte[batches.largest()];
        byte[][] compressed = new byte[payloads.size()][];
        long compressedBytes = 0;
        for (int i = 0; i < payloads.size(); i++) {
            byte[] payload = payloads.get(i);
            int n = codec.compress(payload, 0, payload.length, scratch);
            compressed[i] = Arrays.copyOf(scratch, n);
            compressedBytes += n;
            codec.decompress(compressed[i], 0, n, restored, payload.length);
            if (!Arrays.equals(restored, 0, payload.length, payload, 0, payload.length)) {
                throw new IllegalStateException(codec.name() + " did not restore held-out batch " + i);
            }
        }
        int count = 0;
        long timedBytes = 0;
        while (count < payloads.size() && (count == 0 || timedBytes < timingBytes)) {
            timedBytes += payloads.get(count++).length;
        }
        int timed = count;
        double[] compressMBps = rounds(timedBytes, () -> {
            for (int i = 0; i < timed; i++) {
                byte[] payload = payloads.get(i);
                codec.compress(payload, 0, payload.length, scratch);
            }
        });
        double[] decompressMBps = rounds(timedBytes, () -> {
            for (int i = 0; i < timed; i++) {
                codec.decompress(compressed[i], 0, compressed[i].length, restored, payloads.get(i).length);
            }
        });
        return new Measurement(
                batches.batchSize(),
                batches.rawBytes(),
                compressedBytes,
                fastest(compressMBps),
                spread(compressMBps),
                fastest(decompressMBps));
    }

    /** The fastest of the rounds' speeds: the one least slowed by other work on the machine. */
    static double fastest(double[] speeds) {
        return Arrays.stream(speeds).max().orElseThrow();
    }

    /**
     * How much the rounds' speeds moved, as a share of the fastest: half the distance between the slowest
     * and the fastest, over the fastest (as {@link Slices#spread} for the CPU figures). NaN with one round.
     */
    static double spread(double[] speeds) {
        if (speeds.length < 2) {
            return Double.NaN;
        }
        double fastest = fastest(speeds);
        return (fastest - Arrays.stream(speeds).min().orElseThrow()) / 2 / fastest;
    }

    /**
     * The speed of each round, in 10^6 bytes per second of the measuring thread's CPU time (wall time
     * where the JVM cannot read thread CPU time), so that other work on a busy machine slows the figures
     * down less; the fastest counts ({@link #fastest}). Untimed passes warm up first, for two rounds' time.
     * Each pass is timed on its own: a pass during which the thread was switched out ({@link
     * ThreadSchedule}) came back to caches other work had filled, so a round counts only its undisturbed
     * passes, as the side-by-side slices are timed again ({@link #slice}); all of them where none was.
     */
    private double[] rounds(long bytesPerPass, Runnable pass) {
        warm(pass, 2 * roundNanos);
        double[] speeds = new double[rounds];
        try (ThreadSchedule schedule = ThreadSchedule.ofCurrentThread()) {
            for (int round = 0; round < rounds; round++) {
                long passes = 0;
                long elapsed = 0;
                long undisturbedPasses = 0;
                long undisturbed = 0;
                do {
                    long scheduled = schedule.timesScheduled();
                    long begin = now();
                    pass.run();
                    long took = now() - begin;
                    passes++;
                    elapsed += took;
                    if (schedule.timesScheduled() == scheduled) {
                        undisturbedPasses++;
                        undisturbed += took;
                    }
                } while (elapsed < roundNanos);
                speeds[round] = undisturbedPasses > 0
                        ? bytesPerPass * undisturbedPasses * 1e3 / Math.max(1, undisturbed)
                        : bytesPerPass * passes * 1e3 / Math.max(1, elapsed);
            }
        }
        return speeds;
    }

    /**
     * Runs {@code pass} untimed until it has used {@code nanos} of the measuring thread's CPU time: the
     * same work however busy the machine is, so that the JIT has compiled the Java codecs (Kafka's lz4
     * above all) as far on a loaded machine as on a quiet one. Warming up for wall-clock time instead
     * left them partly interpreted when other work took most of the CPU, and made them look dearer.
     */
    private void warm(Runnable pass, long nanos) {
        long begin = now();
        do {
            pass.run();
        } while (now() - begin < nanos);
    }

    /** What side-by-side slices time. */
    enum Work {
        /** Compressing the events' batches. */
        COMPRESS,
        /** Decoding the payloads each codec wrote for them. */
        DECODE
    }

    /**
     * Short alternating slices of {@code work}, timed in thread CPU time: in each round, reference, codec
     * 1, reference, codec 2, ..., reference, each a pass over the same window of events ({@link
     * #SLICE_BYTES} of them, in whole batches of both sizes) right after an untimed pass over it, so that
     * load on the machine weighs on the reference and each codec alike. The rounds take the held-out
     * events' leading windows in turn. {@link Slices#figure} gives each codec's CPU per event as a
     * multiple of the reference's, {@link Slices#spread} how much it moved within the run. Where the
     * reference allocates fresh arrays per call (Kafka's lz4 compressing), they are timed beside each of its
     * slices, and its slices become its typical time per window with the arrays at their least disturbed
     * ({@link FreshArrays#countAtLeastDisturbed}).
     */
    Slices slices(
            Work work,
            BlockCodec reference,
            int referenceBatch,
            List<? extends BlockCodec> codecs,
            int batch,
            List<byte[]> events) {
        int unit = referenceBatch / gcd(referenceBatch, batch) * batch;
        List<List<byte[]>> referencePayloads = new ArrayList<>();
        List<List<byte[]>> payloads = new ArrayList<>();
        int largest = 0;
        int begin = 0;
        while (begin < events.size() && payloads.size() < SLICE_WINDOWS) {
            int end = begin;
            long bytes = 0;
            while (end < events.size() && (bytes < sliceBytes || (end - begin) % unit != 0)) {
                bytes += events.get(end++).length;
            }
            List<byte[]> window = events.subList(begin, end);
            referencePayloads.add(Batches.of(window, referenceBatch).payloads());
            payloads.add(Batches.of(window, batch).payloads());
            largest = Math.max(
                    largest, Batches.of(window, Math.max(referenceBatch, batch)).largest());
            begin = end;
        }
        int room = reference.maxCompressedLength(largest);
        for (BlockCodec codec : codecs) {
            room = Math.max(room, codec.maxCompressedLength(largest));
        }
        byte[] scratch = new byte[Math.max(room, largest)];
        int windows = payloads.size();
        FreshArrays fresh = new FreshArrays(work == Work.COMPRESS ? reference.freshArraysPerCompress() : new int[0]);
        Runnable[] referencePasses = new Runnable[windows];
        Runnable[] freshPasses = new Runnable[windows];
        Runnable[][] codecPasses = new Runnable[codecs.size()][windows];
        for (int w = 0; w < windows; w++) {
            referencePasses[w] = pass(work, reference, referencePayloads.get(w), scratch);
            freshPasses[w] = fresh.allocate(referencePayloads.get(w).size());
            for (int i = 0; i < codecs.size(); i++) {
                codecPasses[i][w] = pass(work, codecs.get(i), payloads.get(w), scratch);
            }
        }
        long[][] referenceSlices = new long[sliceRounds][codecs.size() + 1];
        long[][] codecSlices = new long[codecs.size()][sliceRounds];
        for (int w = 0; w < windows; w++) {
            warm(referencePasses[w], rounds * roundNanos / windows);
            if (!fresh.none()) {
                warm(freshPasses[w], 2 * roundNanos / windows);
            }
            for (Runnable[] passes : codecPasses) {
                warm(passes[w], 2 * roundNanos / windows);
            }
        }
        long[][] freshSlices = new long[sliceRounds][codecs.size() + 1];
        try (ThreadSchedule schedule = ThreadSchedule.ofCurrentThread()) {
            // One untimed round per window first: every codec's state and the harness warm.
            for (int round = -windows; round < sliceRounds; round++) {
                int at = Math.max(0, round);
                int window = Math.floorMod(round, windows);
                referenceSlices[at][0] = slice(referencePasses[window], schedule);
                freshSlices[at][0] = fresh.none() ? 0 : slice(freshPasses[window], schedule);
                for (int i = 0; i < codecs.size(); i++) {
                    codecSlices[i][at] = slice(codecPasses[i][window], schedule);
                    referenceSlices[at][i + 1] = slice(referencePasses[window], schedule);
                    freshSlices[at][i + 1] = fresh.none() ? 0 : slice(freshPasses[window], schedule);
                }
            }
        }
        if (!fresh.none()) {
            FreshArrays.countAtLeastDisturbed(referenceSlices, freshSlices, windows);
        }
        return new Slices(referenceSlices, codecSlices, windows);
    }

    /**
     * One pass of {@code work} over {@code payloads} with {@code codec}: compressing them into {@code
     * scratch}, or decoding into {@code scratch} what the codec wrote for them (compressed here, once).
     */
    private static Runnable pass(Work work, BlockCodec codec, List<byte[]> payloads, byte[] scratch) {
        if (work == Work.COMPRESS) {
            return () -> {
                for (byte[] payload : payloads) {
                    codec.compress(payload, 0, payload.length, scratch);
                }
            };
        }
        byte[][] compressed = new byte[payloads.size()][];
        for (int i = 0; i < compressed.length; i++) {
            byte[] payload = payloads.get(i);
            compressed[i] = Arrays.copyOf(scratch, codec.compress(payload, 0, payload.length, scratch));
        }
        return () -> {
            for (int i = 0; i < compressed.length; i++) {
                codec.decompress(compressed[i], 0, compressed[i].length, scratch, payloads.get(i).length);
            }
        };
    }

    /**
     * The time one pass takes, right after an untimed pass that brings the codec's tables and the events
     * into cache (as a codec working all the time has them). A pass during which the thread was switched
     * out ({@link ThreadSchedule}) is timed again, up to {@link #MOST_TRIES} times in all: it came back to
     * caches that other work had filled, which made it dearer by how busy the machine was.
     */
    private long slice(Runnable pass, ThreadSchedule schedule) {
        pass.run();
        for (int tries = 1; ; tries++) {
            long scheduled = schedule.timesScheduled();
            long begin = now();
            pass.run();
            long took = Math.max(1, now() - begin);
            if (tries == MOST_TRIES || schedule.timesScheduled() == scheduled) {
                return took;
            }
        }
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private long now() {
        return cpuTime ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
