package org.zdict.spark;

import java.util.Map;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-spark's API is the one in spark/api/zdict-spark.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    private static final String FOR_GENERATED_CODE =
            "public only so that Spark's generated code can call its invoke methods";

    ApiSignaturesTest() {
        super(
                "zdict-spark",
                ZdictFunctions.class,
                Map.of(
                        ZdictDecode.class.getName(), FOR_GENERATED_CODE,
                        ZdictEncode.class.getName(), FOR_GENERATED_CODE));
    }
}
