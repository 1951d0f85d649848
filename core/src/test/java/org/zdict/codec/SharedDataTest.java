package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Real events from ../shared/data (skipped when absent): every held-out event round-trips alone, and
 * a 64 KiB level-3 dictionary beats LZ4 on single events by a wide margin. Prints the figures.
 */
class SharedDataTest {
    private static final int TRAINING_EVENTS = 8000;
    private static final int HELD_OUT_EVENTS = 4000;

    static Stream<Arguments> files() throws IOException {
        Path dir = SampleEvents.sharedDataDir().orElse(null);
        if (dir == null) {
            return Stream.of(Arguments.of((Path) null));
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".jsonl")).sorted().map(Arguments::of).toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("files")
    void singleEventsRoundTripAndBeatLz4(Path file) throws IOException {
        assumeTrue(file != null, "../shared/data is absent");
        List<byte[]> events = SampleEvents.readLines(file, TRAINING_EVENTS + HELD_OUT_EVENTS);
        List<byte[]> training = events.subList(0, TRAINING_EVENTS);
        List<byte[]> heldOut = events.subList(TRAINING_EVENTS, events.size());
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(training, 64 << 10, 3), 3, Map.of())
                .version());
        LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();
        long raw = 0;
        long zdict = 0;
        long plain = 0;
        long lz4Bytes = 0;
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] scratch = new byte[ZdictCodec.maxCompressedLength(1 << 20)];
            for (byte[] event : heldOut) {
                byte[] payload = codec.compress(event);
                assertArrayEquals(event, codec.decompress(payload));
                raw += event.length;
                zdict += payload.length;
                plain += codec.compressWithoutDictionary(event, 0, event.length, scratch, 0);
                lz4Bytes += lz4.compress(event).length;
            }
        }
        double zdictRatio = (double) raw / zdict;
        double lz4Ratio = (double) raw / lz4Bytes;
        System.out.printf(
                "%s: %d held-out single events, ratio zdict %.2f (prefix included), zstd-3 no dictionary %.2f,"
                        + " LZ4 %.2f; zdict/LZ4 = %.2fx%n",
                file.getFileName(), heldOut.size(), zdictRatio, (double) raw / plain, lz4Ratio, zdictRatio / lz4Ratio);
        assertTrue(zdictRatio > 2 * lz4Ratio, "zdict " + zdictRatio + " vs LZ4 " + lz4Ratio);
    }
}
