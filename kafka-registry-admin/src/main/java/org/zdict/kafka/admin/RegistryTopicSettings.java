package org.zdict.kafka.admin;

import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.record.TimestampType;

/**
 * The topic configuration that makes a registry topic durable (docs/REGISTRY.md): append-only (deleted by
 * nothing, compacted by nothing, so no later record can erase a dictionary record) and stamped by the broker
 * (so every grace runs on the broker's clock, not on a writer's). Publishers create the topic with it;
 * {@code zdict registry migrate} sets it on a topic an earlier release created compacted; {@code zdict
 * registry check} reports any difference.
 */
public final class RegistryTopicSettings {
    /** The value of {@code message.timestamp.type} that makes the broker stamp each record as it appends it. */
    public static final String LOG_APPEND_TIME = TimestampType.LOG_APPEND_TIME.name;

    /** Every setting a registry topic is created with, and the value it must have. */
    public static final Map<String, String> DURABLE = Map.of(
            TopicConfig.CLEANUP_POLICY_CONFIG,
            TopicConfig.CLEANUP_POLICY_DELETE,
            TopicConfig.RETENTION_MS_CONFIG,
            "-1",
            TopicConfig.RETENTION_BYTES_CONFIG,
            "-1",
            TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG,
            LOG_APPEND_TIME);

    private RegistryTopicSettings() {}
}
