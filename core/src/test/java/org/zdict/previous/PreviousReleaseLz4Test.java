package org.zdict.previous;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.CorruptPayloadException;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * Rolling out the LZ4 kind next to the previous release: its readers refuse a {@code 0xD0} payload with
 * a clear message (so readers upgrade first), its registry code reads a version published for LZ4 and
 * keeps the codec through a rewrite of the manifest, and everything it writes with such a version (zstd
 * frames) this release decodes.
 */
class PreviousReleaseLz4Test {
    private static final List<byte[]> EVENTS = SampleEvents.synthetic(3000, 21);
    private static final byte[] DICTIONARY = TestTrainer.train(EVENTS.subList(0, 2000), 8192, 3);

    @TempDir
    Path dir;

    @Test
    void aPreviousReleaseReaderRefusesAnLz4PayloadNamingTheMarker() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4"));
            try (ZdictCodec codec = ZdictCodec.of(registry)) {
                byte[] payload = codec.compress(1, EVENTS.get(2500));
                CorruptPayloadException e = assertThrows(
                        CorruptPayloadException.class, () -> PreviousMarkerCheck.check(payload, 0, payload.length));
                assertEquals(
                        "Unsupported zdict marker 0xD0 (another format version or a reserved kind); expected a zdict"
                                + " format-1 marker 0xD1, 0xD2 or 0xD3",
                        e.reason());
            }
        }
    }

    @Test
    void thePreviousReleaseKeepsTheCodecThroughARewriteAndItsZstdFramesDecode() throws Exception {
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.publish(DICTIONARY, 3, Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4", "samples", "2000"));
            registry.activate(1);
        }
        Path manifest = dir.resolve("manifest.json");
        PreviousRegistryState previous = PreviousManifestJson.read(Files.readAllBytes(manifest));
        PreviousDictionaryInfo info = previous.versions().get(1);
        assertEquals("lz4", info.metadata().get(DictionaryInfo.Codec.METADATA_KEY));
        assertEquals(3, info.level(), "the previous release writes zstd frames at the version's level");
        Files.write(manifest, PreviousManifestJson.write(previous));
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir);
                ZdictCodec codec = ZdictCodec.of(registry)) {
            assertEquals(
                    DictionaryInfo.Codec.LZ4,
                    DictionaryInfo.Codec.of(registry.list().get(0)));
            byte[] event = EVENTS.get(2600);
            byte[] lz4 = codec.compress(event);
            assertEquals(0xD0, lz4[0] & 0xFF);
            assertArrayEquals(event, codec.decompress(lz4));
            // What a previous-release producer writes with version 1: a zstd frame with its dictionary.
            byte[] zstd = zstdFrameWith(registry, event, dir.resolve("zstd-only"));
            assertEquals(0xD1, zstd[0] & 0xFF);
            assertArrayEquals(event, codec.decompress(zstd));
        }
    }

    /** A zstd payload of version 1's dictionary, as a release that ignores the codec writes it. */
    private static byte[] zstdFrameWith(DictionaryRegistry registry, byte[] event, Path other) throws Exception {
        try (DictionaryRegistry zstdOnly = DictionaryRegistries.openFolder(other);
                ZdictCodec codec = ZdictCodec.of(zstdOnly)) {
            zstdOnly.publish(registry.get(1).content(), 3, Map.of());
            return codec.compress(1, event);
        }
    }
}
