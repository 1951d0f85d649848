package org.zdict.kafka;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.zdict.testing.SampleEvents;
import org.zdict.testing.TestTrainer;

/** Small dictionaries trained on synthetic events, one per seed, trained once per JVM. */
final class TestDictionaries {
    private static final Map<Long, byte[]> TRAINED = new ConcurrentHashMap<>();

    private TestDictionaries() {}

    static byte[] trained(long seed) {
        return TRAINED.computeIfAbsent(seed, s -> {
            List<byte[]> samples = SampleEvents.synthetic(1500, s);
            return TestTrainer.train(samples, 4096, 3);
        });
    }
}
