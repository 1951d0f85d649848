package org.zdict.bench.nativecompare;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.zdict.bench.codec.Codecs;
import org.zdict.bench.codec.Codecs.DictionarySpec;
import org.zdict.bench.codec.Codecs.TrainedDictionary;
import org.zdict.bench.data.DictionaryCache;
import org.zdict.bench.data.EventSplit;

/**
 * Writes the held-out batches and the cached dictionary the Java benchmarks use, so the C harness
 * ({@code src/main/c/zdict_cbench.c}) measures byte-identical input.
 *
 * <pre>ExportBatches &lt;dataset&gt; &lt;zdict-label&gt; &lt;batch&gt; &lt;out-dir&gt;</pre>
 *
 * Writes {@code batches.bin} (u32 count, then u32 length + bytes per batch, little-endian), {@code
 * dictionary} and {@code level} (the level as decimal text).
 */
public final class ExportBatches {
    private ExportBatches() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: ExportBatches <dataset> <zdict-label, e.g. zdict-64k-3> <batch> <out-dir>");
            System.exit(2);
        }
        DictionarySpec spec = Codecs.dictionaryOf(args[1]);
        if (spec == null) {
            System.err.println("Not a dictionary codec label: " + args[1]);
            System.exit(2);
        }
        EventSplit split = EventSplit.load(args[0]);
        byte[][] batches = split.batches(Integer.parseInt(args[2]));
        Path out = Paths.get(args[3]);
        Files.createDirectories(out);
        TrainedDictionary dictionary = DictionaryCache.dictionary(split, spec);
        Files.write(out.resolve("dictionary"), dictionary.content());
        Files.writeString(out.resolve("level"), dictionary.level() + "\n");
        try (OutputStream file = Files.newOutputStream(out.resolve("batches.bin"));
                DataOutputStream data = new DataOutputStream(new BufferedOutputStream(file, 1 << 16))) {
            writeIntLe(data, batches.length);
            for (byte[] batch : batches) {
                writeIntLe(data, batch.length);
                data.write(batch);
            }
        }
    }

    private static void writeIntLe(DataOutputStream out, int value) throws IOException {
        out.writeInt(Integer.reverseBytes(value));
    }
}
