package org.zdict.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.zdict.codec.ZdictCodec;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** Codecs hold native memory: closing frees it, and a closed codec says so clearly. */
class CodecLifecycleTest {
    /** Cycles in the default run; the soak run (-Dzdict.soak=true) does a million. */
    private static final long CYCLES = Boolean.getBoolean("zdict.soak") ? 1_000_000 : 100_000;
    /** Generous against allocator noise; a leaked context per cycle would cost gigabytes. */
    private static final long MAX_GROWTH_KIB = 32 * 1024;

    private final List<byte[]> events = SampleEvents.synthetic(200, 11);

    @Test
    void everyOperationAfterCloseFailsWithIllegalStateException() {
        DictionaryRegistry registry = registryWithActiveVersion();
        ZdictCodec codec = ZdictCodec.of(registry);
        byte[] event = events.get(0);
        byte[] payload = codec.compress(event);
        byte[] dst = new byte[ZdictCodec.maxCompressedLength(event.length)];
        codec.close();
        codec.close();
        List<Executable> operations = List.of(
                () -> codec.compress(event),
                () -> codec.compress(1, event),
                () -> codec.compress(event, 0, event.length, dst, 0),
                () -> codec.compress(1, event, 0, event.length, dst, 0),
                () -> codec.compressWithoutDictionary(event, 0, event.length, dst, 0),
                () -> codec.store(event, 0, event.length, dst, 0),
                () -> codec.decompress(payload),
                () -> codec.decompress(payload, 0, payload.length, dst, 0));
        for (Executable operation : operations) {
            IllegalStateException e = assertThrows(IllegalStateException.class, operation);
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        }
    }

    @Test
    void closingWhileOtherThreadsCompressNeitherCrashesNorCorrupts() throws Exception {
        DictionaryRegistry registry = registryWithActiveVersion();
        int threads = 8;
        for (int round = 0; round < 20; round++) {
            ZdictCodec codec = ZdictCodec.of(registry);
            AtomicLong checked = new AtomicLong();
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch started = new CountDownLatch(threads);
            Set<String> refusals = ConcurrentHashMap.newKeySet();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    started.countDown();
                    for (int i = 0; !stop.get(); i++) {
                        byte[] event = events.get((thread * 31 + i) % events.size());
                        try {
                            assertArrayEquals(event, codec.decompress(codec.compress(event)));
                            checked.incrementAndGet();
                        } catch (IllegalStateException e) {
                            refusals.add(e.getMessage());
                            return;
                        }
                    }
                }));
            }
            started.await();
            while (checked.get() < 200 && futures.stream().noneMatch(Future::isDone)) {
                Thread.onSpinWait();
            }
            codec.close();
            stop.set(true);
            for (Future<?> future : futures) {
                future.get(1, TimeUnit.MINUTES);
            }
            pool.shutdown();
            for (String refusal : refusals) {
                assertTrue(refusal.contains("closed"), "unclear refusal after close: " + refusal);
            }
        }
    }

    @Test
    void creatingAndClosingCodecsLeaksNoNativeMemory() throws Exception {
        assumeTrue(ResidentMemory.available(), "needs /proc/self/status");
        ChildJvm child = ChildJvm.start(
                CodecChurn.class,
                List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "-XX:+UseSerialGC"),
                List.of(Long.toString(CYCLES), "5000"));
        assertEquals(0, child.waitFor(30, TimeUnit.MINUTES), String.join("\n", child.lines()));
        long before = Long.parseLong(child.last("rss-before-kib"));
        long after = Long.parseLong(child.last("rss-after-kib"));
        System.out.printf("codec churn: %d create/use/close cycles, VmRSS %d KiB -> %d KiB%n", CYCLES, before, after);
        assertTrue(
                after - before < MAX_GROWTH_KIB,
                "resident memory grew by " + (after - before) + " KiB over " + CYCLES + " codec lifetimes");
    }

    private DictionaryRegistry registryWithActiveVersion() {
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(events, 4096, 3), 3, Map.of())
                .version());
        return registry;
    }
}
