package org.zdict.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * {@link CodecOverheadBenchmark}'s comparison for a busy machine: bare zstd-jni and ZdictCodec in
 * alternating rounds in one JVM (which goes first alternates too), each round timed in the thread's CPU
 * time, so both sides see the same neighbours. Prints, per operation, the median CPU ns per call of
 * each side and the median of the per-round ratios codec ÷ bare. The first decompress line gives both
 * sides the same destination, the whole output array; the second compares against a bare decode into
 * exactly the event's size.
 *
 * <pre>CodecOverheadLoop [dataset] [dictionary] [rounds] [round millis]</pre>
 */
public final class CodecOverheadLoop {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int BARE_DECOMPRESS = 0;
    private static final int CODEC_DECOMPRESS = 1;
    private static final int CODEC_DECOMPRESS_BUFFER = 2;
    private static final int BARE_COMPRESS = 3;
    private static final int CODEC_COMPRESS = 4;
    private static final int BARE_DECOMPRESS_WITH_ROOM = 5;

    private CodecOverheadLoop() {}

    public static void main(String[] args) {
        String dataset = args.length > 0 ? args[0] : "wikipedia_edits";
        String dictionary = args.length > 1 ? args[1] : "trained";
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        long roundNanos = (args.length > 3 ? Long.parseLong(args[3]) : 200) * 1_000_000L;
        try (SingleEvents events = new SingleEvents(dataset, dictionary)) {
            compare(
                    events,
                    "decompress into the same destination (the whole output array on both sides)",
                    BARE_DECOMPRESS_WITH_ROOM,
                    CODEC_DECOMPRESS,
                    rounds,
                    roundNanos);
            compare(
                    events,
                    "decompress, bare into exactly the event's size",
                    BARE_DECOMPRESS,
                    CODEC_DECOMPRESS,
                    rounds,
                    roundNanos);
            compare(
                    events,
                    "decompress into a new array, from a heap buffer slice (bare into exactly the event's size)",
                    BARE_DECOMPRESS,
                    CODEC_DECOMPRESS_BUFFER,
                    rounds,
                    roundNanos);
            compare(
                    events,
                    "bare decompress, exact destination (second) against spare room (first)",
                    BARE_DECOMPRESS_WITH_ROOM,
                    BARE_DECOMPRESS,
                    rounds,
                    roundNanos);
            compare(events, "compress", BARE_COMPRESS, CODEC_COMPRESS, rounds, roundNanos);
        }
    }

    private static void compare(
            SingleEvents events, String operation, int bare, int codec, int rounds, long roundNanos) {
        AlternatingRounds.Result result = AlternatingRounds.compare(
                (variant, nanos) -> round(events, variant, nanos), bare, codec, rounds, roundNanos);
        System.out.printf(
                Locale.ROOT,
                "%s: bare %.1f ns, codec %.1f ns (median CPU ns per call of %d rounds); codec ÷ bare: median"
                        + " %.3f, quartiles %.3f–%.3f%n",
                operation,
                result.firstMedian(),
                result.secondMedian(),
                rounds,
                result.ratioQuantile(0.5),
                result.ratioQuantile(0.25),
                result.ratioQuantile(0.75));
    }

    /**
     * CPU nanoseconds per call over one round of about {@code nanos} of CPU time. One loop per variant,
     * so each loop's call site stays monomorphic whatever ran before it.
     */
    private static double round(SingleEvents events, int variant, long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long calls = 0;
        long sink = 0;
        long elapsed;
        do {
            switch (variant) {
                case BARE_DECOMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareDecompress();
                    }
                    break;
                case CODEC_DECOMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.codecDecompress();
                    }
                    break;
                case CODEC_DECOMPRESS_BUFFER:
                    for (int k = 0; k < 256; k++) {
                        sink += events.codecDecompressBuffer().length;
                    }
                    break;
                case BARE_COMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareCompress();
                    }
                    break;
                case CODEC_COMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.codecCompress();
                    }
                    break;
                default:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareDecompressWithRoom();
                    }
                    break;
            }
            calls += 256;
        } while ((elapsed = THREADS.getCurrentThreadCpuTime() - start) < nanos);
        if (sink == 42) {
            System.out.print("");
        }
        return (double) elapsed / calls;
    }
}
