package org.zdict.flink;

import org.zdict.kafka.ZdictSerializer;

/**
 * A {@link ZdictSerializer} of {@code byte[]} values, as a class of its own, which a Flink job gives
 * {@code KafkaRecordSerializationSchema.builder().setKafkaValueSerializer(Class, Map)}: with the generic
 * {@code ZdictSerializer.class} that call compiles only unchecked. Flink creates it by its public
 * no-argument constructor. What a Flink user writes, as docs/KAFKA.md shows.
 */
public class ZdictBytesSerializer extends ZdictSerializer<byte[]> {}
