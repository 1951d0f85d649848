package org.zdict.engine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import org.zdict.engine.codec.BlockCodec;

/**
 * Measures a codec on batches: the ratio over every batch (each checked to round-trip), and the speed
 * on a leading slice of them, as the best of a few timed rounds in thread CPU time (which filters out
 * pauses caused by other work on the machine).
 */
final class Meter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Bytes of batches each speed measurement times. */
    static final long TIMING_BYTES = 1_000_000;

    private final long timingBytes;
    private final long roundNanos;
    private final int rounds;
    /** Thread CPU time unless unsupported or wall-clock time is asked for. */
    private final boolean cpuTime;

    Meter(Timing timing) {
        this(TIMING_BYTES, timing);
    }

    /** @param timingBytes how many bytes of batches to time (at least one batch) */
    Meter(long timingBytes, Timing timing) {
        this.timingBytes = timingBytes;
        this.roundNanos = timing.roundMillis() * 1_000_000L;
        this.rounds = timing.rounds();
        this.cpuTime = THREADS.isCurrentThreadCpuTimeSupported() && !timing.wallClock();
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
        double compressMBps = best(timedBytes, () -> {
            for (int i = 0; i < timed; i++) {
                byte[] payload = payloads.get(i);
                codec.compress(payload, 0, payload.length, scratch);
            }
        });
        double decompressMBps = best(timedBytes, () -> {
            for (int i = 0; i < timed; i++) {
                codec.decompress(compressed[i], 0, compressed[i].length, restored, payloads.get(i).length);
            }
        });
        return new Measurement(batches.batchSize(), batches.rawBytes(), compressedBytes, compressMBps, decompressMBps);
    }

    /**
     * The best speed over the rounds, in 10^6 bytes per second of the measuring thread's CPU time (wall
     * time where the JVM cannot read thread CPU time), so that other work on a busy machine does not
     * slow the figures down. Untimed passes warm up first, for two rounds' time.
     */
    private double best(long bytesPerPass, Runnable pass) {
        long warmUpBegin = System.nanoTime();
        do {
            pass.run();
        } while (System.nanoTime() - warmUpBegin < 2 * roundNanos);
        double best = 0;
        for (int round = 0; round < rounds; round++) {
            long passes = 0;
            long wallBegin = System.nanoTime();
            long begin = now();
            long elapsed;
            do {
                pass.run();
                passes++;
            } while (System.nanoTime() - wallBegin < roundNanos);
            elapsed = Math.max(1, now() - begin);
            best = Math.max(best, bytesPerPass * passes * 1e3 / elapsed);
        }
        return best;
    }

    private long now() {
        return cpuTime ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
