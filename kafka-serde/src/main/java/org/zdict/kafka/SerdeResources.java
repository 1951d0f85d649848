package org.zdict.kafka;

import org.zdict.codec.ZdictCodec;

/**
 * What one {@code configure} of a zdict serializer or deserializer holds: its settings, a lease on the
 * shared registry and the codec shared over it ({@link SharedCodecs}), with the serde's metrics. Swapped as
 * one reference, so a record never sees the settings of one configuration with the codec of another;
 * closed together.
 */
final class SerdeResources implements AutoCloseable {
    final ZdictSerdeConfig config;
    final ZdictCodec codec;
    /** The serde's metrics, which outlive any one configuration: not closed here. */
    final SerdeMetrics metrics;

    private final SharedCodecs.Lease lease;

    private SerdeResources(ZdictSerdeConfig config, SharedCodecs.Lease lease, SerdeMetrics metrics) {
        this.config = config;
        this.lease = lease;
        this.codec = lease.codec();
        this.metrics = metrics;
    }

    /** Acquires the registry {@code config} names and the codec over it that serdes with its settings share. */
    static SerdeResources open(ZdictSerdeConfig config, SerdeMetrics metrics) {
        SharedCodecs.Lease lease = SharedCodecs.acquire(config);
        metrics.watchCache(lease.codec());
        return new SerdeResources(config, lease, metrics);
    }

    /** Lets go of the codec and the registry; the last serde that holds them closes them. */
    @Override
    public void close() {
        lease.close();
    }
}
