package org.zdict.reliability;

import java.util.List;
import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryInfo;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/**
 * The registry and codecs every payload fuzz target decodes with, built once per JVM: version 1 is a
 * real trained dictionary (active), version 2 another one (retired, still decodes), version 3 was
 * removed (unknown), version 4 is version 1's dictionary published for LZ4 ({@code 0xD0} payloads). Everything is deterministic, so the regression corpus means the same on every run.
 */
final class FuzzFixture {
    /** A small limit so that bombs are cheap to detect while fuzzing. */
    static final int LIMIT = 256 << 10;

    static final List<byte[]> EVENTS = SampleEvents.synthetic(400, 42);
    static final DictionaryRegistry REGISTRY = DictionaryRegistries.inMemory();
    static final ZdictCodec CODEC;
    /** Version 1's dictionary, published for LZ4. */
    static final int LZ4_VERSION;
    /** Writes zstd's content checksum in every frame, as the CLI does for files. */
    static final ZdictCodec CHECKSUM_CODEC;

    static {
        byte[] firstDictionary = TestTrainer.train(EVENTS.subList(0, 200), 4096, 3);
        int first = REGISTRY.publish(firstDictionary, 3, Map.of()).version();
        int second = REGISTRY.publish(TestTrainer.train(EVENTS.subList(200, 400), 4096, 1), 1, Map.of())
                .version();
        int removed = REGISTRY.publish(TestTrainer.train(EVENTS.subList(100, 300), 4096, 3), 3, Map.of())
                .version();
        REGISTRY.remove(removed);
        LZ4_VERSION = REGISTRY.publish(firstDictionary, 3, Map.of(DictionaryInfo.Codec.METADATA_KEY, "lz4"))
                .version();
        REGISTRY.retire(second);
        REGISTRY.activate(first);
        CODEC = ZdictCodec.builder(REGISTRY)
                .checksum(false)
                .maxDecompressedSize(LIMIT)
                .build();
        CHECKSUM_CODEC = ZdictCodec.builder(REGISTRY)
                .maxDecompressedSize(LIMIT)
                .checksum(true)
                .build();
    }

    private FuzzFixture() {}
}
