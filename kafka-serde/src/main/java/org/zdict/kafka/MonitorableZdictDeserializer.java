package org.zdict.kafka;

import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * A {@link ZdictDeserializer} whose metrics a kafka-clients 4.1+ consumer keeps in its own registry: they
 * appear in {@code consumer.metrics()}, in Micrometer's {@code KafkaClientMetrics} and in JMX as {@code
 * kafka.consumer:type=plugins,client-id=…,config=…,class=MonitorableZdictDeserializer,version=…}, and go
 * when the consumer closes. It is Kafka's {@link Monitorable} (KIP-877), so it loads on kafka-clients 4.1
 * or newer only: on older clients use {@link ZdictDeserializer}, whose metrics go to JMX ({@link
 * ZdictMetrics}). Used anywhere that hands it no plugin metrics (Kafka Streams, a deserializer called
 * directly), it publishes through JMX as {@code ZdictDeserializer} does.
 *
 * @param <T> the type the inner deserializer returns
 */
public class MonitorableZdictDeserializer<T> extends ZdictDeserializer<T> implements Monitorable {
    /** For Kafka: the inner deserializer comes from {@code zdict.inner.deserializer}. */
    public MonitorableZdictDeserializer() {}

    /**
     * Wraps {@code inner} ({@code zdict.inner.deserializer} is then ignored); it is configured and closed
     * with this one.
     *
     * @param inner turns decompressed bytes into values
     */
    public MonitorableZdictDeserializer(Deserializer<T> inner) {
        super(inner);
    }

    /** From the consumer: the deserializer's metrics go to the consumer's registry from now on. */
    @Override
    public void withPluginMetrics(PluginMetrics metrics) {
        lifecycle.publishMetricsTo(() -> new PluginMetricsTarget(metrics));
    }
}
