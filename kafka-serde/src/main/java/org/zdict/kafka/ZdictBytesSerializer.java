package org.zdict.kafka;

/**
 * A {@link ZdictSerializer} of {@code byte[]} values (the default inner serializer), as a class of its own,
 * for frameworks that take a serializer class typed by its values, such as Flink's {@code
 * KafkaRecordSerializationSchema.Builder#setKafkaValueSerializer(Class, Map)} (the generic {@code
 * ZdictSerializer.class} compiles there only unchecked). Created by its public no-argument constructor and
 * configured like {@link ZdictSerializer}.
 */
public class ZdictBytesSerializer extends ZdictSerializer<byte[]> {}
