package org.zdict.engine;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-train's API is the one in train/api/zdict-train.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    ApiSignaturesTest() {
        super("zdict-train", TrainingEngine.class, Map.of());
    }

    /** The run without kafka-clients cannot load the signatures that name Kafka types; the default run checks. */
    @BeforeEach
    void notInTheRunWithoutKafka() {
        assumeFalse(Boolean.getBoolean("zdict.test.withoutKafka"), "checked in the run with kafka-clients");
    }
}
