package org.zdict.engine.input;

import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.zdict.UnknownDictionaryVersionException;
import org.zdict.ZdictException;
import org.zdict.codec.ZdictCodec;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;

/**
 * The events in a topic's record values, oldest first. A value written by zdict (a zdict prefix, or a
 * bare zstd frame) is decoded with the registry, whatever its version; any other value is taken as it
 * is. A value that cannot be decoded (a version the registry does not hold, a damaged payload) is
 * reported, counted and skipped: topics may hold records written with another registry.
 */
final class TopicEvents implements Events {
    private final String topic;
    private final Iterator<TopicRecord> records;
    private final ZdictCodec codec;
    private final String registry;
    private final Consumer<MalformedEventException> skipped;
    private long skippedCount;
    private long inputBytes;

    /**
     * @param registry decodes the values written by zdict, or null when the command has none
     */
    TopicEvents(
            String topic,
            List<TopicRecord> records,
            DictionaryRegistry registry,
            Consumer<MalformedEventException> skipped) {
        this.topic = topic;
        this.records = records.iterator();
        this.registry = registry == null ? null : registry.describe();
        // Kafka's record batch CRC has checked the values: payloads written without a checksum (the
        // serializer's default) are accepted, as ZdictDeserializer accepts them.
        this.codec = ZdictCodec.builder(registry == null ? DictionaryRegistries.inMemory() : registry)
                .checksum(false)
                .build();
        this.skipped = skipped;
    }

    @Override
    public byte[] next() {
        while (records.hasNext()) {
            TopicRecord record = records.next();
            byte[] value = record.value();
            try {
                byte[] event = decode(value);
                inputBytes += event.length;
                return event;
            } catch (ZdictException e) {
                inputBytes += value.length;
                skippedCount++;
                skipped.accept(MalformedEventException.inRecord(
                        topic, record.partition(), record.offset(), problem(e), e, registry));
            }
        }
        return null;
    }

    private byte[] decode(byte[] value) {
        if (value.length > 0 && PayloadPrefix.isZdictMarker(value[0] & 0xFF)) {
            return codec.decompress(value);
        }
        if (PayloadPrefix.startsWithZstdMagic(value, 0, value.length)) {
            byte[] framed = new byte[value.length + 1];
            PayloadPrefix.plainFrame().writeTo(framed, 0);
            System.arraycopy(value, 0, framed, 1, value.length);
            return codec.decompress(framed);
        }
        return value;
    }

    private String problem(ZdictException e) {
        if (e instanceof UnknownDictionaryVersionException && registry == null) {
            return "written by zdict with dictionary version " + ((UnknownDictionaryVersionException) e).version()
                    + MalformedEventException.NO_REGISTRY;
        }
        return e.getMessage();
    }

    @Override
    public long skippedCount() {
        return skippedCount;
    }

    @Override
    public long inputBytes() {
        return inputBytes;
    }

    @Override
    public void close() {
        codec.close();
    }
}
