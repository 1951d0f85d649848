package org.zdict.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The JNI crossing against the foreign-function API (Java 22+ only; built and run by
 * {@code benchmarks/run-ffm-compare.sh}): single held-out events decoded and encoded with the same digested
 * dictionary through a bare zstd-jni context ({@link SingleEvents}) and through {@link FfmZstd}, a context
 * of the same loaded libzstd called by downcall, in alternating rounds of thread CPU time in one JVM (as
 * {@link CodecOverheadLoop}). Checks first that both paths give the same bytes. Prints, per pair, the
 * median CPU ns per call of each side and the median of the per-round ratios.
 *
 * <pre>FfmCallLoop [dataset] [dictionary] [rounds] [round millis]</pre>
 */
public final class FfmCallLoop {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int JNI_DECOMPRESS = 0;
    private static final int FFM_DECOMPRESS = 1;
    private static final int FFM_DECOMPRESS_OFF_HEAP = 2;
    private static final int CODEC_DECOMPRESS = 3;
    private static final int JNI_COMPRESS = 4;
    private static final int FFM_COMPRESS = 5;
    private static final int FFM_COMPRESS_OFF_HEAP = 6;
    private static final int JNI_DECOMPRESS_WITH_ROOM = 7;
    private static final int FFM_DECOMPRESS_WITH_ROOM = 8;

    private final SingleEvents events;
    private final FfmZstd ffm;
    private final byte[][] raw;
    private final byte[][] payloads;
    private final int prefixLength;
    private final byte[] output;
    private final int largest;
    private int next;

    private FfmCallLoop(SingleEvents events, FfmZstd ffm) {
        this.events = events;
        this.ffm = ffm;
        raw = events.events();
        payloads = events.payloads();
        prefixLength = events.prefixLength();
        int largest = 0;
        for (byte[] event : raw) {
            largest = Math.max(largest, event.length);
        }
        this.largest = largest;
        output = new byte[largest + 1024];
    }

    public static void main(String[] args) {
        String dataset = args.length > 0 ? args[0] : "wikipedia_edits";
        String dictionary = args.length > 1 ? args[1] : "trained";
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        long roundNanos = (args.length > 3 ? Long.parseLong(args[3]) : 100) * 1_000_000L;
        try (SingleEvents events = new SingleEvents(dataset, dictionary);
                FfmZstd ffm = new FfmZstd(events.decompressDictionary(), events.compressDictionary(), 1 << 16)) {
            FfmCallLoop loop = new FfmCallLoop(events, ffm);
            loop.checkSameBytes();
            System.out.printf(
                    Locale.ROOT,
                    "%s, %s dictionary, %d events, java %s%n",
                    dataset,
                    dictionary,
                    loop.raw.length,
                    Runtime.version());
            loop.compare(
                    "decompress, zstd-jni against FFM (critical, heap arrays)",
                    JNI_DECOMPRESS,
                    FFM_DECOMPRESS,
                    rounds,
                    roundNanos);
            loop.compare(
                    "decompress, zstd-jni against FFM (ordinary downcall, native buffers)",
                    JNI_DECOMPRESS,
                    FFM_DECOMPRESS_OFF_HEAP,
                    rounds,
                    roundNanos);
            loop.compare(
                    "decompress into room to spare (as the C harness), zstd-jni against FFM (critical)",
                    JNI_DECOMPRESS_WITH_ROOM,
                    FFM_DECOMPRESS_WITH_ROOM,
                    rounds,
                    roundNanos);
            loop.compare(
                    "decompress, ZdictCodec against FFM (critical, heap arrays)",
                    CODEC_DECOMPRESS,
                    FFM_DECOMPRESS,
                    rounds,
                    roundNanos);
            loop.compare(
                    "compress, zstd-jni against FFM (critical, heap arrays)",
                    JNI_COMPRESS,
                    FFM_COMPRESS,
                    rounds,
                    roundNanos);
            loop.compare(
                    "compress, zstd-jni against FFM (ordinary downcall, native buffers)",
                    JNI_COMPRESS,
                    FFM_COMPRESS_OFF_HEAP,
                    rounds,
                    roundNanos);
        }
    }

    /** Both paths decode every frame to the event, and encode every event to the same frame. */
    private void checkSameBytes() {
        byte[] jni = new byte[output.length];
        for (int i = 0; i < raw.length; i++) {
            byte[] event = raw[i];
            byte[] payload = payloads[i];
            int n = ffm.decompress(output, event.length, payload, prefixLength, payload.length - prefixLength);
            int m = ffm.decompressOffHeap(jni, event.length, payload, prefixLength, payload.length - prefixLength);
            if (n != event.length
                    || m != n
                    || !Arrays.equals(output, 0, n, event, 0, n)
                    || !Arrays.equals(jni, 0, n, event, 0, n)) {
                throw new IllegalStateException("FFM does not decode event " + i);
            }
            int bare = events.bareCompressInto(jni, event);
            int viaFfm = ffm.compress(output, event, event.length);
            if (bare != viaFfm || !Arrays.equals(jni, 0, bare, output, 0, bare)) {
                throw new IllegalStateException("FFM and zstd-jni encode event " + i + " differently");
            }
            int offHeap = ffm.compressOffHeap(output, event, event.length);
            if (offHeap != bare || !Arrays.equals(jni, 0, bare, output, 0, bare)) {
                throw new IllegalStateException("FFM off heap and zstd-jni encode event " + i + " differently");
            }
        }
        next = 0;
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == raw.length ? 0 : i + 1;
        return i;
    }

    private int ffmDecompress() {
        int i = nextIndex();
        byte[] payload = payloads[i];
        return ffm.decompress(output, raw[i].length, payload, prefixLength, payload.length - prefixLength);
    }

    /** Into the largest event's size, as the C harness decodes. */
    private int ffmDecompressWithRoom() {
        byte[] payload = payloads[nextIndex()];
        return ffm.decompress(output, largest, payload, prefixLength, payload.length - prefixLength);
    }

    private int ffmDecompressOffHeap() {
        int i = nextIndex();
        byte[] payload = payloads[i];
        return ffm.decompressOffHeap(output, raw[i].length, payload, prefixLength, payload.length - prefixLength);
    }

    private int ffmCompress() {
        byte[] event = raw[nextIndex()];
        return ffm.compress(output, event, event.length);
    }

    private int ffmCompressOffHeap() {
        byte[] event = raw[nextIndex()];
        return ffm.compressOffHeap(output, event, event.length);
    }

    private void compare(String operation, int first, int second, int rounds, long roundNanos) {
        AlternatingRounds.Result result = AlternatingRounds.compare(this::round, first, second, rounds, roundNanos);
        System.out.printf(
                Locale.ROOT,
                "%s: %.1f ns against %.1f ns (median CPU ns per call of %d rounds), difference %.1f ns;"
                        + " second ÷ first: median %.3f, quartiles %.3f–%.3f%n",
                operation,
                result.firstMedian(),
                result.secondMedian(),
                rounds,
                result.firstMedian() - result.secondMedian(),
                result.ratioQuantile(0.5),
                result.ratioQuantile(0.25),
                result.ratioQuantile(0.75));
    }

    /** CPU ns per call over one round; one loop per variant, so each call site stays monomorphic. */
    private double round(int variant, long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long calls = 0;
        long sink = 0;
        long elapsed;
        do {
            switch (variant) {
                case JNI_DECOMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareDecompress();
                    }
                    break;
                case FFM_DECOMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += ffmDecompress();
                    }
                    break;
                case FFM_DECOMPRESS_OFF_HEAP:
                    for (int k = 0; k < 256; k++) {
                        sink += ffmDecompressOffHeap();
                    }
                    break;
                case CODEC_DECOMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.codecDecompress();
                    }
                    break;
                case JNI_COMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareCompress();
                    }
                    break;
                case FFM_COMPRESS:
                    for (int k = 0; k < 256; k++) {
                        sink += ffmCompress();
                    }
                    break;
                case JNI_DECOMPRESS_WITH_ROOM:
                    for (int k = 0; k < 256; k++) {
                        sink += events.bareDecompressWithRoom();
                    }
                    break;
                case FFM_DECOMPRESS_WITH_ROOM:
                    for (int k = 0; k < 256; k++) {
                        sink += ffmDecompressWithRoom();
                    }
                    break;
                default:
                    for (int k = 0; k < 256; k++) {
                        sink += ffmCompressOffHeap();
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
