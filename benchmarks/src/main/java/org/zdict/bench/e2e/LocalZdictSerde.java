package org.zdict.bench.e2e;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.zdict.codec.ZdictCodec;

/**
 * Stand-in for the kafka-serde module's serializer while it is not yet released: compresses each
 * value alone with a shared {@link ZdictCodec} (null stays null). The broker harness uses it when
 * {@code org.zdict.kafka.ZdictSerializer} is not on the class path.
 */
final class LocalZdictSerde {
    private LocalZdictSerde() {}

    static Serializer<byte[]> serializer(ZdictCodec codec) {
        return (topic, data) -> data == null ? null : codec.compress(data);
    }

    static Deserializer<byte[]> deserializer(ZdictCodec codec) {
        return (topic, data) -> data == null ? null : codec.decompress(data);
    }
}
