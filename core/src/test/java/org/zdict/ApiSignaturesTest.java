package org.zdict;

import java.util.Map;
import org.zdict.codec.ZdictCodec;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-core's API is the one in core/api/zdict-core.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    ApiSignaturesTest() {
        super("zdict-core", ZdictCodec.class, Map.of());
    }
}
