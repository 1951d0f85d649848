package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long run CI skips: millions of records from 8 threads through one codec while versions are
 * activated and retired, every result checked, resident memory flat after warm-up. Run with
 * {@code mvn -B -pl core test -Dtest=CodecSoakTest -Dzdict.soak=true} (records: -Dzdict.soak.records).
 */
@EnabledIfSystemProperty(named = "zdict.soak", matches = "true")
class CodecSoakTest {
    private static final long RECORDS = Long.getLong("zdict.soak.records", 20_000_000);
    private static final long MAX_GROWTH_KIB = 32 * 1024;

    @Test
    void eightThreadsRoundTripMillionsOfRecordsWhileVersionsRollWithFlatMemory() throws Exception {
        assumeTrue(ResidentMemory.available(), "needs /proc/self/status");
        ChildJvm child = ChildJvm.start(
                CodecSoak.class,
                List.of("-Xms512m", "-Xmx512m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC"),
                List.of(Long.toString(RECORDS), "8"));
        assertEquals(0, child.waitFor(2, TimeUnit.HOURS), String.join("\n", child.lines()));
        long before = Long.parseLong(child.last("rss-before-kib"));
        long after = Long.parseLong(child.last("rss-after-kib"));
        System.out.println("codec soak: " + String.join(", ", child.lines()));
        assertEquals(RECORDS / 8 * 8, Long.parseLong(child.last("records-checked")));
        assertTrue(Long.parseLong(child.last("retired")) > 0, "no version was retired during the run");
        assertTrue(
                after - before < MAX_GROWTH_KIB,
                "resident memory grew from " + before + " KiB to " + after + " KiB after warm-up");
    }
}
