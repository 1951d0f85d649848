package org.zdict.kafka.admin;

import java.util.Map;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-kafka-registry-admin's API is the one in kafka-registry-admin/api/zdict-kafka-registry-admin.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    ApiSignaturesTest() {
        super(
                "zdict-kafka-registry-admin",
                KafkaRegistryWriterProvider.class,
                Map.of("org.zdict.kafka.admin", "public only for the zdict command"));
    }
}
