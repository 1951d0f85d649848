package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measurement of docs/BENCHMARKS.md, "Many dictionary versions in one consumer": one consumer thread
 * decodes records of 200 versions (20 subjects of 10, 112 KiB dictionaries) drawn round robin over all of
 * them, first with no bound, then with the bound a tenth of what they took unbounded. Each run is its own
 * JVM, so resident memory is the codec's alone. Resident memory must stay flat after warm-up, the bounded
 * run must add a fraction of the unbounded run's resident memory, and both decode rates are printed side
 * by side in a table (the one in docs/BENCHMARKS.md).
 * Opt-in (about a minute): {@code mvn -B -pl core test -Dtest=ManyVersionsCacheTest -Dzdict.cache.measure=true}
 * (versions: -Dzdict.cache.versions, passes over all versions: -Dzdict.cache.passes).
 */
@EnabledIfSystemProperty(named = "zdict.cache.measure", matches = "true")
class ManyVersionsCacheTest {
    @TempDir
    Path temp;

    private static final int VERSIONS = Integer.getInteger("zdict.cache.versions", 200);
    private static final int PASSES = Integer.getInteger("zdict.cache.passes", 200);
    /** Allocator and JIT noise after warm-up; the unbounded dictionaries alone are about 25 MiB. */
    private static final long MAX_GROWTH_KIB = 8 * 1024;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void aTenthOfTheMemoryKeepsResidentMemoryFlatAtAReportedDecodeCost() throws Exception {
        assumeTrue(ResidentMemory.available(), "needs /proc/self/status");
        ManyVersionsDecode.prepare(VERSIONS, temp.resolve("registry"), temp.resolve("payloads"));
        StringBuilder table = new StringBuilder(
                "| JIT | cache bound | digested bytes held | RSS added by the codec | RSS after warm-up -> end |"
                        + " records / CPU s | dictionaries digested |\n|---|---|---|---|---|---|---|\n");
        long[] footprints = new long[2];
        for (boolean c1 : new boolean[] {true, false}) {
            ChildJvm unbounded = run(0, c1);
            long unboundedBytes = Long.parseLong(unbounded.last("cache-bytes-end"));
            ChildJvm bounded = run(unboundedBytes / 10, c1);
            long unboundedRate = Long.parseLong(unbounded.last("records-per-cpu-second"));
            for (ChildJvm child : List.of(unbounded, bounded)) {
                System.out.println("many versions: " + String.join(", ", child.lines()));
                long rate = Long.parseLong(child.last("records-per-cpu-second"));
                long limit = Long.parseLong(child.last("cache-limit"));
                table.append(String.format(
                        "| %s | %s | %.1f MiB | %.1f MiB | %+.1f MiB | %,d (%.2f×) | %s |%n",
                        c1 ? "C1 only" : "default",
                        limit == Long.MAX_VALUE ? "none" : String.format("%.2f MiB", limit / 1048576.0),
                        Long.parseLong(child.last("cache-bytes-end")) / 1048576.0,
                        footprintKib(child) / 1024.0,
                        growthKib(child) / 1024.0,
                        rate,
                        (double) rate / unboundedRate,
                        child.last("cache-loads")));
            }
            assertEquals(0, Long.parseLong(unbounded.last("cache-evictions")));
            assertEquals(VERSIONS, Long.parseLong(unbounded.last("cache-entries")));
            assertTrue(Long.parseLong(bounded.last("cache-evictions")) > (long) VERSIONS * PASSES / 2);
            assertTrue(Long.parseLong(bounded.last("cache-bytes-end")) <= unboundedBytes / 10);
            if (c1) {
                for (ChildJvm child : List.of(unbounded, bounded)) {
                    assertTrue(
                            growthKib(child) < MAX_GROWTH_KIB,
                            "resident memory grew by " + growthKib(child) + " KiB after warm-up");
                }
                footprints[0] = footprintKib(unbounded);
                footprints[1] = footprintKib(bounded);
            }
        }
        System.out.println(table);
        assertTrue(
                footprints[1] < footprints[0] / 3,
                "bounded, decoding added " + footprints[1] + " KiB of resident memory; unbounded " + footprints[0]
                        + " KiB");
    }

    /** What decoding added to resident memory by the end of warm-up. */
    private static long footprintKib(ChildJvm run) {
        return kib(run, "rss-warm-kib") - kib(run, "rss-before-kib");
    }

    private static long growthKib(ChildJvm run) {
        return kib(run, "rss-end-kib") - kib(run, "rss-warm-kib");
    }

    /**
     * With {@code c1}, the JIT stops at C1: C2's compiler arenas come and go by several MiB of resident
     * memory at moments of their own, which would hide what the cache holds; without, the rates are the
     * ones a production JVM gets.
     */
    private ChildJvm run(long bound, boolean c1) throws Exception {
        List<String> options =
                new ArrayList<>(List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC"));
        if (c1) {
            options.add("-XX:TieredStopAtLevel=1");
        }
        ChildJvm child = ChildJvm.start(
                ManyVersionsDecode.class,
                options,
                List.of(
                        temp.resolve("registry").toString(),
                        temp.resolve("payloads").toString(),
                        Long.toString(bound),
                        Integer.toString(PASSES)));
        assertEquals(0, child.waitFor(6, TimeUnit.MINUTES), String.join("\n", child.lines()));
        return child;
    }

    private static long kib(ChildJvm run, String key) {
        return Long.parseLong(run.last(key));
    }
}
