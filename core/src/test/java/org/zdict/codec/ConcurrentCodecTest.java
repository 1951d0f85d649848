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
import org.zdict.format.PayloadPrefix;
import org.zdict.registry.InMemoryDictionaryRegistry;
import org.zdict.testing.SampleEvents;
import org.zdict.train.DictionaryTrainer;

class ConcurrentCodecTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 3000;

    @Test
    void eightThreadsRoundTripWhileAVersionIsActivatedMidRun() throws Exception {
        List<byte[]> events = SampleEvents.synthetic(3000, 3);
        InMemoryDictionaryRegistry registry = new InMemoryDictionaryRegistry();
        registry.activate(registry.publish(DictionaryTrainer.train(events.subList(0, 1500), 8192, 3), 3, Map.of())
                .version());
        int second = registry.publish(DictionaryTrainer.train(events.subList(1500, 3000), 8192, 1), 1, Map.of())
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
}
