package org.zdict.kafka;

import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A {@link ZdictSerializer} whose metrics a kafka-clients 4.1+ producer keeps in its own registry: they
 * appear in {@code producer.metrics()}, in Micrometer's {@code KafkaClientMetrics} and in JMX as {@code
 * kafka.producer:type=plugins,client-id=…,config=…,class=MonitorableZdictSerializer,version=…}, and go
 * when the producer closes. It is Kafka's {@link Monitorable} (KIP-877), so it loads on kafka-clients 4.1 or
 * newer only: on older clients use {@link ZdictSerializer}, whose metrics go to JMX ({@link ZdictMetrics}).
 * Used anywhere that hands it no plugin metrics (Kafka Streams, a serializer called directly), it
 * publishes through JMX as {@code ZdictSerializer} does.
 *
 * @param <T> the type the inner serializer takes
 */
public class MonitorableZdictSerializer<T> extends ZdictSerializer<T> implements Monitorable {
    /** For Kafka: the inner serializer comes from {@code zdict.inner.serializer}. */
    public MonitorableZdictSerializer() {}

    /**
     * Wraps {@code inner} ({@code zdict.inner.serializer} is then ignored); it is configured and closed with
     * this one.
     *
     * @param inner turns values into bytes before compression
     */
    public MonitorableZdictSerializer(Serializer<T> inner) {
        super(inner);
    }

    /** From the producer: the serializer's metrics go to the producer's registry from now on. */
    @Override
    public void withPluginMetrics(PluginMetrics metrics) {
        lifecycle.publishMetricsTo(() -> new PluginMetricsTarget(metrics));
    }
}
