package org.zdict.bench.nativecompare;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Locale;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.engine.codec.BlockCodec;

/**
 * The Java twin of {@code zdict_cbench.c}: the same file, the same loop (64 calls between clock
 * reads, rounds of fixed length, compression then decompression), the same JSON. Used to compare
 * Java and C in alternating rounds on a busy machine, where best-of-rounds is the fair figure.
 *
 * <pre>JavaLoop &lt;batches.bin&gt; &lt;dictionary&gt; &lt;codec label&gt; [rounds] [seconds] [warm-up rounds]</pre>
 *
 * <p>The level is read from the file {@code level} beside the dictionary, as ExportBatches writes it.
 */
public final class JavaLoop {
    private JavaLoop() {}

    public static void main(String[] args) throws IOException {
        ByteBuffer file =
                ByteBuffer.wrap(Files.readAllBytes(Paths.get(args[0]))).order(ByteOrder.LITTLE_ENDIAN);
        Path dictionaryFile = Paths.get(args[1]);
        TrainedDictionary dictionary = new TrainedDictionary(
                Files.readAllBytes(dictionaryFile),
                Integer.parseInt(
                        Files.readString(dictionaryFile.resolveSibling("level")).trim()));
        String label = args[2];
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        double seconds = args.length > 4 ? Double.parseDouble(args[4]) : 1.0;
        int warmUps = args.length > 5 ? Integer.parseInt(args[5]) : 3;

        int count = file.getInt();
        byte[][] src = new byte[count][];
        int largest = 0;
        long rawTotal = 0;
        for (int i = 0; i < count; i++) {
            src[i] = new byte[file.getInt()];
            file.get(src[i]);
            largest = Math.max(largest, src[i].length);
            rawTotal += src[i].length;
        }
        try (BlockCodec codec = Codecs.create(label, spec -> dictionary)) {
            byte[] out = new byte[Math.max(codec.maxCompressedLength(largest), largest)];
            byte[][] comp = new byte[count][];
            long compTotal = 0;
            for (int i = 0; i < count; i++) {
                comp[i] = Arrays.copyOf(out, codec.compress(src[i], 0, src[i].length, out));
                compTotal += comp[i].length;
                int n = codec.decompress(comp[i], 0, comp[i].length, out, src[i].length);
                if (n != src[i].length || !Arrays.equals(out, 0, n, src[i], 0, n)) {
                    throw new IllegalStateException("Round trip mismatch at batch " + i);
                }
            }
            long nanos = (long) (seconds * 1e9);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            double cpuBestC = 0;
            double cpuSumC = 0;
            double cpuBestD = 0;
            double cpuSumD = 0;
            double bestC = 0;
            double sumC = 0;
            double bestD = 0;
            double sumD = 0;
            long sink = 0;
            for (int r = -warmUps; r < rounds; r++) {
                long bytes = 0;
                long cpuStart = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                long elapsed;
                int i = 0;
                do {
                    for (int k = 0; k < 64; k++) {
                        sink += codec.compress(src[i], 0, src[i].length, out);
                        bytes += src[i].length;
                        if (++i == count) {
                            i = 0;
                        }
                    }
                } while ((elapsed = System.nanoTime() - start) < nanos);
                double c = bytes / (elapsed / 1e9) / 1e6;
                double cpuC = bytes / ((threads.getCurrentThreadCpuTime() - cpuStart) / 1e9) / 1e6;
                bytes = 0;
                i = 0;
                cpuStart = threads.getCurrentThreadCpuTime();
                start = System.nanoTime();
                do {
                    for (int k = 0; k < 64; k++) {
                        sink += codec.decompress(comp[i], 0, comp[i].length, out, src[i].length);
                        bytes += src[i].length;
                        if (++i == count) {
                            i = 0;
                        }
                    }
                } while ((elapsed = System.nanoTime() - start) < nanos);
                double d = bytes / (elapsed / 1e9) / 1e6;
                double cpuD = bytes / ((threads.getCurrentThreadCpuTime() - cpuStart) / 1e9) / 1e6;
                if (r >= 0) {
                    cpuSumC += cpuC;
                    cpuSumD += cpuD;
                    cpuBestC = Math.max(cpuBestC, cpuC);
                    cpuBestD = Math.max(cpuBestD, cpuD);
                    sumC += c;
                    sumD += d;
                    bestC = Math.max(bestC, c);
                    bestD = Math.max(bestD, d);
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "{\"codec\":\"%s\",\"batches\":%d,\"raw_bytes\":%d,\"compressed_bytes\":%d,\"ratio\":%.4f,"
                            + "\"rounds\":%d,\"compress_mb_s_mean\":%.2f,\"compress_mb_s_best\":%.2f,"
                            + "\"decompress_mb_s_mean\":%.2f,\"decompress_mb_s_best\":%.2f,"
                            + "\"compress_mb_cpu_s_mean\":%.2f,\"compress_mb_cpu_s_best\":%.2f,"
                            + "\"decompress_mb_cpu_s_mean\":%.2f,\"decompress_mb_cpu_s_best\":%.2f,\"sink\":%d}%n",
                    label,
                    count,
                    rawTotal,
                    compTotal,
                    rawTotal / (double) compTotal,
                    rounds,
                    sumC / rounds,
                    bestC,
                    sumD / rounds,
                    bestD,
                    cpuSumC / rounds,
                    cpuBestC,
                    cpuSumD / rounds,
                    cpuBestD,
                    sink & 1);
        }
    }
}
