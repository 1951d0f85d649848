package org.zdict.kafka;

import java.util.Map;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-kafka-serde's API is the one in kafka-serde/api/zdict-kafka-serde.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    ApiSignaturesTest() {
        super("zdict-kafka-serde", ZdictSerializer.class, Map.of());
    }
}
