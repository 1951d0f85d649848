package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Golden vectors pin the wire format: payloads written by an earlier build must decode to the same
 * bytes, and today's encoder must write them byte for byte. If this fails after a deliberate format or
 * zstd change, regenerate with
 *
 * <pre>mvn -pl core test -Dtest=GoldenVectorsTest -Dzdict.golden.regenerate=true</pre>
 *
 * and review the diff of core/src/test/resources/golden/ (see its README.md).
 */
class GoldenVectorsTest {
    private static final String DIR = "golden/";
    /** Vectors of the writer before frames named their dictionary id; decoded, no longer written. */
    private static final String EARLIER = "without-dictionary-id/";
    /** Versions 1 and 300 hold the same dictionary: 300 exercises the two-byte varint. */
    private static final int HIGH_VERSION = 300;
    /** Version 301 holds the same dictionary again, published for LZ4 ({@code 0xD0} payloads). */
    private static final int LZ4_VERSION = 301;

    private static final Map<String, String> LZ4 = Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4");

    private static DictionaryRegistry registry;

    @BeforeAll
    static void setUp() throws IOException {
        if (Boolean.getBoolean("zdict.golden.regenerate")) {
            regenerate();
        }
        registry = DictionaryRegistries.inMemory();
        byte[] dictionary = resource("dictionary.dict");
        for (int version = 1; version <= HIGH_VERSION; version++) {
            registry.publish(dictionary, 3, Map.of());
        }
        registry.publish(dictionary, 3, LZ4);
        registry.activate(1);
    }

    @Test
    void decodesEveryGoldenPayload() throws IOException {
        byte[] original = resource("event.json");
        try (ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            for (String payload : new String[] {
                "payload-v1.bin",
                "payload-v300.bin",
                "payload-plain.bin",
                "payload-stored.bin",
                "payload-v1-checked.bin",
                "payload-lz4-v301.bin"
            }) {
                assertArrayEquals(original, codec.decompress(resource(payload)), payload);
            }
        }
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            assertArrayEquals(original, codec.decompress(resource("payload-lz4-v301-checked.bin")));
        }
    }

    /** Payloads written before frames named their dictionary id still decode. */
    @Test
    void decodesPayloadsWrittenWithoutDictionaryId() throws IOException {
        DictionaryRegistry earlier = DictionaryRegistries.inMemory();
        byte[] dictionary = resource(EARLIER + "dictionary.dict");
        for (int version = 1; version <= HIGH_VERSION; version++) {
            earlier.publish(dictionary, 3, Map.of());
        }
        byte[] original = resource(EARLIER + "event.json");
        try (ZdictCodec codec = ZdictCodec.builder(earlier).checksum(false).build()) {
            assertArrayEquals(original, codec.decompress(resource(EARLIER + "payload-v1.bin")));
            assertArrayEquals(original, codec.decompress(resource(EARLIER + "payload-v300.bin")));
        }
    }

    @Test
    void encodesTheGoldenPayloadsByteForByte() throws IOException {
        byte[] original = resource("event.json");
        try (ZdictCodec codec = ZdictCodec.builder(registry).checksum(false).build()) {
            assertArrayEquals(resource("payload-v1.bin"), codec.compress(1, original));
            assertArrayEquals(resource("payload-v300.bin"), codec.compress(HIGH_VERSION, original));
            assertArrayEquals(resource("payload-plain.bin"), plain(codec, original));
            assertArrayEquals(resource("payload-stored.bin"), stored(codec, original));
            assertArrayEquals(resource("payload-lz4-v301.bin"), codec.compress(LZ4_VERSION, original));
        }
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            assertArrayEquals(resource("payload-v1-checked.bin"), codec.compress(1, original));
            assertArrayEquals(resource("payload-lz4-v301-checked.bin"), codec.compress(LZ4_VERSION, original));
        }
    }

    private static byte[] plain(ZdictCodec codec, byte[] original) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(original.length)];
        return java.util.Arrays.copyOf(dst, codec.compressWithoutDictionary(original, 0, original.length, dst, 0));
    }

    private static byte[] stored(ZdictCodec codec, byte[] original) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(original.length)];
        return java.util.Arrays.copyOf(dst, codec.store(original, 0, original.length, dst, 0));
    }

    private static byte[] resource(String name) throws IOException {
        if (Boolean.getBoolean("zdict.golden.regenerate")) {
            return Files.readAllBytes(Path.of("src/test/resources", DIR, name));
        }
        try (InputStream in = GoldenVectorsTest.class.getClassLoader().getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IOException("Missing golden vector " + DIR + name);
            }
            return in.readAllBytes();
        }
    }

    private static void regenerate() throws IOException {
        Path dir = Path.of("src/test/resources", DIR);
        Files.createDirectories(dir);
        var events = SampleEvents.synthetic(3000, 2024);
        byte[] dictionary = TestTrainer.train(events.subList(0, 2999), 8192, 3);
        byte[] original = events.get(2999);
        DictionaryRegistry fresh = DictionaryRegistries.inMemory();
        for (int version = 1; version <= HIGH_VERSION; version++) {
            fresh.publish(dictionary, 3, Map.of());
        }
        fresh.publish(dictionary, 3, LZ4);
        try (ZdictCodec codec = ZdictCodec.builder(fresh).checksum(false).build()) {
            Files.write(dir.resolve("dictionary.dict"), dictionary);
            Files.write(dir.resolve("event.json"), original);
            Files.write(dir.resolve("payload-v1.bin"), codec.compress(1, original));
            Files.write(dir.resolve("payload-v300.bin"), codec.compress(HIGH_VERSION, original));
            Files.write(dir.resolve("payload-plain.bin"), plain(codec, original));
            Files.write(dir.resolve("payload-stored.bin"), stored(codec, original));
            Files.write(dir.resolve("payload-lz4-v301.bin"), codec.compress(LZ4_VERSION, original));
        }
        try (ZdictCodec codec = ZdictCodec.of(fresh)) {
            Files.write(dir.resolve("payload-v1-checked.bin"), codec.compress(1, original));
            Files.write(dir.resolve("payload-lz4-v301-checked.bin"), codec.compress(LZ4_VERSION, original));
        }
    }
}
