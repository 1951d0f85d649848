package org.zdict.bench.lz4dict;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;
import org.zdict.internal.lz4.Lz4BlockCompressor;
import org.zdict.internal.lz4.Lz4BlockDecoder;
import org.zdict.internal.lz4.Lz4BlockException;
import org.zdict.internal.lz4.Lz4Dictionary;

/**
 * The Java side of the cross-check against liblz4 ({@code src/main/c/lz4dict_check.c}, run by {@code
 * run-lz4dict-compare.sh}), on every held-out event of a data set with the last 64 KiB of the trainer's
 * dictionary.
 *
 * <pre>
 * Lz4DictCrossCheck export &lt;dataset&gt; &lt;dir&gt;   writes dictionary, events.bin, java-&lt;mode&gt;.bin
 * Lz4DictCrossCheck verify &lt;dataset&gt; &lt;dir&gt;   decodes the C harness's c-*.bin in Java, compares
 * Lz4DictCrossCheck time &lt;dir&gt; &lt;mode&gt;        times decoding java-&lt;mode&gt;.bin as the C harness does
 * </pre>
 *
 * {@code time} decodes every block into a buffer of exactly its event's size, in rounds of at least 0.2 s
 * of the thread's CPU time, and prints the best of 5 rounds after 10 warm-up rounds (the C harness's
 * {@code --decode-time} prints its best of 5), so that passes of the two can alternate.
 *
 * Files of events or blocks: u32 count, then u32 length and the bytes per entry, little-endian (as
 * {@code ExportBatches} writes).
 */
public final class Lz4DictCrossCheck {
    private Lz4DictCrossCheck() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 3 && args[0].equals("time")) {
            time(Paths.get(args[1]), args[2]);
            return;
        }
        if (args.length != 3 || !(args[0].equals("export") || args[0].equals("verify"))) {
            System.err.println("usage: Lz4DictCrossCheck export|verify <dataset> <dir>");
            System.exit(2);
        }
        EventSplit split = EventSplit.load(args[1]);
        Path dir = Paths.get(args[2]);
        Files.createDirectories(dir);
        byte[] trained = DictionaryCache.dictionary(split, Codecs.dictionaryOf("zdict-trained"))
                .content();
        Lz4Dictionary dictionary = Lz4Dictionary.of(trained);
        List<byte[]> events = split.heldOut();
        if (args[0].equals("export")) {
            Files.write(dir.resolve("dictionary"), dictionary.content());
            write(dir.resolve("events.bin"), events);
            for (String mode : Lz4DictModes.ALL) {
                Lz4BlockCompressor compressor = Lz4DictModes.compressor(dictionary, mode);
                List<byte[]> blocks = new ArrayList<>();
                byte[] dst = new byte[(int) Lz4BlockCompressor.maxCompressedLength(1 << 20)];
                for (byte[] event : events) {
                    blocks.add(Arrays.copyOf(dst, compressor.compress(event, 0, event.length, dst, 0)));
                }
                write(dir.resolve("java-" + mode + ".bin"), blocks);
            }
            return;
        }
        int failures = 0;
        try (var files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("c-.*\\.bin"))
                    .sorted()
                    .toList()) {
                List<byte[]> blocks = read(file);
                int equal = 0;
                long bytes = 0;
                for (int i = 0; i < events.size(); i++) {
                    byte[] event = events.get(i);
                    byte[] block = blocks.get(i);
                    bytes += block.length;
                    byte[] dst = new byte[event.length];
                    try {
                        int n = Lz4BlockDecoder.decompress(dictionary, block, 0, block.length, dst, 0, dst.length);
                        if (n == event.length && Arrays.equals(dst, event)) {
                            equal++;
                        }
                    } catch (Lz4BlockException e) {
                        System.err.println(file.getFileName() + " event " + i + ": " + e.getMessage());
                    }
                }
                failures += events.size() - equal;
                System.out.printf(
                        "{\"check\":\"java-decodes-c\",\"dataset\":\"%s\",\"blocks\":\"%s\",\"events\":%d,"
                                + "\"equal\":%d,\"blockBytes\":%d}%n",
                        split.dataset(), file.getFileName(), events.size(), equal, bytes);
            }
        }
        if (failures > 0) {
            System.exit(1);
        }
    }

    private static void time(Path dir, String mode) throws IOException {
        Lz4Dictionary dictionary = Lz4Dictionary.of(Files.readAllBytes(dir.resolve("dictionary")));
        List<byte[]> events = read(dir.resolve("events.bin"));
        List<byte[]> blocks = read(dir.resolve("java-" + mode + ".bin"));
        byte[] dst = new byte[1 << 20];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        double best = Double.MAX_VALUE;
        long sink = 0;
        for (int round = 0; round < 15; round++) {
            long start = threads.getCurrentThreadCpuTime();
            long calls = 0;
            long elapsed;
            do {
                for (int i = 0; i < blocks.size(); i++) {
                    byte[] block = blocks.get(i);
                    sink += Lz4BlockDecoder.decompress(
                            dictionary, block, 0, block.length, dst, 0, events.get(i).length);
                }
                calls += blocks.size();
            } while ((elapsed = threads.getCurrentThreadCpuTime() - start) < 200_000_000L);
            if (round >= 10) {
                best = Math.min(best, (double) elapsed / calls);
            }
        }
        System.out.printf(
                java.util.Locale.ROOT,
                "{\"check\":\"java-decode-time\",\"blocks\":\"java-%s.bin\",\"events\":%d,"
                        + "\"javaDecodeNsPerEvent\":%.1f,\"sink\":%d}%n",
                mode,
                events.size(),
                best,
                sink & 1);
    }

    private static void write(Path file, List<byte[]> entries) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out, 1 << 16))) {
            data.writeInt(Integer.reverseBytes(entries.size()));
            for (byte[] entry : entries) {
                data.writeInt(Integer.reverseBytes(entry.length));
                data.write(entry);
            }
        }
    }

    private static List<byte[]> read(Path file) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int count = in.getInt();
        List<byte[]> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] entry = new byte[in.getInt()];
            in.get(entry);
            entries.add(entry);
        }
        return entries;
    }
}
