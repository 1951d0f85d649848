package org.zdict.reliability;

import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * Writes the hand-made seed inputs of the fuzz targets into their regression corpus folders (findings
 * are added next to them by Jazzer). Regenerate with, from core/:
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) org.zdict.reliability.SeedCorpus src/test/resources
 * </pre>
 */
public final class SeedCorpus {
    private static final String PACKAGE = "org/zdict/reliability/";

    private SeedCorpus() {}

    public static void main(String[] args) throws IOException {
        Path resources = Path.of(args[0]);
        byte[] event = FuzzFixture.EVENTS.get(0);
        ZdictCodec codec = FuzzFixture.CODEC;
        byte[][] payloads = {
            codec.compress(event),
            codec.compress(2, event),
            FuzzFixture.CHECKSUM_CODEC.compress(event),
            plain(codec, event),
            stored(codec, event),
            undeclared(event),
            undeclared(new byte[FuzzFixture.LIMIT * 2]),
            {(byte) 0xD1, 0x03, 0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x20, 0x00, 0x01, 0x00, 0x00},
            {(byte) 0xD1, (byte) 0x81, 0x00},
            {(byte) 0xD3},
            {},
        };
        Path array = resources.resolve(PACKAGE + "PayloadDecoderFuzzTestInputs/decompressArray");
        Path buffer = resources.resolve(PACKAGE + "PayloadDecoderFuzzTestInputs/decompressIntoBuffer");
        Path flips =
                resources.resolve(PACKAGE + "PayloadDecoderFuzzTestInputs/checksummedFrameNeverDecodesToOtherBytes");
        for (int i = 0; i < payloads.length; i++) {
            write(array.resolve("seed-" + i), payloads[i]);
            byte[] withSizes = Arrays.copyOf(payloads[i], payloads[i].length + 4);
            withSizes[withSizes.length - 4] = (byte) i;
            withSizes[withSizes.length - 3] = 0x02;
            withSizes[withSizes.length - 2] = (byte) (i % 2);
            withSizes[withSizes.length - 1] = (byte) i;
            write(buffer.resolve("seed-" + i), withSizes);
        }
        for (int i = 0; i < 4; i++) {
            write(flips.resolve("seed-" + i), new byte[] {(byte) (i * 37), (byte) i, (byte) (i * 91), 1, 0, (byte) i});
        }
        writeManifests(resources.resolve(PACKAGE + "ManifestFuzzTestInputs/openRegistryFromManifest"));
    }

    private static void writeManifests(Path dir) throws IOException {
        Path registryDir = Files.createTempDirectory("zdict-seed-registry");
        DictionaryRegistry registry = DictionaryRegistries.openFolder(registryDir);
        byte[] dictionary = FuzzFixture.REGISTRY.get(1).content();
        registry.publish(dictionary, 3, Map.of("samples", "200", "source", "seed \"corpus\" ü"));
        write(dir.resolve("seed-published"), Files.readAllBytes(registryDir.resolve("manifest.json")));
        registry.activate(1);
        registry.publish(FuzzFixture.REGISTRY.get(2).content(), 1, Map.of());
        registry.activate(2);
        registry.retire(1);
        write(dir.resolve("seed-two-versions"), Files.readAllBytes(registryDir.resolve("manifest.json")));
        write(
                dir.resolve("seed-empty"),
                "{\"format\":1,\"nextVersion\":1,\"dictionaries\":[]}".getBytes(StandardCharsets.UTF_8));
        write(dir.resolve("seed-nothing"), new byte[0]);
    }

    private static byte[] plain(ZdictCodec codec, byte[] event) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length)];
        return Arrays.copyOf(dst, codec.compressWithoutDictionary(event, 0, event.length, dst, 0));
    }

    private static byte[] stored(ZdictCodec codec, byte[] event) {
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length)];
        return Arrays.copyOf(dst, codec.store(event, 0, event.length, dst, 0));
    }

    /** A plain payload whose frame declares no content size, as other zstd encoders may write. */
    private static byte[] undeclared(byte[] content) {
        try (ZstdCompressCtx context = new ZstdCompressCtx().setContentSize(false)) {
            byte[] frame = context.compress(content);
            byte[] payload = new byte[frame.length + 1];
            payload[0] = (byte) 0xD2;
            System.arraycopy(frame, 0, payload, 1, frame.length);
            return payload;
        }
    }

    private static void write(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, content);
    }
}
