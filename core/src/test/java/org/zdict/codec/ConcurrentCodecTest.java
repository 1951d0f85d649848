package org.zdict.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.DictionaryRegistries;
import org.zdict.registry.DictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

class ConcurrentCodecTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 3000;

    @Test
    void eightThreadsRoundTripWhileAVersionIsActivatedMidRun() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(3000, 3);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(events.subList(0, 1500), 8192, 3), 3, Map.of())
                .version());
        int second = registry.publish(TestTrainer.train(events.subList(1500, 3000), 8192, 1), 1, Map.of())
                .version();
        Set<Integer> versionsSeen = ConcurrentHashMap.newKeySet();
        AtomicInteger done = new AtomicInteger();
        CountDownLatch halfway = new CountDownLatch(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try (ZdictCodec codec = ZdictCodec.of(registry)) {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    byte[] scratch = new byte[ZdictCodec.maxCompressedLength(8192)];
                    byte[] out = new byte[8192];
                    for (int i = 0; i < ROUNDS; i++) {
                        if (i == ROUNDS / 2) {
                            halfway.countDown();
                        }
                        byte[] event = events.get((thread * 7919 + i) % events.size());
                        byte[] payload = codec.compress(event);
                        versionsSeen.add(
                                PayloadPrefix.read(payload, 0, payload.length).version());
                        assertArrayEquals(event, codec.decompress(payload));
                        int written = codec.compress(event, 0, event.length, scratch, 0);
                        int decoded = codec.decompress(scratch, 0, written, out, 0);
                        assertEquals(event.length, decoded);
                        assertArrayEquals(event, java.util.Arrays.copyOf(out, decoded));
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            halfway.await();
            registry.activate(second);
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(THREADS * ROUNDS, done.get());
        assertTrue(versionsSeen.containsAll(Set.of(1, second)), "versions seen: " + versionsSeen);
    }

    /**
     * close() while threads are in calls: no call sees freed native memory (each either round-trips or
     * fails with "closed"), and once they have all returned every digested dictionary is freed.
     */
    @Test
    @Timeout(60)
    void closeWhileThreadsAreInCallsFreesEverythingOnceTheyReturn() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(2000, 5);
        DictionaryRegistry registry = DictionaryRegistries.inMemory();
        registry.activate(registry.publish(TestTrainer.train(events.subList(0, 1500), 8192, 3), 3, Map.of())
                .version());
        ZdictCodec codec = ZdictCodec.of(registry);
        List<byte[]> payloads = new ArrayList<>();
        for (byte[] event : events) {
            payloads.add(codec.compress(event));
        }
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch running = new CountDownLatch(THREADS);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; ; i++) {
                        if (i == 200) {
                            running.countDown();
                        }
                        int n = (thread * 7919 + i) % events.size();
                        try {
                            assertArrayEquals(events.get(n), codec.decompress(payloads.get(n)));
                            assertArrayEquals(events.get(n), codec.decompress(codec.compress(events.get(n))));
                            calls.incrementAndGet();
                        } catch (IllegalStateException e) {
                            assertTrue(e.getMessage().contains("closed"), e.getMessage());
                            refused.incrementAndGet();
                            if (i < 200) {
                                running.countDown();
                            }
                            return null;
                        }
                    }
                }));
            }
            running.await();
            codec.close();
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(THREADS, refused.get(), "every thread ends on a refused call");
        assertTrue(calls.get() >= THREADS * 200, "calls: " + calls.get());
        assertEquals(0, codec.cacheStats().bytes(), "every digested dictionary freed");
        assertEquals(0, codec.cacheStats().entries());
    }
}
