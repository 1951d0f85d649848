package org.zdict.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.zdict.kafka.internal.RecordRefusal;

class RefusedRecordsTest {

    /** What {@code action} logs at WARN and above (the tests' slf4j-simple level), which goes to stderr. */
    private static String warnings(Runnable action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(saved);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void logsTheFirstRecordOfEachReasonAtWarnAndCountsEveryOne() {
        RefusedRecords refused = new RefusedRecords("registry kafka://b:9092/reg");
        String log = warnings(() -> {
            refused.refused(RecordRefusal.UNKNOWN_KEY, 3, "config", "5 bytes");
            refused.refused(RecordRefusal.UNKNOWN_KEY, 4, "other", "5 bytes");
            refused.refused(RecordRefusal.TOO_LARGE, 5, "dict/1/a", "9000000 bytes");
        });
        assertEquals(2, log.lines().filter(l -> l.contains("WARN")).count(), log);
        assertTrue(log.contains("offset 3 of registry kafka://b:9092/reg with key 'config'"), log);
        assertTrue(log.contains(RecordRefusal.UNKNOWN_KEY.rule()), log);
        assertTrue(log.contains("reason=unknown-key"), log);
        assertTrue(log.contains("offset 5"), log);
        assertFalse(log.contains("offset 4"), "later ones of a reason are logged at debug level: " + log);
        assertEquals(2, refused.count(RecordRefusal.UNKNOWN_KEY));
        assertEquals(1, refused.count(RecordRefusal.TOO_LARGE));
        assertEquals(0, refused.count(RecordRefusal.EARLY_REMOVAL));
    }

    @Test
    void aKeyIsLoggedOnOneLineAndCutShort() {
        RefusedRecords refused = new RefusedRecords("registry kafka://b:9092/reg");
        String log = warnings(() ->
                refused.refused(RecordRefusal.UNKNOWN_KEY, 3, "x\nWARN forged line" + "y".repeat(10_000), "5 bytes"));
        assertEquals(1, log.lines().count(), log);
        assertTrue(log.contains("'x?WARN forged line"), log);
        assertTrue(log.contains("(10018 characters)"), log);
        assertTrue(log.length() < 1_000, log);
    }

    @Test
    void publishesOneMetricPerReasonUntilClosed() {
        RefusedRecords refused = new RefusedRecords("registry kafka://b:9092/reg");
        refused.publish("refused-records-test");
        refused.refused(RecordRefusal.HASH_MISMATCH, 3, "dict/1/a", "other bytes");
        Map<String, String> tags = Map.of(ZdictMetrics.TOPIC_TAG, "refused-records-test");
        for (RecordRefusal reason : RecordRefusal.values()) {
            Map<String, String> reasonTags =
                    Map.of(ZdictMetrics.TOPIC_TAG, "refused-records-test", ZdictMetrics.REASON_TAG, reason.tag());
            assertEquals(
                    reason == RecordRefusal.HASH_MISMATCH ? 1.0 : 0.0,
                    ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.REFUSED_RECORDS, reasonTags),
                    reason.tag());
        }
        refused.close();
        assertEquals(null, ZdictMetrics.value(ZdictMetrics.fallback(), ZdictMetrics.REFUSED_RECORDS, tags));
        refused.close();
    }
}
