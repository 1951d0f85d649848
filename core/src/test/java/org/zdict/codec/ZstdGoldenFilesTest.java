package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.zdict.CorruptDictionaryException;
import org.zdict.CorruptPayloadException;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/** The Zstandard project's own edge cases from ../shared/zstd-golden, read as plain zstd frames. */
class ZstdGoldenFilesTest {

    private static Path golden(String relative) {
        Path dir = SampleEvents.sharedDir().map(d -> d.resolve("zstd-golden")).orElse(null);
        assumeTrue(dir != null && Files.isDirectory(dir), "../shared/zstd-golden is absent");
        return dir.resolve(relative);
    }

    @ParameterizedTest
    @CsvSource({"block-128k.zst, 131068", "empty-block.zst, 0", "rle-first-block.zst, 1048576", "zeroSeq_2B.zst, 13"})
    void decodesValidGoldenFrames(String file, int expectedSize) throws IOException {
        byte[] payload = HostileFramesTest.plainPayload(Files.readAllBytes(golden("golden-decompression/" + file)));
        try (ZdictCodec codec = ZdictCodec.builder(DictionaryRegistries.inMemory())
                .acceptUnchecked(true)
                .build()) {
            byte[] decoded = codec.decompress(payload);
            assertEquals(expectedSize, decoded.length);
            byte[] dst = new byte[expectedSize];
            assertEquals(expectedSize, codec.decompress(payload, 0, payload.length, dst, 0));
            assertArrayEquals(decoded, dst);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"off0.bin.zst", "truncated_huff_state.zst", "zeroSeq_extraneous.zst"})
    void refusesCorruptGoldenFrames(String file) throws IOException {
        byte[] payload =
                HostileFramesTest.plainPayload(Files.readAllBytes(golden("golden-decompression-errors/" + file)));
        try (ZdictCodec codec = ZdictCodec.builder(DictionaryRegistries.inMemory())
                .acceptUnchecked(true)
                .build()) {
            assertThrows(CorruptPayloadException.class, () -> codec.decompress(payload));
        }
    }

    @Test
    void roundTripsWithDictionaryMissingSymbols() throws IOException {
        byte[] dictionary = Files.readAllBytes(golden("golden-dictionaries/http-dict-missing-symbols"));
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(dictionary, 3, Map.of()).version());
        byte[] input = "GET /index.html HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n"
                .repeat(3)
                .getBytes(StandardCharsets.US_ASCII);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            assertArrayEquals(input, codec.decompress(codec.compress(input)));
        }
    }

    @Test
    void loadsZeroWeightDictionaryOrFailsCleanly() throws IOException {
        byte[] dictionary = Files.readAllBytes(golden("dict-files/zero-weight-dict"));
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(dictionary, 3, Map.of()).version());
        byte[] input = "zero weight symbols, zero weight symbols".getBytes(StandardCharsets.US_ASCII);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            byte[] payload;
            try {
                payload = codec.compress(input);
            } catch (CorruptDictionaryException e) {
                return; // a clear refusal is acceptable
            }
            assertArrayEquals(input, codec.decompress(payload));
        }
    }
}
