package org.zdict.flink;

import org.zdict.kafka.ZdictDeserializer;

/**
 * A {@link ZdictDeserializer} of {@code byte[]} values, as a class of its own, which a Flink job gives
 * {@code KafkaRecordDeserializationSchema.valueOnly(Class, Map)}: Flink finds the type of the values from
 * that class, and cannot from the generic {@code ZdictDeserializer<T>} ("Type of TypeVariable 'T' ... could
 * not be determined"). Flink creates it by its public no-argument constructor. What a Flink user writes,
 * as docs/KAFKA.md shows.
 */
public class ZdictBytesDeserializer extends ZdictDeserializer<byte[]> {}
