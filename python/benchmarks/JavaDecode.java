import org.zdict.registry.DictionaryRegistry;
import org.zdict.registry.DictionaryRegistries;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.zdict.codec.ZdictCodec;

/** decode_single_event.py's Java side: the median round's ns per payload (after as many warm-up rounds), ZdictCodec with checksums off. */
public class JavaDecode {
    public static void main(String[] args) throws IOException {
        List<byte[]> payloads = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(Path.of(args[1])))) {
            while (in.available() > 0) {
                byte[] payload = new byte[in.readInt()];
                in.readFully(payload);
                payloads.add(payload);
            }
        }
        int rounds = Integer.parseInt(args[2]);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(Path.of(args[0]));
                ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            double[] times = new double[rounds];
            long sink = 0;
            for (int round = -rounds; round < rounds; round++) {
                long start = System.nanoTime();
                for (byte[] payload : payloads) {
                    sink += codec.decompress(payload).length;
                }
                if (round >= 0) {
                    times[round] = (System.nanoTime() - start) / (double) payloads.size();
                }
            }
            java.util.Arrays.sort(times);
            System.out.println(sink > 0 ? times[rounds / 2] : -1);
        }
    }
}
