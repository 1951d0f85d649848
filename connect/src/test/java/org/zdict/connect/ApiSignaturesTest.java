package org.zdict.connect;

import java.util.Map;
import org.zdict.testing.api.ApiSignaturesCheck;

/** zdict-connect's API is the one in connect/api/zdict-connect.api (docs/COMPATIBILITY.md, "The public Java API"). */
class ApiSignaturesTest extends ApiSignaturesCheck {
    ApiSignaturesTest() {
        super("zdict-connect", ZdictConverter.class, Map.of());
    }
}
