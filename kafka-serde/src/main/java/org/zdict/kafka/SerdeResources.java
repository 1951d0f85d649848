package org.zdict.kafka;

import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.zdict.codec.ZdictCodec;

/**
 * What one {@code configure} of a zdict serializer or deserializer holds: its settings, a lease on the
 * shared registry, a codec over that registry and its metrics. Swapped as one reference, so a record
 * never sees the settings of one configuration with the codec of another; closed together.
 */
final class SerdeResources implements AutoCloseable {
    final ZdictSerdeConfig config;
    final ZdictCodec codec;
    final ZdictMetrics metrics;
    private final SharedRegistries.Lease lease;

    private SerdeResources(
            ZdictSerdeConfig config, SharedRegistries.Lease lease, ZdictCodec codec, ZdictMetrics metrics) {
        this.config = config;
        this.lease = lease;
        this.codec = codec;
        this.metrics = metrics;
    }

    /** Acquires the registry {@code config} names and builds a codec over it; {@code role} names the metrics. */
    static SerdeResources open(ZdictSerdeConfig config, Map<String, ?> configs, String role) {
        SharedRegistries.Lease lease = SharedRegistries.acquire(config);
        try {
            // Kafka's record batch CRC covers record values, so they carry no zstd checksum (4 bytes saved).
            ZdictCodec.Builder builder = ZdictCodec.builder(lease.registry())
                    .checksum(false)
                    .maxDecompressedSize(config.maxDecompressedBytes());
            config.level().ifPresent(builder::level);
            ZdictMetrics metrics = new ZdictMetrics(role, (String) configs.get(CommonClientConfigs.CLIENT_ID_CONFIG));
            return new SerdeResources(config, lease, builder.build(), metrics);
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
