package org.zdict.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TopLevelJsonTest {
    private static final byte[] TYPE = "type".getBytes(StandardCharsets.UTF_8);

    private static String field(String event) {
        byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
        long range = TopLevelJson.fieldValue(bytes, 0, bytes.length, TYPE);
        return range == TopLevelJson.NONE
                ? null
                : new String(bytes, (int) (range >>> 32), (int) range, StandardCharsets.UTF_8);
    }

    private static long shape(String event) {
        byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
        return TopLevelJson.shape(bytes, 0, bytes.length);
    }

    @Test
    void readsTheFirstTopLevelMemberOfTheNameAndSkipsNestedOnes() {
        assertEquals(
                "login", field("{\"a\":{\"type\":\"nested\",\"x\":[\"}\\\"\",{}]},\"type\":\"login\",\"type\":\"b\"}"));
        assertEquals("a\\\"b", field(" {\n\t\"type\" : \"a\\\"b\" }"));
        assertEquals("42", field("{\"type\":42}"));
        assertEquals("false", field("{\"type\":false,\"x\":1}"));
    }

    @Test
    void givesNoKindForNullsObjectsArraysAndEventsCutShortBeforeTheMember() {
        assertEquals(null, field("{\"type\":null}"));
        assertEquals(null, field("{\"type\":{\"a\":1}}"));
        assertEquals(null, field("{\"type\":[1]}"));
        assertEquals(null, field("{\"x\":\"abc"));
        assertEquals(null, field("[{\"type\":\"a\"}]"));
        assertEquals(null, field(""));
        assertEquals(null, field("{\"\\u0074ype\":\"a\"}"));
        assertEquals("a", field("{\"type\":\"a\",\"x\":"));
    }

    @Test
    void aShapeIsTheSetOfKeysInAnyOrderAndNeedsTheWholeObject() {
        assertEquals(shape("{\"a\":1,\"b\":[2]}"), shape("{ \"b\" : [3] , \"a\" : \"x\" }"));
        assertNotEquals(shape("{\"a\":1,\"b\":2}"), shape("{\"a\":1,\"c\":2}"));
        assertEquals(TopLevelJson.fmix64(0), shape(" {} "));
        assertEquals(TopLevelJson.NONE, shape("{\"a\":1,\"b\":2"));
        assertEquals(TopLevelJson.NONE, shape("{\"a\" 1}"));
    }

    @Test
    void neverFailsOnArbitraryBytes() {
        Random random = new Random(42);
        byte[] alphabet = "{}[]\":,\\ atype0".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 100_000; i++) {
            byte[] event = new byte[random.nextInt(i % 10 == 0 ? 400 : 40)];
            for (int j = 0; j < event.length; j++) {
                event[j] =
                        random.nextInt(4) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            long range = TopLevelJson.fieldValue(event, 0, event.length, TYPE);
            if (range != TopLevelJson.NONE) {
                int start = (int) (range >>> 32);
                int length = (int) range;
                assertEquals(true, start >= 0 && length >= 0 && start + length <= event.length, "range in bounds");
            }
            TopLevelJson.shape(event, 0, event.length);
        }
    }
}
