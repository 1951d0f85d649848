package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zdict.internal.FrameHeader;
import org.zdict.registry.Dictionary;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;

/**
 * Record values carry no zstd checksum (Kafka's record batch CRC covers them: 4 bytes saved) but name
 * their dictionary's id, so a consumer with the wrong dictionary refuses them (docs/FORMAT.md).
 */
class RecordValueFormatTest {
    @TempDir
    Path dir;

    @Test
    void recordValuesNameTheirDictionaryAndCarryNoChecksum() {
        byte[] dictionary = TestDictionaries.trained(1);
        try (DictionaryRegistry registry = DictionaryRegistries.openFolder(dir)) {
            registry.activate(registry.publish(dictionary, 3, Map.of()).version());
        }
        try (ZdictSerializer<byte[]> serializer = new ZdictSerializer<>(new ByteArraySerializer())) {
            serializer.configure(Map.of(ZdictSerdeConfig.REGISTRY_CONFIG, dir.toString()), false);
            byte[] value =
                    serializer.serialize("events", SampleEvents.synthetic(1, 3).get(0));
            assertEquals(0xD1, value[0] & 0xFF);
            FrameHeader header = FrameHeader.parse(value, 2, value.length - 2, 2);
            assertFalse(header.checksum(), "record values rely on Kafka's CRC");
            assertEquals(Dictionary.dictionaryId(dictionary), header.dictionaryId());
        }
    }
}
