package org.zdict.engine.input;

import java.util.List;
import org.zdict.kafka.internal.KafkaLocation;
import org.zdict.registry.DictionaryRegistry;

/**
 * A Kafka topic as an event source. The only way into the classes that need kafka-clients and
 * zdict-kafka-serde (optional dependencies of zdict-train): they load when a topic is read, never
 * otherwise.
 */
public final class TopicInput {
    private TopicInput() {}

    /**
     * The newest records of a topic. Values written by zdict are decoded with {@code registry} (or
     * skipped, when it is null); other values are taken as they are.
     */
    public static EventInput of(KafkaLocation topic, TopicSampling sampling, DictionaryRegistry registry) {
        String name = topic.withoutSettings();
        return new EventInput(name, null, null, (progress, skipped) -> {
            List<TopicRecord> newest = new TopicReader(topic, sampling).read(progress);
            return new TopicEvents(name, newest, registry, skipped);
        });
    }
}
