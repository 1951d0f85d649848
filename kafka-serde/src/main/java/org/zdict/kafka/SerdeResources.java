package org.zdict.kafka;

import org.zdict.codec.ZdictCodec;
import org.zdict.codec.ZdictCodecBuilder;

/**
 * What one {@code configure} of a zdict serializer or deserializer holds: its settings, a lease on the
 * shared registry and a codec over that registry, with the serde's metrics. Swapped as one reference, so
 * a record never sees the settings of one configuration with the codec of another; closed together.
 */
final class SerdeResources implements AutoCloseable {
    final ZdictSerdeConfig config;
    final ZdictCodec codec;
    /** The serde's metrics, which outlive any one configuration: not closed here. */
    final SerdeMetrics metrics;

    private final SharedRegistries.Lease lease;

    private SerdeResources(
            ZdictSerdeConfig config, SharedRegistries.Lease lease, ZdictCodec codec, SerdeMetrics metrics) {
        this.config = config;
        this.lease = lease;
        this.codec = codec;
        this.metrics = metrics;
    }

    /** Acquires the registry {@code config} names and builds a codec over it. */
    static SerdeResources open(ZdictSerdeConfig config, SerdeMetrics metrics) {
        SharedRegistries.Lease lease = SharedRegistries.acquire(config);
        try {
            // Kafka's record batch CRC covers record values, so they carry no zstd checksum (4 bytes saved).
            ZdictCodecBuilder builder = ZdictCodec.builder(lease.registry())
                    .checksum(false)
                    .maxDecompressedSize(config.maxDecompressedBytes())
                    .dictionaryCacheBytes(config.dictionaryCacheBytes());
            config.level().ifPresent(builder::level);
            ZdictCodec codec = builder.build();
            metrics.watchCache(codec);
            return new SerdeResources(config, lease, codec, metrics);
        } catch (RuntimeException e) {
            lease.close();
            throw e;
        }
    }

    @Override
    public void close() {
        codec.close();
        lease.close();
    }
}
