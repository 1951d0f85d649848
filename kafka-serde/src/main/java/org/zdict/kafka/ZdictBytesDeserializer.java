package org.zdict.kafka;

/**
 * A {@link ZdictDeserializer} of {@code byte[]} values (the default inner deserializer), as a class of its
 * own, for frameworks that take a deserializer class and find the type of its values from it: Flink's
 * {@code KafkaRecordDeserializationSchema.valueOnly(Class, Map)} fails on the generic {@code
 * ZdictDeserializer<T>} ("Type of TypeVariable 'T' ... could not be determined"). Created by its public
 * no-argument constructor and configured like {@link ZdictDeserializer}.
 */
public class ZdictBytesDeserializer extends ZdictDeserializer<byte[]> {}
